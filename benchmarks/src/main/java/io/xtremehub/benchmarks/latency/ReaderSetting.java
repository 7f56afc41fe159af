package io.xtremehub.benchmarks.latency;

/**
 * How a reader is driven: its {@code readNextEvent} timeout, its group's automatic checkpoint interval
 * (0: none), and whether its client factory has {@code ReaderWakeUp} (the fix of Pravega 0.13's lost
 * wake-up) or is the client as it comes.
 */
record ReaderSetting(long timeoutMillis, long checkpointMillis, boolean wakeUp) {

    @Override
    public String toString() {
        return "readNextEvent(" + timeoutMillis + "), "
                + (checkpointMillis > 0 ? "checkpoint every " + checkpointMillis + " ms" : "no checkpoints")
                + (wakeUp ? ", ReaderWakeUp" : "");
    }
}
