package io.xtremehub.faastream.internal.io;

import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.xtremehub.faastream.internal.wire.ChannelPace;
import java.util.Map;

/** The configuration of the reader group through which a stage's workers share its input stream. */
public final class StageReaderGroups {
    /**
     * How often each reader of a short job re-reads the group's shared state. Pravega's default (3 s) is
     * how late a reader learns that a worker joined or left or that segments were sealed, and it
     * releases or takes segments only then; the state is a small stream, so one reader reading it often
     * is cheap. A long job's readers together read about {@link #REFRESHES_PER_SECOND} times a second.
     */
    static final long REFRESH_MILLIS = 200;
    static final long REFRESH_MAX_MILLIS = 1_000;
    static final long REFRESHES_PER_SECOND = 200;
    /**
     * At-least-once groups checkpoint every second in short jobs: a lost worker's segments are read
     * again from the last checkpoint, and successors of merged segments are released only at one. Each
     * checkpoint is a few durable writes to the group's state and a pause of every reader of the group,
     * so a long job checkpoints about {@link #CHECKPOINTS_PER_SECOND} times a second in all, each group
     * at least every {@link #CHECKPOINT_MAX_MILLIS}.
     */
    static final long CHECKPOINT_MILLIS = 1_000;
    static final long CHECKPOINT_MAX_MILLIS = 5_000;
    static final long CHECKPOINTS_PER_SECOND = 20;

    /**
     * System properties (milliseconds) that replace the paced refresh interval of the groups created in
     * this JVM from then on, and the checkpoint interval of those that checkpoint on their own: for same-run comparisons of the reader
     * groups' own traffic against the latency of the events (benchmarks' chain trace).
     */
    static final String REFRESH_PROPERTY = "faastream.readerGroup.refreshMillis";
    static final String CHECKPOINT_PROPERTY = "faastream.readerGroup.checkpointMillis";

    private StageReaderGroups() {
    }

    /**
     * Exactly-once: the only checkpoints are the epochs' (each closes a transaction); otherwise checkpoint
     * every second (successors of merged segments are only released at a checkpoint) unless the stage
     * groups by key. A keyed worker holds its open window in memory: a checkpoint would record its
     * reader past events it has not emitted, and a lost worker's segments would be read again from
     * there, losing them (they are read again from the end of its last emitted window instead, or from
     * where it took them; see {@code KeyedStageResize}). Its input keeps its segments, so there are no
     * merged ones to release. All refresh often: a Pravega reader sees a checkpoint only when it re-reads
     * the group's state, so with Pravega's 3 s default every epoch, and the first one after a roll-back,
     * waited up to 3 s for its slowest reader.
     */
    public static ReaderGroupConfig config(String scope, String stream, boolean exactlyOnce, boolean keyed,
                                           int stages) {
        ReaderGroupConfig.ReaderGroupConfigBuilder b = ReaderGroupConfig.builder().stream(Stream.of(scope, stream))
                .groupRefreshTimeMillis(Long.getLong(REFRESH_PROPERTY, refreshMillis(stages)));
        return exactlyOnce || keyed ? b.disableAutomaticCheckpoints().build()
                : b.automaticCheckpointIntervalMillis(Long.getLong(CHECKPOINT_PROPERTY, checkpointMillis(stages)))
                        .build();
    }

    /**
     * Exactly-once, after a roll-back: the group {@code initial} configured, restarted at {@code positions}
     * (a committed checkpoint's). A reset replaces the whole configuration, so the refresh is carried over.
     */
    public static ReaderGroupConfig restartAt(ReaderGroupConfig initial, Map<Stream, StreamCut> positions) {
        return ReaderGroupConfig.builder().startFromStreamCuts(positions).disableAutomaticCheckpoints()
                .groupRefreshTimeMillis(initial.getGroupRefreshTimeMillis()).build();
    }

    /** How often each reader of a job with this many stages re-reads its group's state. */
    static long refreshMillis(int stages) {
        return ChannelPace.paced(stages, REFRESH_MILLIS, REFRESH_MAX_MILLIS, REFRESHES_PER_SECOND);
    }

    /** How often an at-least-once group of a job with this many stages checkpoints. */
    static long checkpointMillis(int stages) {
        return ChannelPace.paced(stages, CHECKPOINT_MILLIS, CHECKPOINT_MAX_MILLIS, CHECKPOINTS_PER_SECOND);
    }
}
