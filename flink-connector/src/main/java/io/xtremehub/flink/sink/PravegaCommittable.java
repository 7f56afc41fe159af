package io.xtremehub.flink.sink;

import java.util.UUID;

/**
 * A Pravega transaction that a sink writer filled and flushed for one checkpoint and that the
 * committer commits once the checkpoint is complete.
 *
 * @param scope scope of the stream written
 * @param stream the stream written
 * @param transactionId the Pravega transaction
 */
public record PravegaCommittable(String scope, String stream, UUID transactionId) {
}
