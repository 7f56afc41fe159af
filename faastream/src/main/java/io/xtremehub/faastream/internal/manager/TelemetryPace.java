package io.xtremehub.faastream.internal.manager;

/**
 * How often the manager reads its stages' telemetry channels. Each read of a channel is a round trip
 * to the segment store even when nothing is new, so a fixed pace costs in proportion to the stages:
 * a 100-stage job read every 20 ms asked the segment store 5,000 times a second, on the same two
 * cores that carry its events. A job with few stages is still read every 20 ms (its reports, e.g. an
 * exactly-once checkpoint acknowledgement, are acted on as soon as they arrive); a long one about 200
 * times a second in all, and never less often than every half second (a heartbeat timeout is seconds).
 */
final class TelemetryPace {
    static final long MIN_MILLIS = 20;
    static final long MAX_MILLIS = 500;
    /** Reads of all channels per second, at most, once the stages are more than a few. */
    static final long READS_PER_SECOND = 200;

    private TelemetryPace() {
    }

    /** Milliseconds between two reads of every telemetry channel of a job with {@code stages} stages. */
    static long pollMillis(int stages) {
        long spread = stages * 1000L / READS_PER_SECOND;
        return Math.max(MIN_MILLIS, Math.min(MAX_MILLIS, spread));
    }
}
