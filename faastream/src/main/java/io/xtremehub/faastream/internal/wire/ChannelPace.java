package io.xtremehub.faastream.internal.wire;

/**
 * How often a job's control and telemetry channels are read. Each read of a channel is a round trip
 * to the segment store even when nothing is new, so a fixed pace costs in proportion to the stages:
 * a 100-stage job whose manager read every telemetry channel every 20 ms, and whose workers read their
 * control channels every 100 ms, asked the segment store 6,000 times a second, on the same two cores
 * that carry its events. A job with few stages is read as often as before (a report or a command is
 * acted on soon after it is written); a long one about {@link #READS_PER_SECOND} times a second per
 * side, and never less often than every half second (a heartbeat timeout is seconds).
 */
public final class ChannelPace {
    /** The manager reads the telemetry of a short job this often. */
    public static final long TELEMETRY_MIN_MILLIS = 20;
    /** A worker of a short job reads its control channel this often. */
    public static final long CONTROL_MIN_MILLIS = 100;
    static final long MAX_MILLIS = 500;
    /** Reads of one side's channels (all telemetry, or all control) per second, once the stages are many. */
    static final long READS_PER_SECOND = 200;

    private ChannelPace() {
    }

    /** Milliseconds between two reads of the stages' telemetry channels by the manager. */
    public static long telemetryMillis(int stages) {
        return millis(stages, TELEMETRY_MIN_MILLIS);
    }

    /** Milliseconds between two reads of its control channel by each worker. */
    public static long controlMillis(int stages) {
        return millis(stages, CONTROL_MIN_MILLIS);
    }

    private static long millis(int stages, long fastest) {
        return paced(stages, fastest, MAX_MILLIS, READS_PER_SECOND);
    }

    /**
     * The interval at which each of {@code stages} stages does something periodic so that the job does
     * it about {@code perSecond} times a second in all, but never more often than {@code fastest} or
     * less often than {@code slowest} milliseconds.
     */
    public static long paced(int stages, long fastest, long slowest, long perSecond) {
        long spread = stages * 1000L / perSecond;
        return Math.max(fastest, Math.min(slowest, spread));
    }
}
