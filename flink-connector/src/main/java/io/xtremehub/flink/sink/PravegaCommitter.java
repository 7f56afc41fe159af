package io.xtremehub.flink.sink;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.api.connector.sink2.Committer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the transactions of completed checkpoints, including those recovered from a
 * checkpoint after a failure. Committing is idempotent: a transaction already committed (or
 * committing) counts as done. A transaction Pravega aborted (it outlived its timeout) fails
 * the job with a message saying so, since its records cannot be brought back.
 */
final class PravegaCommitter implements Committer<PravegaCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PravegaCommitter.class);
    private static final int MAX_RETRIES = 5;

    private final PravegaSinkSettings settings;
    private final EventStreamClientFactory clients;
    private final Map<String, TransactionalEventStreamWriter<byte[]>> writers = new HashMap<>();

    PravegaCommitter(PravegaSinkSettings settings) {
        this.settings = settings;
        this.clients = EventStreamClientFactory.withScope(settings.scope(), settings.connection().clientConfig());
    }

    @Override
    public void commit(Collection<CommitRequest<PravegaCommittable>> requests) {
        for (CommitRequest<PravegaCommittable> request : requests) {
            commit(request);
        }
    }

    private void commit(CommitRequest<PravegaCommittable> request) {
        PravegaCommittable c = request.getCommittable();
        try {
            Transaction<byte[]> txn = writerFor(c.stream()).getTxn(c.transactionId());
            Transaction.Status status = txn.checkStatus();
            switch (status) {
                case OPEN -> {
                    txn.commit();
                    LOG.debug("Committed transaction {} on {}/{}", c.transactionId(), c.scope(), c.stream());
                }
                case COMMITTING, COMMITTED -> request.signalAlreadyCommitted();
                default -> request.signalFailedWithUnknownReason(lost(c, status.toString()));
            }
        } catch (TxnFailedException e) {
            request.signalFailedWithUnknownReason(lost(c, "aborted"));
        } catch (RuntimeException e) {
            if (request.getNumberOfRetries() < MAX_RETRIES) {
                LOG.warn("Commit of transaction {} on {}/{} failed, retrying: {}", c.transactionId(), c.scope(),
                        c.stream(), e.toString());
                request.retryLater();
            } else {
                request.signalFailedWithUnknownReason(new IllegalStateException("cannot commit Pravega transaction "
                        + c.transactionId() + " on " + c.scope() + "/" + c.stream() + " after " + MAX_RETRIES
                        + " attempts: " + e.getMessage(), e));
            }
        }
    }

    private IllegalStateException lost(PravegaCommittable c, String status) {
        return new IllegalStateException("Pravega transaction " + c.transactionId() + " on " + c.scope() + "/"
                + c.stream() + " is " + status + " and cannot be committed: it outlived its timeout of "
                + settings.transactionTimeoutMillis() + " ms before its checkpoint completed, so its records are"
                + " lost; raise the sink's transaction timeout above checkpoint duration plus recovery time");
    }

    private TransactionalEventStreamWriter<byte[]> writerFor(String stream) {
        return writers.computeIfAbsent(stream, s -> clients.createTransactionalEventWriter(
                "flink-committer-" + UUID.randomUUID(), s, new ByteArraySerializer(), settings.writerConfig()));
    }

    @Override
    public void close() {
        try {
            writers.values().forEach(TransactionalEventStreamWriter::close);
        } finally {
            clients.close();
        }
    }
}
