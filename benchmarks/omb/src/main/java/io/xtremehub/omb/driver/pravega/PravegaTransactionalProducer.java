package io.xtremehub.omb.driver.pravega;

import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import io.pravega.client.stream.TxnFailedException;
import io.xtremehub.omb.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Writes through transactions of {@code eventsPerTransaction} events; a message is acknowledged
 * when its transaction commits, so publish latency includes the wait for the batch to fill.
 */
final class PravegaTransactionalProducer implements BenchmarkProducer {
    private final TransactionalEventStreamWriter<byte[]> writer;
    private final int eventsPerTransaction;
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private Transaction<byte[]> txn;

    PravegaTransactionalProducer(TransactionalEventStreamWriter<byte[]> writer, int eventsPerTransaction) {
        this.writer = writer;
        this.eventsPerTransaction = eventsPerTransaction;
    }

    @Override
    public synchronized CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            if (txn == null) {
                txn = writer.beginTxn();
            }
            txn.writeEvent(key.orElseGet(() -> UUID.randomUUID().toString()), payload);
            pending.add(done);
            if (pending.size() >= eventsPerTransaction) {
                commit();
            }
        } catch (TxnFailedException | RuntimeException e) {
            fail(e);
            done.completeExceptionally(e);
        }
        return done;
    }

    private void commit() throws TxnFailedException {
        Transaction<byte[]> t = txn;
        txn = null;
        t.commit();
        pending.forEach(f -> f.complete(null));
        pending.clear();
    }

    private void fail(Exception e) {
        pending.forEach(f -> f.completeExceptionally(e));
        pending.clear();
        if (txn != null) {
            txn.abort();
            txn = null;
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (txn != null) {
                commit();
            }
        } catch (TxnFailedException | RuntimeException e) {
            fail(e);
        } finally {
            writer.close();
        }
    }
}
