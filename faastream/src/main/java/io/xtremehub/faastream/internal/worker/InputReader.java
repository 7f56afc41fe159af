package io.xtremehub.faastream.internal.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The worker's reader thread: fills the bounded queue from the stage's input. At an end marker, a
 * reader-group checkpoint or before handing its segments on, it asks the processing thread to make
 * everything read so far durable and waits until it has (a sync): the checkpoint or hand-on records
 * a position after what was read, and the manager must learn of an end marker before the reader
 * moves past it.
 */
final class InputReader implements Runnable {
    /** How long the reader pauses while processing is as far behind as {@link ReadAhead} allows. */
    static final long READ_AHEAD_PAUSE_MILLIS = 5;
    private final StageInput input;
    private final BlockingQueue<InputItem> queue;
    /** How far the reader may run ahead of processing, or null for as far as the queue holds. */
    private final ReadAhead readAhead;
    /** End markers read (the reader thread adds one, then waits for its sync). */
    private final Set<Long> endSegments = new ConcurrentSkipListSet<>();
    /**
     * End markers whose preceding events are all processed and written: the only ones a report may
     * carry. The manager completes a stage's input on them, so one reported early, whose events then
     * die with this worker, would let the stage finish without them.
     */
    private final Set<Long> endsWritten = new ConcurrentSkipListSet<>();
    private final AtomicLong eventsIn = new AtomicLong();
    private final AtomicLong readNanos = new AtomicLong();
    private final AtomicReference<Exception> error = new AtomicReference<>();
    private final SyncHandshake sync = new SyncHandshake();
    private volatile boolean stopping;
    /** Finishing: hand out what the input holds already read, then end (see {@link #finishBuffered}). */
    private volatile boolean finishing;
    private volatile boolean finished;
    /** Reader thread only: events queued so far. */
    private long enqueued;
    /** Whether the reader reads on at a checkpoint while the processing thread syncs (see {@link #syncAtCheckpoint}). */
    private final boolean readsOnAtCheckpoints;
    /** Reader thread only: an item read while a checkpoint's sync was under way, queued once it is done; or null. */
    private InputItem heldBack;

    InputReader(StageInput input, BlockingQueue<InputItem> queue) {
        this(input, queue, null, false);
    }

    /**
     * @param readsOnAtCheckpoints whether a checkpoint's reader position may be recorded before everything read
     *                             up to it is durable: exactly-once, where only a commit makes a checkpoint a
     *                             restart point, and where the worker does not end at a checkpoint (a hand-off)
     */
    InputReader(StageInput input, BlockingQueue<InputItem> queue, ReadAhead readAhead, boolean readsOnAtCheckpoints) {
        this.input = input;
        this.queue = queue;
        this.readAhead = readAhead;
        this.readsOnAtCheckpoints = readsOnAtCheckpoints;
    }

    @Override
    public void run() {
        try {
            while (!stopping && !(finishing && heldBack == null && !input.buffered())) {
                if (input.wantsRelease()) {
                    // the position it hands on is after every event read: those must be processed
                    // and flushed first, or a crash of this worker right after would lose them
                    awaitSynced(null);
                    if (!stopping && !finishing) {
                        input.release();
                    }
                    continue;
                }
                InputItem item = heldBack;
                heldBack = null;
                if (item == null && readAhead != null && readAhead.full(queue.size())) {
                    // it would only queue work behind the next checkpoint (see ReadAhead)
                    Thread.sleep(READ_AHEAD_PAUSE_MILLIS);
                    continue;
                }
                if (item == null) {
                    item = read(100);
                }
                if (item == null) {
                    if (input.exhausted()) {
                        break;
                    }
                    continue;
                }
                if (item.kind() == InputItem.Kind.END) {
                    // Reporting only after everything before it is written also means a reported end
                    // never stands for events that are still queued in a worker that may die.
                    endSegments.add(item.endSegment());
                    awaitSynced(null);
                    continue;
                }
                if (item.kind() == InputItem.Kind.CHECKPOINT) {
                    syncAtCheckpoint(item.checkpointName());
                    continue;
                }
                eventsIn.addAndGet(item.events());
                enqueued += item.events();
                while (!queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                    if (stopping) {
                        // the item was read but will not be processed: the job is being cancelled
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            error.set(e);
        } finally {
            finished = true;
            // the processing thread notices the end now rather than at its next timeout (a full
            // queue needs no wake-up: the processing thread is busy with it)
            queue.offer(InputItem.wakeUp());
        }
    }

    private InputItem read(long timeoutMillis) throws Exception {
        long t0 = System.nanoTime();
        InputItem item = input.next(timeoutMillis);
        readNanos.addAndGet(System.nanoTime() - t0);
        return item;
    }

    /**
     * At a reader-group checkpoint: the processing thread makes the events queued before it durable (and closes
     * its epoch), while nothing read after it is queued. Pravega records the reader's position for the
     * checkpoint at its next read. Exactly-once that read is made at once ({@link #readsOnAtCheckpoints}) and
     * what it returns held back until the sync is done: the group's checkpoint then completes while the worker
     * flushes and saves its state, not after (a commit needs both; a failure before it rolls back to the last
     * commit anyway). Otherwise a restart from this checkpoint must not lose the events queued before it, so
     * the reader waits first.
     */
    private void syncAtCheckpoint(String checkpointName) throws Exception {
        SyncHandshake.Request request = requestSync(checkpointName);
        if (request == null) {
            return;
        }
        if (readsOnAtCheckpoints) {
            heldBack = read(0);
        }
        sync.await(request);
    }

    /**
     * Asks the processing thread to make every event queued so far durable and waits until it has
     * (or reading stops or finishes).
     *
     * @param checkpointName the reader-group checkpoint the sync is for, or null
     */
    private void awaitSynced(String checkpointName) throws InterruptedException {
        SyncHandshake.Request request = requestSync(checkpointName);
        if (request != null) {
            sync.await(request);
        }
    }

    /** Registers a sync and wakes the processing thread for it; null when reading stops or finishes first. */
    private SyncHandshake.Request requestSync(String checkpointName) throws InterruptedException {
        SyncHandshake.Request request = sync.request(enqueued, checkpointName);
        // behind the queued events: the processing thread takes it once it has taken all of them
        while (!queue.offer(InputItem.wakeUp(), 50, TimeUnit.MILLISECONDS)) {
            if (stopping || finishing) {
                return null;
            }
        }
        return request;
    }

    /** The sync the reader waits for, or null. */
    SyncHandshake.Request pendingSync() {
        return sync.pending();
    }

    /** The processing thread made everything of the request durable: the reader goes on. */
    void synced(SyncHandshake.Request request) {
        sync.answer(request);
    }

    /**
     * Ends reading without losing what was read: the items the input already took from its source
     * (the rest of a pack, whose position is behind the reader) are still queued, waiting for room if
     * need be, so the processing thread must keep taking from the queue until the reader ends.
     */
    void finishBuffered() {
        finishing = true;
        sync.release();
    }

    /** Stops reading at the next item (the reader thread ends soon after); a cancel, nothing more is queued. */
    void stop() {
        stopping = true;
        sync.release();
    }

    /** Whether the reader has ended: its input is exhausted, it was stopped, or it failed. */
    boolean finished() {
        return finished;
    }

    /** Why reading failed, or null. */
    Exception error() {
        return error.get();
    }

    long eventsIn() {
        return eventsIn.get();
    }

    long readNanos() {
        return readNanos.get();
    }

    /**
     * Processing thread, with everything queued processed and the output flushed: the end markers read
     * so far may be reported. At a sync the reader waits, so it has read no marker past that flush.
     */
    void endsWritten() {
        endsWritten.addAll(endSegments);
    }

    /** End markers that may be reported (see {@link #endsWritten()}). */
    int endMarkersWritten() {
        return endsWritten.size();
    }

    /** End markers that may be reported (see {@link #endsWritten()}). */
    List<Long> endSegments() {
        return new ArrayList<>(endsWritten);
    }

    long bytesRead() {
        return input.bytesRead();
    }
}
