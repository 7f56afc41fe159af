package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Envelope;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Moves a batch job's stages forward: when a stage's upstream is done, an end marker goes into every
 * segment of its input; once its workers reported every marker, the stage is told its input is
 * complete; it is done when all its workers finished.
 */
final class BatchProgress {
    private final PravegaContext ctx;
    private final JobNames names;

    BatchProgress(PravegaContext ctx, JobNames names) {
        this.ctx = ctx;
        this.names = names;
    }

    /** One step; true when every stage is done. */
    boolean advance(List<StageState> stages) {
        for (StageState st : stages) {
            if (st.done) {
                continue;
            }
            if (st.index == 0) {
                st.done = st.allFinished();
                continue;
            }
            StageState prev = stages.get(st.index - 1);
            if (prev.done && st.endsExpected == null) {
                st.endsExpected = writeEndMarkers(st);
            }
            if (st.endsExpected != null && !st.inputComplete && st.endsSeen.containsAll(st.endsExpected)) {
                st.control.append(new ControlMessage(ControlMessage.Type.INPUT_COMPLETE, ControlMessage.ALL));
                st.inputComplete = true;
            }
            if (st.inputComplete && st.allFinished()) {
                st.done = true;
            }
        }
        return stages.stream().allMatch(s -> s.done);
    }

    /** Writes one end marker into every active segment of the stage's input stream. */
    private Set<Long> writeEndMarkers(StageState st) {
        String stream = names.dataStream(st.index);
        SegmentRouter router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0);
        if (st.markerWriter == null) {
            st.markerWriter = ctx.events().createEventWriter(stream, new ByteBufferSerializer(),
                    EventWriterConfig.builder().build());
        }
        Set<Long> ids = new HashSet<>();
        for (SegmentRouter.Target t : router.allSegments()) {
            st.markerWriter.writeEvent(t.routingKey(), Envelope.end(t.segmentId()).encode());
            ids.add(t.segmentId());
        }
        st.markerWriter.flush();
        return ids;
    }
}
