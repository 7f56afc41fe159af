package io.xtremehub.flink.sink;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the records of each checkpoint into one Pravega transaction. Before the checkpoint
 * barrier passes, the transaction is flushed and handed to the committer, which commits it
 * once the checkpoint is complete, and the next transaction takes over; the checkpoint keeps
 * its id as writer state. Transactions are opened one checkpoint ahead and written on a
 * {@link TransactionThread}, so that the task thread does not wait for Pravega between
 * checkpoints. Transactions still open when the writer closes (their records are replayed
 * after the restart) are aborted; those left behind by a crash are aborted by the writer
 * restored from the checkpoint (and would otherwise expire after the transaction timeout).
 */
final class TransactionalWriter<T> implements PravegaWriter<T> {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionalWriter.class);
    // events handed to the transaction thread and not yet written: beyond this, write() waits
    private static final int MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

    private final PravegaSinkSettings settings;
    private final RecordEncoder<T> encoder;
    private final EventStreamClientFactory clients;
    private final TransactionalEventStreamWriter<byte[]> writer;
    private final TransactionThread transactions;
    private final Counter recordsSent;
    private final Counter bytesSent;
    // the transaction records go into now, and the one opened in advance for after the next checkpoint
    private CompletableFuture<Transaction<byte[]>> current;
    private CompletableFuture<Transaction<byte[]>> next;
    private boolean written;

    TransactionalWriter(PravegaSinkSettings settings, RecordEncoder<T> encoder, SinkWriterMetricGroup metrics,
            Collection<PravegaWriterState> restored) {
        this.settings = settings;
        this.encoder = encoder;
        this.clients = EventStreamClientFactory.withScope(settings.scope(), settings.connection().clientConfig());
        this.writer = clients.createTransactionalEventWriter("flink-" + UUID.randomUUID(), settings.stream(),
                new ByteArraySerializer(), settings.writerConfig());
        this.transactions = new TransactionThread(writer, settings.streamName(), MAX_BUFFERED_BYTES);
        this.recordsSent = metrics.getNumRecordsSendCounter();
        this.bytesSent = metrics.getNumBytesSendCounter();
        restored.forEach(this::abortLeftOver);
        this.current = transactions.begin();
        this.next = transactions.begin();
    }

    // a transaction a previous writer opened after the checkpoint we restart from
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
        rethrowWriteFailure();
        try {
            transactions.write(current, key, bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing to Pravega stream " + settings.streamName(), e);
        }
        written = true;
        recordsSent.inc();
        bytesSent.inc(bytes.length);
    }

    @Override
    public void flush(boolean endOfInput) {
        // the transaction is flushed in prepareCommit, right after this
    }

    @Override
    public Collection<PravegaCommittable> prepareCommit() throws IOException {
        if (!written) {
            return List.of();
        }
        Transaction<byte[]> txn;
        try {
            txn = transactions.flush(current);
        } catch (Throwable e) {
            throw failed(e);
        }
        current = next;
        next = transactions.begin();
        written = false;
        return List.of(new PravegaCommittable(settings.scope(), settings.stream(), txn.getTxnId()));
    }

    @Override
    public List<PravegaWriterState> snapshotState(long checkpointId) throws IOException {
        // names what a crash after this checkpoint would leave open; the one opened in advance
        // only if Pravega has opened it by now (otherwise it expires on its own after a crash)
        List<PravegaWriterState> open = new ArrayList<>(2);
        open.add(new PravegaWriterState(opened(current).getTxnId()));
        Transaction<byte[]> ahead = next.isDone() && !next.isCompletedExceptionally() ? next.join() : null;
        if (ahead != null) {
            open.add(new PravegaWriterState(ahead.getTxnId()));
        }
        return open;
    }

    private Transaction<byte[]> opened(CompletableFuture<Transaction<byte[]>> txn) throws IOException {
        try {
            return txn.join();
        } catch (CompletionException e) {
            Throwable cause = TransactionThread.unwrap(e);
            throw new IOException("cannot open a transaction on Pravega stream " + settings.streamName()
                    + " (transaction timeout " + settings.transactionTimeoutMillis() + " ms): " + cause.getMessage(),
                    cause);
        }
    }

    private void rethrowWriteFailure() throws IOException {
        Throwable failure = transactions.failure();
        if (failure != null) {
            throw failed(failure);
        }
    }

    private IOException failed(Throwable e) throws IOException {
        if (!(e instanceof TxnFailedException)) {
            // beginTxn failing surfaces here as the transaction the records were meant for
            opened(current);
            return new IOException("writing to Pravega stream " + settings.streamName() + " failed: "
                    + e.getMessage(), e);
        }
        Transaction<byte[]> txn = current.join();
        return new IOException("Pravega transaction " + txn.getTxnId() + " on stream " + settings.streamName()
                + " is no longer open (status " + txn.checkStatus() + "): it probably outlived its timeout of "
                + settings.transactionTimeoutMillis() + " ms", e);
    }

    @Override
    public void close() {
        try {
            transactions.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                abortIfOpened(current);
                abortIfOpened(next);
            } finally {
                try {
                    writer.close();
                } finally {
                    clients.close();
                }
            }
        }
    }

    private void abortIfOpened(CompletableFuture<Transaction<byte[]>> txn) {
        if (txn == null || !txn.isDone() || txn.isCompletedExceptionally()) {
            return;
        }
        Transaction<byte[]> t = txn.join();
        try {
            LOG.info("Aborting uncommitted transaction {} on {}", t.getTxnId(), settings.streamName());
            t.abort();
        } catch (RuntimeException e) {
            LOG.warn("Could not abort transaction {}: {} (it expires on its own)", t.getTxnId(), e.toString());
        }
    }
}
