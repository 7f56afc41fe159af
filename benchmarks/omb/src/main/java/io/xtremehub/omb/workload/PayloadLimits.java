package io.xtremehub.omb.workload;

/** Bounds on a message's size that the harness itself imposes. */
public final class PayloadLimits {
    /** Send timestamp (8 bytes), producer id (4) and sequence number (8) head every payload. */
    public static final int HEADER_BYTES = 20;
    /** Pravega's largest event is 8 MiB; OMB's 1 MB workloads fit well below it. */
    public static final int MAX_BYTES = 8 * 1024 * 1024 - 1024;

    private PayloadLimits() {
    }
}
