package io.xtremehub.flink.source.reader;

import io.xtremehub.flink.source.PravegaSourceSettings;
import io.xtremehub.flink.source.enumerator.EndOfStreamEvent;
import io.xtremehub.flink.source.enumerator.ReaderFinishedEvent;
import io.xtremehub.flink.source.split.PravegaSplit;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.UserCodeClassLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Flink source reader that is one reader of a Pravega reader group.
 *
 * <p>For Flink checkpoint N the enumerator starts reader-group checkpoint N. When this reader
 * reaches it in the data, it lets its Pravega reader record the position and then holds every
 * later event back until the task snapshots checkpoint N (or N is aborted). The reader-group
 * checkpoint completes only when every reader got there, and only then does Flink send its
 * barrier, so the barrier sits exactly where the reader group recorded this reader's position.
 * The reader's own state is empty; the positions live in the enumerator's state.
 */
public final class PravegaSourceReader<T> implements SourceReader<T, PravegaSplit> {
    private static final Logger LOG = LoggerFactory.getLogger(PravegaSourceReader.class);
    private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

    private final PravegaSourceSettings settings;
    private final SourceReaderContext context;
    private final EventDeserializer<T> deserializer;
    private final HandoverQueue queue;
    private final Counter bytesIn;
    private EventFetcher fetcher;
    private FetchedBatch current;
    private int next;
    private long heldForCheckpoint = -1;
    private long heldSince;
    private CompletableFuture<Void> released = AVAILABLE;
    private long lastAbortedCheckpoint = -1;
    private boolean ended;
    private boolean endRequested;

    public PravegaSourceReader(PravegaSourceSettings settings, DeserializationSchema<T> schema,
            SourceReaderContext context) {
        this.settings = settings;
        this.context = context;
        this.deserializer = new EventDeserializer<>(schema, settings.streamName(),
                context.metricGroup().getIOMetricGroup().getNumRecordsInCounter(),
                context.metricGroup().getNumRecordsInErrorsCounter());
        this.queue = new HandoverQueue(settings.queueCapacity());
        this.bytesIn = context.metricGroup().getIOMetricGroup().getNumBytesInCounter();
    }

    @Override
    public void start() {
        try {
            deserializer.open(new DeserializationSchema.InitializationContext() {
                @Override
                public MetricGroup getMetricGroup() {
                    return context.metricGroup().addGroup("deserializer");
                }

                @Override
                public UserCodeClassLoader getUserCodeClassLoader() {
                    return context.getUserCodeClassLoader();
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot open the deserialization schema: " + e.getMessage(), e);
        }
    }

    @Override
    public void addSplits(List<PravegaSplit> splits) {
        if (splits.isEmpty()) {
            return;
        }
        if (fetcher != null || splits.size() > 1) {
            throw new IllegalStateException("a Pravega source reader takes exactly one split, got " + splits
                    + (fetcher != null ? " after already reading" : ""));
        }
        fetcher = new EventFetcher(settings, splits.get(0), queue);
        if (endRequested) {
            fetcher.requestEnd();
        }
        fetcher.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        if (held()) {
            return InputStatus.NOTHING_AVAILABLE;
        }
        while (true) {
            if (current == null) {
                if (ended) {
                    return InputStatus.END_OF_INPUT;
                }
                current = queue.poll();
                next = 0;
                if (current == null) {
                    return InputStatus.NOTHING_AVAILABLE;
                }
                if (current.error() != null) {
                    Throwable error = current.error();
                    throw new IOException("reading Pravega stream " + settings.streamName() + " failed: "
                            + error.getMessage(), error);
                }
            }
            if (next < current.size()) {
                byte[] event = current.event(next);
                deserializer.emit(event, current.pointer(next), output);
                next++;
                bytesIn.inc(event.length);
                return InputStatus.MORE_AVAILABLE;
            }
            FetchedBatch done = current;
            current = null;
            if (done.endOfStream()) {
                ended = true;
                context.sendSourceEventToCoordinator(new ReaderFinishedEvent());
            } else if (done.checkpointId() >= 0) {
                fetcher.acknowledgeCheckpoint();
                if (done.checkpointId() > lastAbortedCheckpoint) {
                    hold(done.checkpointId());
                    return InputStatus.NOTHING_AVAILABLE;
                }
            }
        }
    }

    private void hold(long checkpointId) {
        heldForCheckpoint = checkpointId;
        heldSince = System.currentTimeMillis();
        released = new CompletableFuture<Void>()
                .completeOnTimeout(null, 2 * settings.checkpointTimeoutMillis() + 1, TimeUnit.MILLISECONDS);
    }

    private void release(long checkpointId) {
        if (heldForCheckpoint >= 0 && checkpointId >= heldForCheckpoint) {
            heldForCheckpoint = -1;
            released.complete(null);
        }
    }

    // Flink aborts (and tells the readers) a checkpoint whose reader-group checkpoint failed;
    // the timeout only guards against a lost notification.
    private boolean held() {
        if (heldForCheckpoint >= 0
                && System.currentTimeMillis() - heldSince > 2 * settings.checkpointTimeoutMillis()) {
            LOG.warn("Checkpoint {} neither completed nor was aborted within {} ms; resuming reading",
                    heldForCheckpoint, 2 * settings.checkpointTimeoutMillis());
            release(heldForCheckpoint);
        }
        return heldForCheckpoint >= 0;
    }

    @Override
    public List<PravegaSplit> snapshotState(long checkpointId) {
        release(checkpointId);
        // Positions are in the enumerator's reader-group checkpoint; each subtask gets a fresh
        // split on restore, whatever the new parallelism.
        return List.of();
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (heldForCheckpoint >= 0) {
            return released;
        }
        if (current != null || ended) {
            return AVAILABLE;
        }
        return queue.availability();
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof EndOfStreamEvent) {
            endRequested = true;
            if (fetcher != null) {
                fetcher.requestEnd();
            }
        }
    }

    @Override
    public void notifyNoMoreSplits() {
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) {
        lastAbortedCheckpoint = Math.max(lastAbortedCheckpoint, checkpointId);
        release(checkpointId);
    }

    @Override
    public void close() throws Exception {
        if (fetcher != null) {
            fetcher.close();
        }
    }
}
