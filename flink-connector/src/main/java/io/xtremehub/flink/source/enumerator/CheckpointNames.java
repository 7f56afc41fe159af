package io.xtremehub.flink.source.enumerator;

/**
 * Names of the reader-group checkpoints the enumerator starts for Flink checkpoints. A
 * reader recognises the checkpoint events it must turn into Flink checkpoints by this name
 * and ignores any other checkpoint started on the same group.
 */
public final class CheckpointNames {
    private static final String PREFIX = "flink-checkpoint-";

    private CheckpointNames() {
    }

    public static String forCheckpoint(long checkpointId) {
        return PREFIX + checkpointId;
    }

    /** The Flink checkpoint id carried by this reader-group checkpoint name, or -1 if it is not ours. */
    public static long checkpointIdOf(String name) {
        if (name == null || !name.startsWith(PREFIX)) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
