package io.xtremehub.faastream.internal.io;

import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Exactly-once objects that must not be seen before their epoch is committed. Workers write them
 * into the spill bucket under the epoch (its transaction id): sink parts under the key they get
 * once published, dead letters, parked large events. The manager publishes the sink parts by a
 * server-side copy when it commits the epoch (a copy of the same part to the same key again is
 * harmless, so a commit can be finished twice) and deletes everything of an aborted epoch.
 */
public final class EpochStaging {
    private static final String SINK = "sink/";
    private static final String DEAD = "dead/";
    private static final String LARGE = "large/";

    private final ObjectStore store;
    private final String bucket;
    private final JobNames names;

    public EpochStaging(ObjectStore store, String spillBucket, JobNames names) {
        this.store = store;
        this.bucket = spillBucket;
        this.names = names;
    }

    /** The staged copy of sink part {@code finalKey}. */
    public void stageSinkPart(UUID epoch, String finalKey, byte[] data) {
        store.put(bucket, names.epochStagingPrefix(epoch) + SINK + finalKey, data);
    }

    /** Staged dead letters of one worker, one object per flush. */
    public void stageDeadLetters(UUID epoch, String workerSlot, int seq, byte[] lines) {
        store.put(bucket, names.epochStagingPrefix(epoch) + DEAD + workerSlot + "-" + seq, lines);
    }

    /** Where a large event written in {@code epoch} is parked: gone with the epoch if it is aborted. */
    public String largeEventPrefix(UUID epoch) {
        return names.epochStagingPrefix(epoch) + LARGE;
    }

    /** The staged dead-letter objects of an epoch, each a block of lines (one record a line). */
    public List<byte[]> deadLetters(UUID epoch) {
        List<byte[]> out = new ArrayList<>();
        for (ObjectStore.Listed o : store.list(bucket, names.epochStagingPrefix(epoch) + DEAD)) {
            out.add(store.get(bucket, o.key()));
        }
        return out;
    }

    /**
     * Publishes the epoch's staged sink parts into {@code sinkBucket} under their final keys, then
     * removes the staged parts and dead letters (the large events stay: committed events refer to them).
     *
     * @return how many parts were published
     */
    public int publish(UUID epoch, String sinkBucket) {
        String sink = names.epochStagingPrefix(epoch) + SINK;
        List<ObjectStore.Listed> parts = sinkBucket == null ? List.of() : store.list(bucket, sink);
        for (ObjectStore.Listed part : parts) {
            store.copy(bucket, part.key(), sinkBucket, part.key().substring(sink.length()));
        }
        store.deletePrefix(bucket, sink);
        store.deletePrefix(bucket, names.epochStagingPrefix(epoch) + DEAD);
        return parts.size();
    }

    /** Deletes everything an aborted epoch wrote; its parts and letters are never published. */
    public int discard(UUID epoch) {
        return store.deletePrefix(bucket, names.epochStagingPrefix(epoch));
    }
}
