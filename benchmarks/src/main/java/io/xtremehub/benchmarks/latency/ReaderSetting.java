package io.xtremehub.benchmarks.latency;

/** How a reader is driven: its {@code readNextEvent} timeout and its group's automatic checkpoint interval (0: none). */
record ReaderSetting(long timeoutMillis, long checkpointMillis) {

    @Override
    public String toString() {
        return "readNextEvent(" + timeoutMillis + "), "
                + (checkpointMillis > 0 ? "checkpoint every " + checkpointMillis + " ms" : "no checkpoints");
    }
}
