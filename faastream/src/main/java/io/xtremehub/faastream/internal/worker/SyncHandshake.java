package io.xtremehub.faastream.internal.worker;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The hand-off of a sync between the worker's two threads: the reader thread asks the processing
 * thread to make everything read so far durable and blocks until it has; the processing thread
 * answers. Both sides are woken at once (the reader by a signal, the processing thread by a marker the
 * reader queues behind the events, see {@link InputItem#wakeUp()}), so a sync costs the flush itself,
 * not polling intervals: at every reader-group checkpoint each hop of a chain waits for one.
 */
final class SyncHandshake {
    /** What a sync asks for: process {@code upTo} events, then flush and report; asked at {@code askedAt} (ms). */
    record Request(long number, long upTo, String checkpointName, long askedAt) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition answered = lock.newCondition();
    private Request pending;
    private long done;
    /** Set when reading stops or finishes: nobody will answer any more, waits return at once. */
    private boolean released;

    /**
     * Reader thread: registers a request for everything up to event {@code upTo}.
     *
     * @param checkpointName the reader-group checkpoint it is for, or null
     */
    Request request(long upTo, String checkpointName) {
        lock.lock();
        try {
            long number = (pending == null ? done : pending.number()) + 1;
            pending = new Request(number, upTo, checkpointName, System.currentTimeMillis());
            return pending;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reader thread: waits until {@code request} is answered or the handshake is released.
     *
     * @return true when answered, false when released first
     */
    boolean await(Request request) throws InterruptedException {
        lock.lock();
        try {
            while (done < request.number()) {
                if (released) {
                    return false;
                }
                answered.await();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Processing thread: the request waiting for an answer, or null. */
    Request pending() {
        lock.lock();
        try {
            return pending;
        } finally {
            lock.unlock();
        }
    }

    /** Processing thread: everything {@code request} asked for is durable; its reader goes on. */
    void answer(Request request) {
        lock.lock();
        try {
            done = Math.max(done, request.number());
            if (pending != null && pending.number() <= done) {
                pending = null;
            }
            answered.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Reading stops or finishes: a waiting reader goes on unanswered, later waits do not block. */
    void release() {
        lock.lock();
        try {
            released = true;
            answered.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
