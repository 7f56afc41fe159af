package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.Envelope;
import io.xtremehub.faastream.internal.wire.EventPack;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes to the next stage's stream: routed events go to the segment their routing value selects,
 * the others anywhere; events above the threshold are parked in the object store by reference.
 * Small events are packed per target segment ({@link EventPack}) and a pack is written when it is
 * full or the output is flushed (at every sync, and in a stream whenever the worker goes idle), so a
 * shuffle of small records costs Pravega one event per pack instead of one per record.
 *
 * <p>A reader-group checkpoint can only fall between packs, so before a stage that recovers from
 * checkpoints a pack holds at most what the next worker's queue holds. Before a stage that holds its
 * whole input until it ends (reduce, sort; a lost worker there stops the job), packs are bounded by
 * size alone, and in a batch they grow bigger and are parked (in the object store, or in the job's
 * local shuffle directory when its workers share a host) with a reference in the stream: the bulk of the shuffle is then written and read once, instead of going through the
 * stream's write-ahead log and its tiering to long-term storage.
 */
final class IntermediateOutput extends StreamOutput {
    /** A pack is written once it holds this many bytes. */
    static final int PACK_BYTES = 1 << 20;
    /** In a batch, a pack is parked once it holds this many bytes. */
    static final int PARKED_PACK_BYTES = 8 << 20;

    private final SegmentRouter router;
    private final LargeEvents large;
    private final int threshold;
    private final int packLimit;
    /** When a pack is written: {@link #packLimit}, or in a batch {@link #PARKED_PACK_BYTES}. */
    private final int fullPack;
    /** Most events in one pack. */
    private final int maxEvents;
    /** Open packs by target segment (-1: unrouted), in the order they were opened. */
    private final Map<Long, OpenPack> packs = new LinkedHashMap<>();

    private record OpenPack(String routingKey, int partition, EventPack pack) {
    }

    /**
     * @param maxEvents most events in one pack
     * @param parkPacks whether packs grow big and go to the object store
     */
    IntermediateOutput(PravegaContext ctx, String stream, EventWrites writer, LargeEvents large, int threshold,
                       int maxEvents, boolean parkPacks) {
        super(writer);
        this.router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 2_000);
        this.large = large;
        this.threshold = threshold;
        // a pack, framed, never exceeds what may travel inline
        this.packLimit = Math.min(PACK_BYTES, threshold - 64);
        this.fullPack = parkPacks ? Math.max(packLimit, PARKED_PACK_BYTES) : packLimit;
        this.maxEvents = Math.max(1, maxEvents);
    }

    @Override
    public void write(byte[] payload, double routing) {
        SegmentRouter.Target target = Double.isNaN(routing) ? null : router.route(routing);
        long id = target == null ? -1 : target.segmentId();
        if (EventPack.framed(payload.length) > packLimit / 4) {
            // a large event travels alone, after what was packed for its segment (order per segment)
            sendPack(id);
            int partition = target == null ? -1 : target.rank();
            Envelope e = payload.length > threshold ? Envelope.ref(partition, large.park(payload))
                    : Envelope.data(partition, payload);
            send(target == null ? null : target.routingKey(), e.encode());
            return;
        }
        OpenPack open = packs.get(id);
        if (open != null && (open.pack().size() + EventPack.framed(payload.length) > fullPack
                || open.pack().count() >= maxEvents)) {
            sendPack(id);
            open = null;
        }
        if (open == null) {
            open = new OpenPack(target == null ? null : target.routingKey(), target == null ? -1 : target.rank(),
                    new EventPack());
            packs.put(id, open);
        }
        open.pack().add(payload);
        pending();
    }

    @Override
    protected void drain() {
        for (Long id : packs.keySet().toArray(new Long[0])) {
            sendPack(id);
        }
    }

    private void sendPack(long id) {
        OpenPack open = packs.remove(id);
        if (open == null || open.pack().count() == 0) {
            return;
        }
        if (open.pack().count() == 1) {
            // a lone event needs no pack frame
            byte[] only = EventPack.unpack(open.pack().drain()).get(0);
            send(open.routingKey(), Envelope.data(open.partition(), only).encode());
            return;
        }
        if (open.pack().size() > packLimit) {
            send(open.routingKey(), Envelope.packRef(open.partition(), large.parkPack(open.pack().drain())).encode());
            return;
        }
        send(open.routingKey(), Envelope.pack(open.partition(), open.pack().drain()).encode());
    }
}
