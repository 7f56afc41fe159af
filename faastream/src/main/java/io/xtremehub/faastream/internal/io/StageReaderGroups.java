package io.xtremehub.faastream.internal.io;

import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;

/** The configuration of the reader group through which a stage's workers share its input stream. */
public final class StageReaderGroups {
    /**
     * How often each reader re-reads the group's shared state. Pravega's default (3 s) is how late a
     * reader learns that a worker joined or left or that segments were sealed, and it releases or takes
     * segments only then; the state is a small stream, so reading it often is cheap.
     */
    static final long REFRESH_MILLIS = 200;

    private StageReaderGroups() {
    }

    /**
     * Exactly-once: the only checkpoints are the epochs' (each closes a transaction), and Pravega's
     * own refresh (such stages run a fixed set of workers); otherwise checkpoint every second
     * (successors of merged segments are only released at a checkpoint) and refresh often.
     */
    public static ReaderGroupConfig config(String scope, String stream, boolean exactlyOnce) {
        ReaderGroupConfig.ReaderGroupConfigBuilder b = ReaderGroupConfig.builder().stream(Stream.of(scope, stream));
        return exactlyOnce ? b.disableAutomaticCheckpoints().build()
                : b.groupRefreshTimeMillis(REFRESH_MILLIS).automaticCheckpointIntervalMillis(1000).build();
    }
}
