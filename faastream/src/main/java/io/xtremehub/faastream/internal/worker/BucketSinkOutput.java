package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.internal.io.ObjectStore;
import java.io.ByteArrayOutputStream;

/**
 * Writes results into part objects {@code path + "part-<partition>-<slot>-<seq>"}. Parts carry the
 * routing partition (the rank of the input segment) when the stage knows it, so reading parts in
 * name order follows the routing order. In a stream, a part is published at every tick that has data.
 * Full parts upload in the background ({@link PartUploads}); a flush returns once all are stored.
 */
final class BucketSinkOutput implements StageOutput {
    private static final int PART_BYTES = 8 * 1024 * 1024;
    private final ObjectStore store;
    private final String bucket;
    private final String path;
    private final RecordFormat format;
    private final String slot;
    private final boolean publishOnTick;
    private final PartUploads uploads;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private int partition = -1;
    private int seq;

    BucketSinkOutput(ObjectStore store, String bucket, String path, RecordFormat format, String slot,
                     boolean publishOnTick) {
        this.store = store;
        this.bucket = bucket;
        this.path = path;
        this.format = format;
        this.slot = slot;
        this.publishOnTick = publishOnTick;
        this.uploads = new PartUploads(store, bucket, "faastream-parts-" + slot);
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
            store.put(bucket, nextName(), payload);
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
            uploads.upload(nextName(), buffer.toByteArray());
            buffer.reset();
        }
    }

    @Override
    public void tick() {
        if (publishOnTick) {
            flush();
        }
    }

    private String nextName() {
        String p = partition >= 0 ? String.format("%05d", partition) : "w";
        return String.format("%spart-%s-%s-%06d", path, p, slot, seq++);
    }

    @Override
    public void close() {
        // parts are published by flush(); an unflushed buffer on close means the worker failed
        uploads.close();
    }
}
