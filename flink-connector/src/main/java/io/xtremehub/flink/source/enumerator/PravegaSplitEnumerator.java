package io.xtremehub.flink.source.enumerator;

import io.pravega.client.admin.StreamInfo;
import io.pravega.client.stream.Checkpoint;
import io.pravega.client.stream.Position;
import io.pravega.client.stream.StreamCut;
import io.xtremehub.flink.source.PravegaSourceSettings;
import io.xtremehub.flink.source.split.PravegaSplit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.annotation.Nullable;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Coordinates the Pravega reader group behind a {@link io.xtremehub.flink.source.PravegaSource}.
 *
 * <p>Each reader subtask gets one split: the right to join the group under a fresh reader id.
 * For every Flink checkpoint the enumerator takes a reader-group checkpoint of the same id
 * and stores it in its state. The readers see that checkpoint as an event in the data and
 * turn it into their Flink barrier, so the stored positions and the barriers line up
 * exactly. A restore rewinds the whole group to the stored checkpoint.
 *
 * <p>After a task failure Flink restores the failed subtasks (under region failover only the
 * failed region) from the last completed checkpoint without resetting the enumerator; each
 * restored reader's split holds its Pravega reader's position at that checkpoint.
 * The failed reader never left the group (see {@code EventFetcher#close}), so the enumerator
 * takes it out at that position, which hands its segments back exactly where the restored
 * subtask's output stops, and gives the subtask a new reader. When that is not exact (the
 * reader moved segments since, or the subtask has no checkpointed position) the enumerator
 * fails the job, which restarts globally and rewinds the whole group.
 */
public final class PravegaSplitEnumerator implements SplitEnumerator<PravegaSplit, PravegaEnumeratorState> {
    private static final Logger LOG = LoggerFactory.getLogger(PravegaSplitEnumerator.class);
    private static final long READER_POLL_MILLIS = 10;
    private static final long METRICS_PERIOD_MILLIS = 2_000;
    // each end check keeps a silent reader-group checkpoint pending for about half a second, during
    // which readers cannot complete segments and Flink's checkpoints wait: leave gaps between them
    private static final long END_CHECK_MILLIS = 1000;

    private final PravegaSourceSettings settings;
    private final SplitEnumeratorContext<PravegaSplit> context;
    @Nullable private final PravegaEnumeratorState restored;
    private final Map<Integer, PravegaSplit> assigned = new HashMap<>();
    private final Set<String> seenOnline = new HashSet<>();
    private final Set<Integer> finished = new HashSet<>();
    // subtasks that registered again on their own and whose old reader is not yet replaced
    private final Set<Integer> recovering = new HashSet<>();
    private ReaderGroupCoordinator group;
    private StreamCut endCut;
    private volatile long unreadBytes = -1;
    private volatile boolean endReached;

    public PravegaSplitEnumerator(PravegaSourceSettings settings, SplitEnumeratorContext<PravegaSplit> context,
            @Nullable PravegaEnumeratorState restored) {
        this.settings = settings;
        this.context = context;
        this.restored = restored;
    }

    @Override
    public void start() {
        group = new ReaderGroupCoordinator(settings);
        StreamCut start;
        if (restored != null) {
            Checkpoint checkpoint = restored.pravegaCheckpoint();
            start = group.positionOf(checkpoint);
            endCut = restored.endStreamCut();
            LOG.info("Restoring reader group {} from checkpoint {}", settings.readerGroupName(), checkpoint.getName());
        } else {
            StreamInfo info = group.streamInfo();
            start = settings.start().resolve(info);
            endCut = settings.bounded() ? settings.stop().resolve(info) : null;
        }
        group.resetGroup(start, endCut);
        if (endCut != null) {
            context.callAsync(this::checkEnd, this::onEndChecked, END_CHECK_MILLIS, END_CHECK_MILLIS);
        }
        context.metricGroup().gauge("pravegaUnreadBytes", () -> unreadBytes);
        context.callAsync(group::unreadBytes, (bytes, error) -> {
            if (error == null) {
                unreadBytes = bytes;
            }
        }, METRICS_PERIOD_MILLIS, METRICS_PERIOD_MILLIS);
    }

    // runs on a worker thread
    private boolean checkEnd() throws Exception {
        return !endReached && group.reachedEnd(endCut, settings.checkpointTimeoutMillis());
    }

    private void onEndChecked(Boolean reached, Throwable error) {
        if (error != null) {
            LOG.debug("Could not check whether reader group {} reached its end: {}", settings.readerGroupName(),
                    error.toString());
        } else if (reached && !endReached) {
            endReached = true;
            LOG.info("Reader group {} read {} up to its end cut", settings.readerGroupName(), settings.streamName());
            assigned.keySet().forEach(subtask -> context.sendEventToSourceReader(subtask, new EndOfStreamEvent()));
        }
    }

    @Override
    public void addReader(int subtaskId) {
        if (assigned.containsKey(subtaskId)) {
            // restored after a task failure: its ReaderStartedEvent says where it was restored
            recovering.add(subtaskId);
            LOG.info("Source subtask {} was restored; waiting for its checkpointed position", subtaskId);
            return;
        }
        assignNewReader(subtaskId);
    }

    private void assignNewReader(int subtaskId) {
        PravegaSplit split = new PravegaSplit(settings.readerGroupName(), subtaskId,
                subtaskId + "-" + UUID.randomUUID());
        assigned.put(subtaskId, split);
        finished.remove(subtaskId);
        context.assignSplit(split, subtaskId);
        LOG.info("Assigned {}", split);
        if (endReached) {
            context.sendEventToSourceReader(subtaskId, new EndOfStreamEvent());
        }
    }

    // The restored subtask's output ends at its checkpointed position: its old reader's segments
    // go back to the group there, then it joins as a new reader.
    private void recover(int subtaskId, ReaderStartedEvent started) {
        recovering.remove(subtaskId);
        String oldReader = assigned.get(subtaskId).readerId();
        if (!oldReader.equals(started.previousReaderId()) || started.previousPosition() == null) {
            throw new IllegalStateException("source subtask " + subtaskId + " of the Pravega source on "
                    + settings.streamName() + " was restored without a checkpointed position for reader "
                    + oldReader + " (it failed before a checkpoint included that reader): failing the job"
                    + " over globally to rewind reader group " + settings.readerGroupName());
        }
        if (endReached) {
            // the other readers were told to finish and would not read the segments handed back
            throw new IllegalStateException("source subtask " + subtaskId + " of the bounded Pravega source on "
                    + settings.streamName() + " was restored after reader group "
                    + settings.readerGroupName() + " reached its end cut: failing the job over globally");
        }
        Position position = Position.fromBytes(ByteBuffer.wrap(started.previousPosition()));
        if (!group.offlineAt(oldReader, position)) {
            throw new IllegalStateException("source subtask " + subtaskId + " of the Pravega source on "
                    + settings.streamName() + " was restored, but its reader " + oldReader
                    + " no longer holds the segments it held at the restored checkpoint: failing the job over"
                    + " globally to rewind reader group " + settings.readerGroupName());
        }
        LOG.info("Reader {} of subtask {} went offline at its checkpointed position", oldReader, subtaskId);
        assignNewReader(subtaskId);
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        // splits are pushed when readers register
    }

    @Override
    public void addSplitsBack(List<PravegaSplit> splits, int subtaskId) {
        // Splits assigned after the last completed checkpoint; the failed reader stays in the group
        // until its subtask registers again and says where it was restored, see addReader.
        LOG.info("Subtask {} gave back {}", subtaskId, splits);
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent sourceEvent) {
        if (sourceEvent instanceof ReaderFinishedEvent) {
            finished.add(subtaskId);
        } else if (sourceEvent instanceof ReaderStartedEvent started && recovering.contains(subtaskId)) {
            recover(subtaskId, started);
        }
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) {
        CheckpointAbortedEvent aborted = new CheckpointAbortedEvent(checkpointId);
        context.registeredReaders().keySet().forEach(subtask -> context.sendEventToSourceReader(subtask, aborted));
    }

    @Override
    public PravegaEnumeratorState snapshotState(long checkpointId) throws Exception {
        if (!recovering.isEmpty()) {
            // not an IOException: Flink counts those against the tolerable checkpoint failures
            // (none by default) and would fail the job, while this one passes in a moment
            throw new IllegalStateException("source subtasks " + recovering + " of reader group "
                    + settings.readerGroupName() + " are being restored: no checkpoint until their readers are replaced");
        }
        long deadline = System.currentTimeMillis() + settings.checkpointTimeoutMillis();
        awaitReadersJoined(deadline);
        refuseIfReaderLeft();
        String name = CheckpointNames.forCheckpoint(checkpointId);
        Checkpoint checkpoint = group.checkpoint(name, Math.max(1, deadline - System.currentTimeMillis()));
        LOG.debug("Reader group {} completed {}", settings.readerGroupName(), name);
        return PravegaEnumeratorState.of(checkpoint, endCut);
    }

    // A reader that joins after a reader-group checkpoint started is not part of it and would
    // never see its event, so the checkpoint waits until every assigned reader has joined.
    private void awaitReadersJoined(long deadline) throws IOException, InterruptedException {
        while (true) {
            Set<String> missing = missingReaders();
            if (missing.isEmpty()) {
                return;
            }
            Set<String> online = group.onlineReaders();
            seenOnline.addAll(online);
            missing.removeAll(online);
            if (missing.isEmpty() || (settings.bounded() && group.unreadBytes() == 0)) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("Pravega readers " + missing + " of reader group " + settings.readerGroupName()
                        + " did not join within " + settings.checkpointTimeoutMillis() + " ms");
            }
            Thread.sleep(READER_POLL_MILLIS);
        }
    }

    // A reader that left without finishing belongs to a failed subtask: the group released its
    // segments at wherever it had read to, so a checkpoint now would skip what that subtask
    // read but never delivered. Refusing it lets the job fail over and rewind the group.
    private void refuseIfReaderLeft() throws IOException {
        if (settings.bounded() && (endReached || group.unreadBytes() == 0)) {
            return;
        }
        Set<String> online = group.onlineReaders();
        for (Map.Entry<Integer, PravegaSplit> e : assigned.entrySet()) {
            String reader = e.getValue().readerId();
            if (!finished.contains(e.getKey()) && seenOnline.contains(reader) && !online.contains(reader)) {
                throw new IOException("Pravega reader " + reader + " of source subtask " + e.getKey()
                        + " left reader group " + settings.readerGroupName() + " without finishing (the subtask"
                        + " failed): no checkpoint until the job has failed over and rewound the group");
            }
        }
    }

    private Set<String> missingReaders() {
        return assigned.entrySet().stream()
                .filter(e -> !finished.contains(e.getKey()))
                .map(e -> e.getValue().readerId())
                .filter(id -> !seenOnline.contains(id))
                .collect(Collectors.toSet());
    }

    @Override
    public void close() throws IOException {
        if (group != null) {
            group.close();
        }
    }
}
