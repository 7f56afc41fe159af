package io.xtremehub.autoscaler.act;

import io.pravega.client.ClientConfig;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;

/**
 * A Pravega stream's minimum segments: raising it makes the controller scale the stream up to
 * that many segments at once; lowering it lets the stream's own auto-scaling merge again. The
 * policy's type, target rate and scale factor are kept.
 */
public final class StreamMinSegments implements Actuator {
    private final StreamManager streams;
    private final String scope;
    private final String stream;

    public StreamMinSegments(ClientConfig client, String scope, String stream) {
        this.streams = StreamManager.create(client);
        this.scope = scope;
        this.stream = stream;
    }

    @Override
    public String describe() {
        return "minimum segments of stream " + scope + "/" + stream;
    }

    @Override
    public int current() {
        return configuration().getScalingPolicy().getMinNumSegments();
    }

    @Override
    public void scaleTo(int target) {
        if (target < 1) {
            throw new ActuatorException("a stream needs at least 1 segment, got " + target);
        }
        StreamConfiguration now = configuration();
        ScalingPolicy p = now.getScalingPolicy();
        ScalingPolicy next = switch (p.getScaleType()) {
            case FIXED_NUM_SEGMENTS -> ScalingPolicy.fixed(target);
            case BY_RATE_IN_EVENTS_PER_SEC -> ScalingPolicy.byEventRate(p.getTargetRate(), p.getScaleFactor(), target);
            case BY_RATE_IN_KBYTES_PER_SEC -> ScalingPolicy.byDataRate(p.getTargetRate(), p.getScaleFactor(), target);
        };
        if (!streams.updateStream(scope, stream, now.toBuilder().scalingPolicy(next).build())) {
            throw new ActuatorException("Pravega refused to update stream " + scope + "/" + stream);
        }
    }

    private StreamConfiguration configuration() {
        try {
            return streams.fetchStreamInfo(scope, stream).join().getStreamConfiguration();
        } catch (RuntimeException e) {
            throw new ActuatorException("cannot read stream " + scope + "/" + stream + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        streams.close();
    }
}
