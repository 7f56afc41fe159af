package io.xtremehub.flink.source.reader;

import io.pravega.client.stream.Position;
import io.xtremehub.flink.source.PravegaSourceSettings;
import io.xtremehub.flink.source.enumerator.CheckpointAbortedEvent;
import io.xtremehub.flink.source.enumerator.EndOfStreamEvent;
import io.xtremehub.flink.source.enumerator.ReaderFinishedEvent;
import io.xtremehub.flink.source.enumerator.ReaderStartedEvent;
import io.xtremehub.flink.source.split.PravegaSplit;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * It never lets events past that position out before the barrier unless Flink aborted the
 * checkpoint: a checkpoint whose barrier comes late still completes, and a restore from it
 * would read such events a second time.
 *
 * <p>The positions of the whole group live in the enumerator's state. The reader's own state is
 * its split with its Pravega reader's position at the checkpoint, used when Flink restores this
 * subtask without resetting the enumerator (see {@code PravegaSplitEnumerator}).
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
    private PravegaSplit split;
    private PravegaSplit restored;
    private FetchedBatch current;
    private int next;
    private long heldForCheckpoint = -1;
    private byte[] heldPosition;
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
        context.sendSourceEventToCoordinator(restored == null ? new ReaderStartedEvent(null, null)
                : new ReaderStartedEvent(restored.readerId(), restored.position()));
    }

    /**
     * Splits with a position come from this subtask's state (Flink adds them before the reader
     * registers): they only name the previous reader, which {@link #start()} reports. A split
     * without one is the enumerator's assignment, read from now on.
     */
    @Override
    public void addSplits(List<PravegaSplit> splits) {
        for (PravegaSplit s : splits) {
            if (s.position() != null) {
                // after rescaling a subtask may get several; only its own names its previous reader
                if (s.subtask() == context.getIndexOfSubtask()) {
                    restored = s;
                }
            } else if (fetcher != null) {
                throw new IllegalStateException("a Pravega source reader takes exactly one split, got " + s
                        + " after already reading " + split);
            } else {
                split = s;
                fetcher = new EventFetcher(settings, s, queue);
                if (endRequested) {
                    fetcher.requestEnd();
                }
                fetcher.start();
            }
        }
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
                    hold(done.checkpointId(), done.checkpointPosition());
                    return InputStatus.NOTHING_AVAILABLE;
                }
            }
        }
    }

    private void hold(long checkpointId, Position position) {
        heldForCheckpoint = checkpointId;
        heldPosition = bytes(position.toBytes());
        // wakes pollNext once, to warn about a checkpoint that takes suspiciously long
        released = new CompletableFuture<Void>()
                .completeOnTimeout(null, 2 * settings.checkpointTimeoutMillis(), TimeUnit.MILLISECONDS);
    }

    private void release(long checkpointId) {
        if (heldForCheckpoint >= 0 && checkpointId >= heldForCheckpoint) {
            heldForCheckpoint = -1;
            released.complete(null);
        }
    }

    private boolean held() {
        if (heldForCheckpoint >= 0 && released.isDone()) {
            LOG.warn("Checkpoint {} was neither snapshotted nor aborted within {} ms; still holding events back"
                    + " (emitting them before its barrier would duplicate them on a restore from it)",
                    heldForCheckpoint, 2 * settings.checkpointTimeoutMillis());
            released = new CompletableFuture<>();
        }
        return heldForCheckpoint >= 0;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    @Override
    public List<PravegaSplit> snapshotState(long checkpointId) {
        // Held for this checkpoint means everything up to the recorded position was emitted and
        // nothing after it; otherwise (no split yet, or ended) there is no position to vouch for.
        List<PravegaSplit> state = heldForCheckpoint == checkpointId
                ? List.of(split.atPosition(heldPosition)) : List.of();
        release(checkpointId);
        return state;
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
        } else if (event instanceof CheckpointAbortedEvent aborted) {
            notifyCheckpointAborted(aborted.checkpointId());
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
            fetcher.close(ended);
        }
    }
}
