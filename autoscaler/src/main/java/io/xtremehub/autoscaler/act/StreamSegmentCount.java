package io.xtremehub.autoscaler.act;

import io.pravega.client.ClientConfig;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.impl.SegmentWithRange;
import io.pravega.client.stream.impl.StreamSegments;
import io.xtremehub.pravega.Controllers;
import io.xtremehub.pravega.SegmentRanges;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * A Pravega stream's active segments, scaled through the controller in one step per call: the
 * widest segments split, or the narrowest neighbours merge (see {@link RescalePlan}). Readers
 * finish a sealed segment before its successors, so each routing key keeps its order. The
 * controller refuses a count below the stream's minimum segments.
 */
public final class StreamSegmentCount implements Actuator {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stream-segment-count");
        t.setDaemon(true);
        return t;
    });
    private final ControllerImpl controller;
    private final String scope;
    private final String stream;

    public StreamSegmentCount(ClientConfig client, String scope, String stream) {
        this.controller = Controllers.open(client, 3, executor);
        this.scope = scope;
        this.stream = stream;
    }

    @Override
    public String describe() {
        return "segments of stream " + scope + "/" + stream;
    }

    @Override
    public int current() {
        return active().size();
    }

    @Override
    public void scaleTo(int target) {
        if (target < 1) {
            throw new ActuatorException("a stream needs at least 1 segment, got " + target);
        }
        List<SegmentWithRange> active = active();
        if (target == active.size()) {
            return;
        }
        RescalePlan plan = RescalePlan.of(active.stream()
                .map(a -> new RescalePlan.Range(a.getRange().getLow(), a.getRange().getHigh())).toList(), target);
        List<Long> sealed = plan.sealed().stream().map(i -> active.get(i).getSegment().getSegmentId()).toList();
        Map<Double, Double> ranges = plan.newRanges();
        boolean done;
        try {
            done = controller.scaleStream(Stream.of(scope, stream), sealed, ranges, executor).getFuture().join();
        } catch (RuntimeException e) {
            throw new ActuatorException("cannot scale stream " + scope + "/" + stream + ": " + e.getMessage(), e);
        }
        if (!done) {
            throw new ActuatorException("Pravega refused to scale stream " + scope + "/" + stream + " to " + target
                    + " segments: fewer than its minimum segments, or another scale is running");
        }
    }

    /** Active segments ordered by key range. */
    private List<SegmentWithRange> active() {
        StreamSegments current;
        try {
            current = controller.getCurrentSegments(scope, stream).join();
        } catch (RuntimeException e) {
            throw new ActuatorException("cannot read stream " + scope + "/" + stream + ": " + e.getMessage(), e);
        }
        return SegmentRanges.ordered(current);
    }


    @Override
    public void close() {
        controller.close();
        executor.shutdownNow();
    }
}
