package io.xtremehub.flink.source.reader;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * A bounded queue from the fetcher thread to the task's main thread with an availability
 * future, so the task sleeps while there is nothing to emit and the fetcher blocks while the
 * task is backpressured.
 */
final class HandoverQueue {
    private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

    private final int capacity;
    private final ArrayDeque<FetchedBatch> batches = new ArrayDeque<>();
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private boolean closed;

    HandoverQueue(int capacity) {
        this.capacity = capacity;
    }

    /** Blocks while the queue is full; returns false if the queue was closed meanwhile. */
    boolean put(FetchedBatch batch) throws InterruptedException {
        CompletableFuture<Void> toComplete;
        synchronized (this) {
            while (batches.size() >= capacity && !closed) {
                wait();
            }
            if (closed) {
                return false;
            }
            batches.add(batch);
            toComplete = available;
        }
        toComplete.complete(null);
        return true;
    }

    synchronized FetchedBatch poll() {
        FetchedBatch batch = batches.poll();
        if (batch != null) {
            notifyAll();
        }
        if (batches.isEmpty() && available.isDone()) {
            available = new CompletableFuture<>();
        }
        return batch;
    }

    synchronized CompletableFuture<Void> availability() {
        return batches.isEmpty() ? available : AVAILABLE;
    }

    synchronized void close() {
        closed = true;
        notifyAll();
    }
}
