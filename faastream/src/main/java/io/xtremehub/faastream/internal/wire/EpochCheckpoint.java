package io.xtremehub.faastream.internal.wire;

import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of an exactly-once reader-group checkpoint. The checkpoint reaches each reader in line
 * with its events, so its name carries what a worker must do there: close epoch {@code epoch} and
 * write what it reads next into transaction {@code nextTransaction}. Nothing else has to reach the
 * worker between two events, so no event can land in the wrong transaction.
 *
 * @param generation      the stage's recovery generation that started the checkpoint
 * @param epoch           the epoch the checkpoint closes (1, 2, ...; unique across generations)
 * @param nextTransaction the transaction of the following epoch
 */
public record EpochCheckpoint(long generation, long epoch, UUID nextTransaction) {
    private static final Pattern NAME = Pattern.compile("eo-g(\\d+)-e(\\d+)-([0-9a-fA-F-]{36})");

    public String name() {
        return "eo-g" + generation + "-e" + epoch + "-" + nextTransaction;
    }

    /** The checkpoint a name stands for, or null when it is not an exactly-once checkpoint. */
    public static EpochCheckpoint parse(String name) {
        if (name == null) {
            return null;
        }
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            return null;
        }
        return new EpochCheckpoint(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                UUID.fromString(m.group(3)));
    }
}
