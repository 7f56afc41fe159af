package io.xtremehub.flink.source.reader;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReinitializationRequiredException;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.flink.source.PravegaSourceSettings;
import io.xtremehub.flink.source.enumerator.CheckpointNames;
import io.xtremehub.flink.source.split.PravegaSplit;
import io.xtremehub.pravega.ReaderWakeUp;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns one Pravega {@link EventStreamReader} in the reader group and reads it on its own
 * thread into a {@link HandoverQueue}. A batch ends at a reader-group checkpoint of ours, at
 * the end of a bounded stream, when it is full, or when a read times out.
 *
 * <p>The Pravega reader records its position for a checkpoint on the read that follows the
 * checkpoint event. The fetcher makes that read only once the task has emitted every event
 * before the checkpoint ({@link #acknowledgeCheckpoint()}), so a completed reader-group
 * checkpoint always means that all readers have emitted exactly the events it covers.
 */
final class EventFetcher implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(EventFetcher.class);
    private static final long CANCEL_WAIT_MILLIS = 1_000;

    private final PravegaSourceSettings settings;
    private final PravegaSplit split;
    private final HandoverQueue queue;
    private final EventStreamClientFactory clients;
    private final EventStreamReader<byte[]> reader;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean endRequested;
    private final Semaphore checkpointAcks = new Semaphore(0);

    EventFetcher(PravegaSourceSettings settings, PravegaSplit split, HandoverQueue queue) {
        this.settings = settings;
        this.split = split;
        this.queue = queue;
        // the client can lose a reader's wake-up and sleep out a read timeout with events there
        this.clients = ReaderWakeUp.install(
                EventStreamClientFactory.withScope(settings.scope(), settings.connection().clientConfig()));
        try {
            this.reader = clients.createReader(split.readerId(), split.readerGroup(), new ByteArraySerializer(),
                    ReaderConfig.builder().disableTimeWindows(true).build());
        } catch (RuntimeException e) {
            clients.close();
            throw new IllegalStateException("cannot join Pravega reader group " + split.readerGroup() + " on "
                    + settings.streamName() + " as reader " + split.readerId() + ": " + e.getMessage(), e);
        }
        this.thread = new Thread(this, "pravega-reader-" + split.readerId());
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        boolean ended = false;
        try {
            while (running) {
                FetchedBatch batch = readBatch(ended);
                if (endRequested && !ended && !batch.endOfStream()) {
                    // nothing can follow: everything up to the end cut was read and is in this
                    // batch or already queued
                    batch.closeWithEndOfStream();
                }
                if (ended || batch.isEmpty()) {
                    continue;
                }
                if (!queue.put(batch)) {
                    return;
                }
                ended = batch.endOfStream();
                if (batch.checkpointId() >= 0 && !ended && !awaitAcknowledgement()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ReinitializationRequiredException e) {
            fail(new IllegalStateException("reader " + split.readerId() + " was removed from reader group "
                    + split.readerGroup() + " (the group was reset by another job or by hand)", e));
        } catch (Throwable t) {
            fail(t);
        }
    }

    // After the end of a bounded stream the reader stays in the group until the task closes it,
    // answering checkpoints with its final position; those batches are dropped.
    private FetchedBatch readBatch(boolean ended) {
        FetchedBatch batch = new FetchedBatch();
        while (running && batch.size() < settings.maxBatchEvents()) {
            EventRead<byte[]> read = reader.readNextEvent(settings.readTimeoutMillis());
            if (read.isCheckpoint()) {
                long id = CheckpointNames.checkpointIdOf(read.getCheckpointName());
                if (id >= 0) {
                    batch.closeWithCheckpoint(id, read.getPosition());
                    break;
                }
                continue;
            }
            if (read.getEvent() != null) {
                batch.add(read.getEvent(), read.getEventPointer());
                continue;
            }
            if (read.isReadCompleted() && !ended) {
                batch.closeWithEndOfStream();
            }
            break;
        }
        return batch;
    }

    private boolean awaitAcknowledgement() throws InterruptedException {
        while (running) {
            if (checkpointAcks.tryAcquire(settings.readTimeoutMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return false;
    }

    /** The task has emitted every event before the checkpoint the fetcher handed over last. */
    void acknowledgeCheckpoint() {
        checkpointAcks.release();
    }

    /** Called when the enumerator saw the group reach its end cut. */
    void requestEnd() {
        endRequested = true;
    }

    private void fail(Throwable t) {
        if (!running) {
            return;
        }
        LOG.warn("Pravega reader {} failed: {}", split.readerId(), t.toString());
        try {
            queue.put(FetchedBatch.failed(t));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops reading. A reader that read its stream to the end leaves the group. Any other reader
     * stays in it as a ghost, because its subtask failed or is being cancelled: leaving would
     * hand its segments back at wherever it had read to, past events its subtask never got
     * through a checkpoint. When the subtask is restored, the enumerator takes the ghost out at
     * its checkpointed position; a global restore or a new job resets the group, dropping ghosts.
     * A ghost cancels the reader-group checkpoints in progress, which it would never pass.
     */
    void close(boolean finished) throws InterruptedException {
        running = false;
        queue.close();
        thread.join(Math.max(1_000, settings.readTimeoutMillis() * 5));
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join(1_000);
        }
        try {
            if (finished) {
                reader.close();
            } else {
                cancelPendingCheckpoints();
            }
        } finally {
            clients.close();
        }
    }

    // A ghost never passes a reader-group checkpoint in progress, so the enumerator would wait
    // for it until the checkpoint timeout, blocking the restore behind it. That Flink checkpoint
    // cannot complete anyway (its barrier comes after the reader-group checkpoint, so this task
    // never acknowledges it): cancel it. On a thread of its own, waited for briefly: when
    // Pravega is unreachable (often why the task fails) its client retries for minutes, and
    // the task must not hang in close meanwhile.
    private void cancelPendingCheckpoints() throws InterruptedException {
        Thread canceller = new Thread(() -> {
            try (ReaderGroupManager groups = ReaderGroupManager.withScope(settings.scope(),
                    settings.connection().clientConfig());
                 ReaderGroup group = groups.getReaderGroup(split.readerGroup())) {
                group.cancelOutstandingCheckpoints();
            } catch (RuntimeException e) {
                LOG.debug("Could not cancel the checkpoints pending on reader group {}: {}", split.readerGroup(),
                        e.toString());
            }
        }, "pravega-cancel-checkpoints-" + split.readerId());
        canceller.setDaemon(true);
        canceller.start();
        canceller.join(CANCEL_WAIT_MILLIS);
    }
}
