package io.xtremehub.tiering.kafka;

import java.util.Random;

/**
 * Deterministic HDFS-style log lines (the kind of records operators tier): a timestamp, a thread,
 * a level, a component and a message with block ids and addresses, as the HDFS data node writes.
 */
public final class LogLines {
    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "INFO", "WARN", "ERROR"};
    private static final String[] TEMPLATES = {
        "dfs.DataNode$PacketResponder: PacketResponder %d for block blk_%d terminating",
        "dfs.DataNode$PacketResponder: Received block blk_%d of size %d from /10.250.%d.%d",
        "dfs.FSNamesystem: BLOCK* NameSystem.addStoredBlock: blockMap updated: 10.251.%d.%d:50010 is added to blk_%d size %d",
        "dfs.DataNode$DataXceiver: Receiving block blk_%d src: /10.250.%d.%d:%d dest: /10.250.%d.%d:50010",
        "dfs.FSNamesystem: BLOCK* NameSystem.allocateBlock: /user/root/rand/_temporary/_task_%d_m_%06d_0/part-%05d. blk_%d",
        "dfs.DataBlockScanner: Verification succeeded for blk_%d",
    };
    private final Random random;
    private long clock = 1_226_000_000L;

    /** Lines of the given seed; the same seed gives the same lines. */
    public LogLines(long seed) {
        this.random = new Random(seed);
    }

    /** The next line, without a line break. */
    public String next() {
        clock += random.nextInt(3);
        String template = TEMPLATES[random.nextInt(TEMPLATES.length)];
        Object[] args = new Object[8];
        for (int i = 0; i < args.length; i++) {
            args[i] = i % 3 == 0 ? Math.abs(random.nextLong() % 10_000_000_000_000_000L) : random.nextInt(256);
        }
        return String.format("%d %d %s %s", clock, random.nextInt(4096), LEVELS[random.nextInt(LEVELS.length)],
                String.format(template, args));
    }
}
