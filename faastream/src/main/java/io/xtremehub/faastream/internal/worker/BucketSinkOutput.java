package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.ObjectStore;
import java.io.ByteArrayOutputStream;
import java.util.UUID;

/**
 * Writes results into part objects {@code path + "part-<partition>-<slot>-<seq>"}. Parts carry the
 * routing partition (the rank of the input segment) when the stage knows it, so reading parts in
 * name order follows the routing order. In a stream, a part is published at every tick that has data.
 *
 * <p>Full parts upload in the background ({@link PartUploads}); a flush returns once all are stored.
 * Exactly-once, parts are staged under the current epoch ({@link EpochStaging}) and named
 * {@code part-<partition>-<slot>-<epoch>-<seq>}: the manager publishes them when it commits the
 * epoch, so a part of an aborted epoch never appears in the sink.
 */
final class BucketSinkOutput implements StageOutput {
    private static final int PART_BYTES = 8 * 1024 * 1024;
    private final ObjectStore store;
    private final String bucket;
    private final String path;
    private final RecordFormat format;
    private final String slot;
    private final boolean publishOnTick;
    /** Null in at-least-once jobs. */
    private final EpochStaging staging;
    private final PartUploads uploads;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private UUID epoch;
    private int partition = -1;
    private int seq;

    /** @param staging where parts wait for their epoch's commit, or null to publish them at once */
    BucketSinkOutput(ObjectStore store, String bucket, String path, RecordFormat format, String slot,
                     boolean publishOnTick, EpochStaging staging) {
        this.store = store;
        this.bucket = bucket;
        this.path = path;
        this.format = format;
        this.slot = slot;
        this.publishOnTick = publishOnTick;
        this.staging = staging;
        this.uploads = new PartUploads(store, bucket, "faastream-parts-" + slot);
    }

    /** Exactly-once: parts written from now on belong to {@code next}; flush first. */
    void useEpoch(UUID next) {
        epoch = next;
    }

    @Override
    public void partitionHint(int p) {
        if (p >= 0 && (partition < 0 || p < partition)) {
            partition = p;
        }
    }

    @Override
    public void write(byte[] payload, double routing) {
        if (format.objectPerRecord()) {
            put(payload);
            return;
        }
        format.frame(payload, buffer);
        if (buffer.size() >= PART_BYTES) {
            sendPart();
        }
    }

    @Override
    public void flush() {
        sendPart();
        uploads.awaitAll();
    }

    private void sendPart() {
        if (buffer.size() > 0) {
            if (staging == null) {
                uploads.upload(nextName(), buffer.toByteArray());
            } else {
                put(buffer.toByteArray());
            }
            buffer.reset();
        }
    }

    private void put(byte[] data) {
        if (staging == null) {
            store.put(bucket, nextName(), data);
            return;
        }
        if (epoch == null) {
            throw new IllegalStateException("no epoch to stage sink parts in yet");
        }
        staging.stageSinkPart(epoch, nextName(), data);
    }

    @Override
    public void tick() {
        if (publishOnTick) {
            flush();
        }
    }

    private String nextName() {
        String p = partition >= 0 ? String.format("%05d", partition) : "w";
        String e = staging == null ? "" : epoch + "-";
        return String.format("%spart-%s-%s-%s%06d", path, p, slot, e, seq++);
    }

    @Override
    public void close() {
        // parts are published by flush(); an unflushed buffer on close means the worker failed
        uploads.close();
    }
}
