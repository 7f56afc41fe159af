package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.Position;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Envelope;
import io.xtremehub.faastream.internal.wire.EventPack;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Reads the segments the stage's reader group assigns to this worker. On intermediate streams the
 * events are {@link Envelope}s (large events are fetched from the object store, packs of small events
 * are handed out one event at a time before the next read); on a user's source stream they are the
 * user's bytes.
 */
final class ReaderGroupInput implements StageInput {
    /**
     * Longest one Pravega read blocks. Pravega 0.13's reader at the tail of a segment can miss the
     * wake-up for an event that becomes readable while it waits, and then sleeps out its whole wait
     * (up to 1 s) with the event there; the next read returns it at once. Short reads bound that
     * delay (the worker's read loop simply reads again); see README.md, "Latency budget of a hop".
     */
    static final long READ_WAKEUP_MILLIS = 20;

    private final PravegaContext ctx;
    private final String readerGroup;
    private final String readerId;
    /** Null when the reader keeps Pravega's own pace of handing segments on. */
    private final SegmentShare share;
    private EventStreamReader<ByteBuffer> reader;
    private final boolean enveloped;
    private final LargeEvents large;
    /** The events of the last pack read that were not handed out yet. */
    private final Deque<InputItem> unpacked = new ArrayDeque<>();
    /** Whether packs are handed out whole, for a stage that keeps them as they are. */
    private final boolean wholePacks;
    /** The reader's position after its last read that returned something; null before the first. */
    private Position afterLastRead;

    /**
     * @param rebalance whether the reader lets go of all its segments at once when it holds more than
     *                  its even share ({@link SegmentShare}); off where moving a segment mid-window
     *                  matters (keyed stages) or positions belong to checkpointed epochs (exactly-once)
     * @param wholePacks whether a pack is one item ({@link InputItem#pack}) instead of one item per event
     * @param stages    the job's stage count, which paces the spread checks
     */
    ReaderGroupInput(PravegaContext ctx, String readerGroup, String readerId, boolean enveloped, LargeEvents large,
                     boolean rebalance, boolean wholePacks, int stages) {
        this.ctx = ctx;
        this.readerGroup = readerGroup;
        this.readerId = readerId;
        this.reader = createReader();
        this.share = rebalance ? new SegmentShare(ctx, readerGroup, readerId, stages) : null;
        this.enveloped = enveloped;
        this.large = large;
        this.wholePacks = wholePacks;
    }

    /**
     * Without time windows: FaaStream writes no watermarks, and a reader with them sets up a client of each
     * stream's watermark stream when it joins (a controller call and a segment-store handshake, which a
     * recovery's fresh workers wait for) and reads it whenever it takes segments.
     */
    private EventStreamReader<ByteBuffer> createReader() {
        return ctx.events().createReader(readerId, readerGroup, new ByteBufferSerializer(),
                ReaderConfig.builder().disableTimeWindows(true).build());
    }

    @Override
    public InputItem next(long timeoutMillis) {
        if (!unpacked.isEmpty()) {
            return unpacked.poll();
        }
        EventRead<ByteBuffer> r = reader.readNextEvent(Math.min(timeoutMillis, READ_WAKEUP_MILLIS));
        if (r.isCheckpoint()) {
            return InputItem.checkpoint(r.getCheckpointName());
        }
        ByteBuffer buf = r.getEvent();
        if (buf == null) {
            return null;
        }
        // items carry where a reader would start again to lose none of them (see InputItem#resumeAt)
        Position before = afterLastRead;
        afterLastRead = r.getPosition();
        String origin = String.valueOf(r.getEventPointer());
        if (!enveloped) {
            byte[] b = new byte[buf.remaining()];
            buf.get(b);
            return InputItem.event(b, -1, origin).resumingAt(afterLastRead);
        }
        Envelope e = Envelope.decode(buf);
        return switch (e.type()) {
            case END -> InputItem.end(e.segmentId()).resumingAt(afterLastRead);
            case DATA -> InputItem.event(e.payload(), e.partition(), origin).resumingAt(afterLastRead);
            case REF -> InputItem.event(large.fetch(e.refKey()), e.partition(), origin + " (large event " + e.refKey() + ")")
                    .resumingAt(afterLastRead);
            case PACK -> unpack(e.payload(), e.partition(), origin, before);
            case PACK_REF -> unpack(large.fetch(e.refKey()), e.partition(), origin + " (parked pack " + e.refKey() + ")",
                    before);
        };
    }

    @Override
    public boolean wantsRelease() {
        return share != null && unpacked.isEmpty() && share.holdsTooMany();
    }

    /**
     * Lets go of every segment and joins again. Closing records the position after the last event
     * returned, so the caller must have processed and flushed all of them: the next owner of each
     * segment starts right after it.
     */
    @Override
    public void release() {
        reader.close();
        reader = createReader();
        share.released();
    }

    /** @param before the reader's position before the pack: its events but the last resume there */
    private InputItem unpack(byte[] body, int partition, String origin, Position before) {
        if (wholePacks) {
            return InputItem.pack(body, EventPack.count(body), partition, origin).resumingAt(afterLastRead);
        }
        String base = origin + " packed event ";
        List<byte[]> events = EventPack.unpack(body);
        for (int i = 0; i < events.size(); i++) {
            // only once the pack's last event is processed is the whole pack behind the resume point
            unpacked.add(InputItem.event(events.get(i), partition, base, i,
                    i == events.size() - 1 ? afterLastRead : before));
        }
        return unpacked.poll();
    }

    @Override
    public boolean buffered() {
        return !unpacked.isEmpty();
    }

    @Override
    public boolean exhausted() {
        return false;
    }

    @Override
    public boolean readerGroup() {
        return true;
    }

    @Override
    public void abandon() {
        closeShare();
        reader.closeAt(null);
    }

    @Override
    public void abandonAt(Position resumeAt) {
        closeShare();
        reader.closeAt(resumeAt);
    }

    /** Closing reports the last read position, so the next owner of its segments goes on from there. */
    @Override
    public void close() {
        closeShare();
        reader.close();
    }

    private void closeShare() {
        if (share != null) {
            share.close();
        }
    }
}
