package io.xtremehub.flink.sink;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the records of each checkpoint into one Pravega transaction. Before the checkpoint
 * barrier passes, the transaction is flushed and handed to the committer, which commits it
 * once the checkpoint is complete, and the next transaction is opened; the checkpoint keeps
 * its id as writer state. A transaction still open when the writer closes (its records are
 * replayed after the restart) is aborted; one left behind by a crash is aborted by the writer
 * restored from the checkpoint (and would otherwise expire after the transaction timeout).
 */
final class TransactionalWriter<T> implements PravegaWriter<T> {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionalWriter.class);

    private final PravegaSinkSettings settings;
    private final RecordEncoder<T> encoder;
    private final EventStreamClientFactory clients;
    private final TransactionalEventStreamWriter<byte[]> writer;
    private final Counter recordsSent;
    private final Counter bytesSent;
    private Transaction<byte[]> transaction;
    private boolean written;

    TransactionalWriter(PravegaSinkSettings settings, RecordEncoder<T> encoder, SinkWriterMetricGroup metrics,
            Collection<PravegaWriterState> restored) {
        this.settings = settings;
        this.encoder = encoder;
        this.clients = EventStreamClientFactory.withScope(settings.scope(), settings.connection().clientConfig());
        this.writer = clients.createTransactionalEventWriter("flink-" + UUID.randomUUID(), settings.stream(),
                new ByteArraySerializer(), settings.writerConfig());
        this.recordsSent = metrics.getNumRecordsSendCounter();
        this.bytesSent = metrics.getNumBytesSendCounter();
        restored.forEach(this::abortLeftOver);
    }

    // the transaction a previous writer opened after the checkpoint we restart from
    private void abortLeftOver(PravegaWriterState state) {
        try {
            Transaction<byte[]> txn = writer.getTxn(state.transactionId());
            if (txn.checkStatus() == Transaction.Status.OPEN) {
                txn.abort();
                LOG.info("Aborted transaction {} on {} left open by the writer before the restart",
                        state.transactionId(), settings.streamName());
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not abort left-over transaction {} on {}: {} (it expires on its own)",
                    state.transactionId(), settings.streamName(), e.toString());
        }
    }

    @Override
    public void write(T record, Context context) throws IOException {
        byte[] bytes = encoder.encode(record);
        String key = encoder.routingKey(record);
        Transaction<byte[]> txn = currentTransaction();
        try {
            if (key == null) {
                txn.writeEvent(bytes);
            } else {
                txn.writeEvent(key, bytes);
            }
        } catch (TxnFailedException e) {
            throw failed(txn, e);
        }
        written = true;
        recordsSent.inc();
        bytesSent.inc(bytes.length);
    }

    private Transaction<byte[]> currentTransaction() throws IOException {
        if (transaction == null) {
            try {
                transaction = writer.beginTxn();
            } catch (RuntimeException e) {
                throw new IOException("cannot open a transaction on Pravega stream " + settings.streamName()
                        + " (transaction timeout " + settings.transactionTimeoutMillis() + " ms): " + e.getMessage(), e);
            }
        }
        return transaction;
    }

    @Override
    public void flush(boolean endOfInput) {
        // the transaction is flushed in prepareCommit, right after this
    }

    @Override
    public Collection<PravegaCommittable> prepareCommit() throws IOException {
        if (transaction == null || !written) {
            return List.of();
        }
        Transaction<byte[]> txn = transaction;
        transaction = null;
        written = false;
        try {
            txn.flush();
        } catch (TxnFailedException e) {
            throw failed(txn, e);
        }
        return List.of(new PravegaCommittable(settings.scope(), settings.stream(), txn.getTxnId()));
    }

    @Override
    public List<PravegaWriterState> snapshotState(long checkpointId) throws IOException {
        // opened now rather than at the next record, so the checkpoint can name it
        return List.of(new PravegaWriterState(currentTransaction().getTxnId()));
    }

    private IOException failed(Transaction<byte[]> txn, TxnFailedException e) {
        return new IOException("Pravega transaction " + txn.getTxnId() + " on stream " + settings.streamName()
                + " is no longer open (status " + txn.checkStatus() + "): it probably outlived its timeout of "
                + settings.transactionTimeoutMillis() + " ms", e);
    }

    @Override
    public void close() {
        try {
            if (transaction != null) {
                LOG.info("Aborting uncommitted transaction {} on {}", transaction.getTxnId(), settings.streamName());
                transaction.abort();
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not abort transaction {}: {} (it expires on its own)", transaction.getTxnId(), e.toString());
        } finally {
            transaction = null;
            try {
                writer.close();
            } finally {
                clients.close();
            }
        }
    }
}
