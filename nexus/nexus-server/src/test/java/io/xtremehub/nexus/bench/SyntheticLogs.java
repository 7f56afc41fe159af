package io.xtremehub.nexus.bench;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * A deterministic, HDFS-DataNode-style log payload (the kind of data the reference compressed in
 * section 8.7.3): a few line templates with random block ids, addresses, sizes and timestamps.
 * Synthetic, so its compression ratio is indicative only.
 */
final class SyntheticLogs {
    private SyntheticLogs() {
    }

    static byte[] generate(int size, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(size + 256);
        long time = 81109203615L;
        while (sb.length() < size) {
            time += r.nextInt(3);
            long block = r.nextLong() & Long.MAX_VALUE;
            String ip = "10.250." + r.nextInt(20) + "." + r.nextInt(256);
            sb.append(time / 1000000).append(' ').append(String.format("%06d", time % 1000000)).append(' ')
                    .append(100 + r.nextInt(4000)).append(' ');
            switch (r.nextInt(5)) {
                case 0 -> sb.append("INFO dfs.DataNode$PacketResponder: PacketResponder ").append(r.nextInt(3))
                        .append(" for block blk_").append(block).append(" terminating");
                case 1 -> sb.append("INFO dfs.DataNode$PacketResponder: Received block blk_").append(block)
                        .append(" of size ").append(r.nextInt(67108864)).append(" from /").append(ip);
                case 2 -> sb.append("INFO dfs.FSNamesystem: BLOCK* NameSystem.addStoredBlock: blockMap updated: ")
                        .append(ip).append(":50010 is added to blk_").append(block).append(" size ")
                        .append(r.nextInt(67108864));
                case 3 -> sb.append("INFO dfs.DataNode$DataXceiver: Receiving block blk_").append(block)
                        .append(" src: /").append(ip).append(':').append(30000 + r.nextInt(30000)).append(" dest: /")
                        .append(ip).append(":50010");
                default -> sb.append("INFO dfs.FSNamesystem: BLOCK* NameSystem.allocateBlock: /user/root/rand/_temporary/")
                        .append("_task_200811092030_0001_m_").append(String.format("%06d", r.nextInt(2000)))
                        .append("_0/part-").append(String.format("%05d", r.nextInt(2000))).append(". blk_")
                        .append(block);
            }
            sb.append('\n');
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.US_ASCII);
        return java.util.Arrays.copyOf(bytes, size);
    }
}
