package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Envelope;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Moves a batch job's stages forward: when a stage's upstream is done, an end marker goes into every
 * segment of its input; once its workers reported every marker, the stage is told its input is
 * complete; it is done when all its workers finished. An exactly-once stage after the first
 * (which commits per split attempt) is told so only between epoch checkpoints, and is done once its
 * last epoch is committed; a roll-back puts it back to reading ({@link StageState#readAgain}), and
 * its end markers are written again after what it reads.
 */
final class BatchProgress {
    private static final Duration LAST_COMMIT_TIMEOUT = Duration.ofMinutes(2);
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
                if (st.transactions != null && !st.transactions.quiesce()) {
                    continue; // exactly-once: the epoch checkpoint under way commits first
                }
                st.control.append(st.transactions == null
                        ? new ControlMessage(ControlMessage.Type.INPUT_COMPLETE, ControlMessage.ALL)
                        : ControlMessage.inputComplete(st.transactions.generation()));
                st.inputComplete = true;
            }
            if (st.inputComplete && st.allFinished()) {
                if (st.transactions != null) {
                    // exactly-once: the workers' last results are in the open epoch; the stage is done
                    // once they are committed and readable
                    st.transactions.commitLast(LAST_COMMIT_TIMEOUT);
                }
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
