package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.Envelope;

/**
 * Writes to the next stage's stream: routed events go to the segment their routing value selects,
 * the others anywhere; events above the threshold are parked in the object store by reference.
 */
final class IntermediateOutput extends StreamOutput {
    private final SegmentRouter router;
    private final LargeEvents large;
    private final int threshold;

    IntermediateOutput(PravegaContext ctx, String stream, EventWrites writer, LargeEvents large, int threshold) {
        super(writer);
        this.router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 2_000);
        this.large = large;
        this.threshold = threshold;
    }

    @Override
    public void write(byte[] payload, double routing) {
        SegmentRouter.Target target = Double.isNaN(routing) ? null : router.route(routing);
        int partition = target == null ? -1 : target.rank();
        Envelope e = payload.length > threshold ? Envelope.ref(partition, large.park(payload))
                : Envelope.data(partition, payload);
        send(target == null ? null : target.routingKey(), e.encode());
    }
}
