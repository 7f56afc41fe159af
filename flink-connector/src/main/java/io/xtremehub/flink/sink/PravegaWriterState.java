package io.xtremehub.flink.sink;

import java.util.UUID;

/**
 * What an exactly-once writer keeps in a checkpoint: the transaction it opened for the records
 * after that checkpoint. A writer restored from the checkpoint aborts it, since those records
 * are replayed; without this a crashed writer's transaction would linger until it timed out.
 *
 * @param transactionId the transaction opened right after the checkpoint
 */
public record PravegaWriterState(UUID transactionId) {
}
