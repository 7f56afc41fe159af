package io.xtremehub.flink.sink;

import io.pravega.client.stream.Transaction;
import io.pravega.client.stream.TransactionalEventStreamWriter;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one thread on which a {@link TransactionalWriter} opens, writes and flushes its Pravega
 * transactions, in the order the task asked for them.
 *
 * <p>Why: opening a transaction is a controller round trip, and the first event written into
 * each segment of a fresh transaction waits for Pravega to set up an append connection. Done on
 * the Flink task thread, these waits come once per checkpoint; when they and the rest of a
 * checkpoint take longer than the checkpoint interval (a loaded machine), checkpoints run back to
 * back and only the record or two written in the gaps between them make progress, each
 * checkpoint then costing a transaction for a couple of records. Here the task only hands
 * events over; it waits for Pravega when it flushes before a checkpoint barrier and when more
 * than {@code maxBufferedBytes} are still on their way (back-pressure).
 */
final class TransactionThread implements AutoCloseable {
    private final TransactionalEventStreamWriter<byte[]> writer;
    private final ExecutorService thread;
    private final Semaphore buffer;
    private final int maxBufferedBytes;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    TransactionThread(TransactionalEventStreamWriter<byte[]> writer, String streamName, int maxBufferedBytes) {
        this.writer = writer;
        this.maxBufferedBytes = maxBufferedBytes;
        this.buffer = new Semaphore(maxBufferedBytes);
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "pravega-transactions-" + streamName);
            t.setDaemon(true);
            return t;
        });
    }

    /** Opens a transaction once everything asked for before is done. */
    CompletableFuture<Transaction<byte[]>> begin() {
        return CompletableFuture.supplyAsync(writer::beginTxn, thread);
    }

    /**
     * Writes an event into {@code txn} after everything asked for before, waiting only while the
     * events on their way exceed the buffer. Once a write failed ({@link #failure()}), later ones
     * are dropped.
     */
    void write(CompletableFuture<Transaction<byte[]>> txn, String routingKey, byte[] event)
            throws InterruptedException {
        int permits = Math.min(event.length, maxBufferedBytes);
        buffer.acquire(permits);
        thread.execute(() -> {
            try {
                if (failure.get() == null) {
                    Transaction<byte[]> t = txn.join();
                    if (routingKey == null) {
                        t.writeEvent(event);
                    } else {
                        t.writeEvent(routingKey, event);
                    }
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, unwrap(e));
            } finally {
                buffer.release(permits);
            }
        });
    }

    /** Waits until every event written into {@code txn} is durable in Pravega. */
    Transaction<byte[]> flush(CompletableFuture<Transaction<byte[]>> txn) throws Throwable {
        try {
            CompletableFuture.runAsync(() -> {
                rethrowFailure();
                try {
                    txn.join().flush();
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }, thread).join();
        } catch (CompletionException e) {
            throw unwrap(e);
        }
        return txn.join();
    }

    /** A failure of an earlier write, if any: the transaction it went into is lost. */
    Throwable failure() {
        return failure.get();
    }

    private void rethrowFailure() {
        Throwable f = failure.get();
        if (f != null) {
            throw new CompletionException(f);
        }
    }

    static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * Stops the thread once what it was asked to do before is done, except events not yet
     * written: they are dropped (the writer aborts their transaction).
     */
    @Override
    public void close() throws InterruptedException {
        failure.compareAndSet(null, new CancellationException("the writer closed"));
        thread.shutdown();
        if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
            thread.shutdownNow();
        }
    }
}
