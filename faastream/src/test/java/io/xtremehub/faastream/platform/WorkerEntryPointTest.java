package io.xtremehub.faastream.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.State;
import io.xtremehub.faastream.Transformer;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import org.junit.jupiter.api.Test;

class WorkerEntryPointTest {
    /** A running sum kept in {@code @State}, as an exactly-once stage's function would. */
    static final class Sum implements Transformer<String, String> {
        @State
        long sum;

        @Override
        public String apply(String value) {
            sum += Long.parseLong(value);
            return Long.toString(sum);
        }
    }

    @Test
    void aHandOffsSuccessorGetsTheFunctionsAsReceivedNotAsTheyRan() {
        WorkerLaunch received = new WorkerLaunch("jab12", "scope", "tcp://127.0.0.1:9090", null,
                Pipeline.fromStream("in", Serializers.utf8()).map(new Sum(), Serializers.utf8())
                        .writeToStream("out").spec(),
                0, "s0w0", "jab12-s0w0-0", null, null, false, new WorkerLaunch.ExactlyOnceStart(1, 0, null));
        String payload = received.encode();
        WorkerLaunch running = WorkerLaunch.decode(payload);
        Sum ran = (Sum) running.spec().stage(0).function();
        ran.apply("5");
        ran.apply("7");

        WorkerLaunch next = WorkerLaunch.decode(
                WorkerEntryPoint.continuationPayload(payload, running.handedOffAt(1)));

        assertEquals(0, ((Sum) next.spec().stage(0).function()).sum,
                "the epoch's sum comes from its saved state, never from the payload: a roll-back to an "
                        + "earlier commit would otherwise go on from it");
        assertEquals("jab12-s0w0-0-h1", next.workerId());
        assertEquals(new WorkerLaunch.ExactlyOnceStart(1, 1, null, true), next.exactlyOnce());
        assertEquals(12, ran.sum, "the running function is left as it is");
    }
}
