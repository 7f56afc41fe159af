package io.xtremehub.tiering.loglines;

import java.util.Random;

/**
 * Deterministic HDFS-style log lines, the kind of records operators tier: what the HDFS name node
 * and data nodes log over a block's life. As in real HDFS logs, each block id recurs on about a
 * dozen lines (allocated, then received, stored and acknowledged on each of its three replicas),
 * interleaved with the lines of a few other blocks in flight, and addresses come from a fixed set of
 * nodes. Synthetic, so a compression ratio measured on it is indicative only.
 */
public final class LogLines {
    private static final int IN_FLIGHT = 16;
    private static final int NODES = 200;
    private final Random random;
    private final long[] blocks = new long[IN_FLIGHT];
    private final int[][] replicas = new int[IN_FLIGHT][3];
    private final int[] step = new int[IN_FLIGHT];
    private long clock = 81_109_203_615L;
    private int task;

    /** Lines of the given seed; the same seed gives the same lines. */
    public LogLines(long seed) {
        this.random = new Random(seed);
        for (int i = 0; i < IN_FLIGHT; i++) {
            newBlock(i);
            step[i] = random.nextInt(13);
        }
    }

    private void newBlock(int slot) {
        blocks[slot] = random.nextLong();
        for (int r = 0; r < 3; r++) {
            replicas[slot][r] = random.nextInt(NODES);
        }
        step[slot] = 0;
        task++;
    }

    private String node(int slot, int replica) {
        int n = replicas[slot][replica];
        return "10.250." + (n / 50 + 4) + "." + (n % 50 * 5 + 2);
    }

    /** The next line, without a line break. */
    public String next() {
        clock += random.nextInt(3);
        int slot = random.nextInt(IN_FLIGHT);
        int s = step[slot]++;
        long block = blocks[slot];
        int replica = s == 0 ? 0 : (s - 1) % 3;
        String size = random.nextInt(8) == 0 ? Integer.toString(random.nextInt(67_108_864)) : "67108864";
        String message = switch (s == 0 ? 0 : 1 + (s - 1) / 3) {
            case 0 -> "INFO dfs.FSNamesystem: BLOCK* NameSystem.allocateBlock: /user/root/rand/_temporary/_task_"
                    + "200811092030_0001_m_" + String.format("%06d", task % 1000) + "_0/part-"
                    + String.format("%05d", task % 1000) + ". blk_" + block;
            case 1 -> "INFO dfs.DataNode$DataXceiver: Receiving block blk_" + block + " src: /" + node(slot, replica)
                    + ":" + (30_000 + random.nextInt(30_000)) + " dest: /" + node(slot, replica) + ":50010";
            case 2 -> "INFO dfs.DataNode$PacketResponder: Received block blk_" + block + " of size " + size + " from /"
                    + node(slot, replica);
            case 3 -> "INFO dfs.FSNamesystem: BLOCK* NameSystem.addStoredBlock: blockMap updated: "
                    + node(slot, replica) + ":50010 is added to blk_" + block + " size " + size;
            default -> "INFO dfs.DataNode$PacketResponder: PacketResponder " + replica + " for block blk_" + block
                    + " terminating";
        };
        if (s >= 12) {
            newBlock(slot);
        }
        return String.format("%06d %06d %d %s", clock / 1_000_000, clock % 1_000_000, 100 + random.nextInt(4000),
                message);
    }
}
