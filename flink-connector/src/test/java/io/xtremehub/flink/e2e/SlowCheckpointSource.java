package io.xtremehub.flink.e2e;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.annotation.Nullable;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A second source in a job that emits nothing and whose enumerator takes {@code delayMillis}
 * to checkpoint once, at the first checkpoint from {@code slowCheckpoint} on (again after a
 * global restart, which makes a new enumerator): Flink sends the barriers of that checkpoint to
 * every source only once all enumerators have checkpointed, so the Pravega readers wait that
 * long for theirs after their reader-group checkpoint completed. Optionally the enumerator then
 * fails the job once, when that checkpoint completes: a failure of an enumerator makes Flink
 * restart the whole job globally and reset every enumerator.
 */
final class SlowCheckpointSource implements Source<String, SlowCheckpointSource.NoSplit, Integer>,
        ResultTypeQueryable<String> {
    private static final long serialVersionUID = 1L;

    /** Whether an enumerator has failed a job; a test resets it before its job starts. */
    static final AtomicBoolean FAILED_JOB = new AtomicBoolean();
    /** The checkpoint slowed last, or -1; a test resets it before its job starts. */
    static final AtomicLong SLOWED = new AtomicLong(-1);

    private final long slowCheckpoint;
    private final long delayMillis;
    private final boolean failJobAfterIt;

    SlowCheckpointSource(long slowCheckpoint, long delayMillis, boolean failJobAfterIt) {
        this.slowCheckpoint = slowCheckpoint;
        this.delayMillis = delayMillis;
        this.failJobAfterIt = failJobAfterIt;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<String, NoSplit> createReader(SourceReaderContext context) {
        return new IdleReader();
    }

    @Override
    public SplitEnumerator<NoSplit, Integer> createEnumerator(SplitEnumeratorContext<NoSplit> context) {
        return new SlowEnumerator(slowCheckpoint, delayMillis, failJobAfterIt);
    }

    @Override
    public SplitEnumerator<NoSplit, Integer> restoreEnumerator(SplitEnumeratorContext<NoSplit> context,
            Integer state) {
        return new SlowEnumerator(slowCheckpoint, delayMillis, failJobAfterIt);
    }

    @Override
    public SimpleVersionedSerializer<NoSplit> getSplitSerializer() {
        return new NothingSerializer<>(new NoSplit());
    }

    @Override
    public SimpleVersionedSerializer<Integer> getEnumeratorCheckpointSerializer() {
        return new NothingSerializer<>(0);
    }

    @Override
    public TypeInformation<String> getProducedType() {
        return Types.STRING;
    }

    /** The split type of a source that has no splits. */
    static final class NoSplit implements SourceSplit {
        @Override
        public String splitId() {
            return "none";
        }
    }

    private static final class SlowEnumerator implements SplitEnumerator<NoSplit, Integer> {
        private final long slowCheckpoint;
        private final long delayMillis;
        private final boolean failJobAfterIt;
        private boolean slowed;

        SlowEnumerator(long slowCheckpoint, long delayMillis, boolean failJobAfterIt) {
            this.slowCheckpoint = slowCheckpoint;
            this.delayMillis = delayMillis;
            this.failJobAfterIt = failJobAfterIt;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (failJobAfterIt && checkpointId == SLOWED.get() && FAILED_JOB.compareAndSet(false, true)) {
                throw new IllegalStateException("induced enumerator failure after checkpoint " + checkpointId);
            }
        }

        @Override
        public Integer snapshotState(long checkpointId) throws Exception {
            if (!slowed && checkpointId >= slowCheckpoint) {
                slowed = true;
                SLOWED.set(checkpointId);
                Thread.sleep(delayMillis); // the injected slowness of this enumerator, not a wait for a condition
            }
            return 0;
        }

        @Override
        public void start() {
        }

        @Override
        public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        }

        @Override
        public void addSplitsBack(List<NoSplit> splits, int subtaskId) {
        }

        @Override
        public void addReader(int subtaskId) {
        }

        @Override
        public void close() {
        }
    }

    private static final class IdleReader implements SourceReader<String, NoSplit> {
        private final CompletableFuture<Void> never = new CompletableFuture<>();

        @Override
        public void start() {
        }

        @Override
        public InputStatus pollNext(ReaderOutput<String> output) {
            return InputStatus.NOTHING_AVAILABLE;
        }

        @Override
        public List<NoSplit> snapshotState(long checkpointId) {
            return List.of();
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return never;
        }

        @Override
        public void addSplits(List<NoSplit> splits) {
        }

        @Override
        public void notifyNoMoreSplits() {
        }

        @Override
        public void close() {
        }
    }

    private static final class NothingSerializer<T> implements SimpleVersionedSerializer<T> {
        private final T value;

        NothingSerializer(T value) {
            this.value = value;
        }

        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(T obj) {
            return new byte[0];
        }

        @Override
        public T deserialize(int version, byte[] serialized) {
            return value;
        }
    }
}
