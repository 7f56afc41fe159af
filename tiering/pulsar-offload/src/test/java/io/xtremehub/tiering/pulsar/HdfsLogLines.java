package io.xtremehub.tiering.pulsar;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Log-like records in the style of an HDFS DataNode / NameNode log (the kind of data operators
 * tier): a timestamp, a thread id, a level, a component and a message with block ids, addresses
 * and sizes. Deterministic for a seed, so a benchmark can replay the same records to every target.
 */
final class HdfsLogLines {
    private static final String[] COMPONENTS = {
        "dfs.DataNode$PacketResponder", "dfs.DataNode$DataXceiver", "dfs.FSNamesystem", "dfs.DataNode",
        "dfs.DataBlockScanner", "dfs.FSDataset"};

    private final Random random;
    private long seconds = 203_615;

    HdfsLogLines(long seed) {
        this.random = new Random(seed);
    }

    /** The next line, without a line terminator. */
    String next() {
        seconds += random.nextInt(3);
        String block = "blk_" + (random.nextBoolean() ? "-" : "") + Math.abs(random.nextLong() % 10_000_000_000_000_000L);
        String source = address();
        String destination = address();
        String message = switch (random.nextInt(6)) {
            case 0 -> "Receiving block " + block + " src: /" + source + " dest: /" + destination;
            case 1 -> "PacketResponder " + random.nextInt(3) + " for block " + block + " terminating";
            case 2 -> "Received block " + block + " of size " + (67_108_864 - random.nextInt(1 << 20)) + " from /"
                    + source;
            case 3 -> "BLOCK* NameSystem.addStoredBlock: blockMap updated: " + destination + " is added to "
                    + block + " size " + (67_108_864 - random.nextInt(1 << 20));
            case 4 -> "BLOCK* NameSystem.allocateBlock: /user/root/rand/_temporary/_task_200811092030_0001_m_"
                    + String.format("%06d", random.nextInt(2000)) + "_0/part-" + String.format("%05d", random.nextInt(2000))
                    + ". " + block;
            default -> "Verification succeeded for " + block;
        };
        String level = random.nextInt(50) == 0 ? "WARN" : "INFO";
        return String.format("081109 %06d %d %s %s: %s", seconds % 240_000, 1 + random.nextInt(3000), level,
                COMPONENTS[random.nextInt(COMPONENTS.length)], message);
    }

    /** The next line as UTF-8 bytes. */
    byte[] nextBytes() {
        return next().getBytes(StandardCharsets.UTF_8);
    }

    private String address() {
        return "10.250." + random.nextInt(20) + "." + random.nextInt(256) + ":" + (50_010 + random.nextInt(3));
    }
}
