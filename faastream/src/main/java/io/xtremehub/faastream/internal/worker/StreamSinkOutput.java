package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import java.nio.ByteBuffer;

/** Writes results to the user's sink stream as plain serialized events. */
final class StreamSinkOutput extends StreamOutput {
    /** Pravega's event size limit, less room for framing. */
    static final int MAX_EVENT = 8 * 1024 * 1024 - 1024;
    private final SegmentRouter router;
    private final String stream;

    StreamSinkOutput(PravegaContext ctx, String stream, EventWrites writer) {
        super(writer);
        this.stream = stream;
        this.router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 5_000);
    }

    @Override
    public void write(byte[] payload, double routing) {
        if (payload.length > MAX_EVENT) {
            throw new IllegalArgumentException("result of " + payload.length + " bytes exceeds the "
                    + MAX_EVENT + "-byte event limit of sink stream " + stream
                    + "; write large results to a bucket instead");
        }
        send(Double.isNaN(routing) ? null : router.route(routing).routingKey(), ByteBuffer.wrap(payload));
    }
}
