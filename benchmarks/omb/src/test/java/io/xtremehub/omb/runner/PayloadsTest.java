package io.xtremehub.omb.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.xtremehub.omb.workload.Workload;
import io.xtremehub.omb.workload.WorkloadReader;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PayloadsTest {

    private static Workload workload(String extra) {
        return WorkloadReader.parse("w.yaml", "name: w\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 1024\n"
                + "subscriptionsPerTopic: 1\nproducersPerTopic: 1\nconsumerPerSubscription: 1\nproducerRate: 10\n"
                + "testDurationMinutes: 1\n" + extra);
    }

    @Test
    void randomizedBodiesComeFromAPoolInTurnAndKeepTheHeader() {
        Payloads payloads = Payloads.of(workload("useRandomizedPayloads: true\nrandomBytesRatio: 0.5\n"
                + "randomizedPayloadPoolSize: 3\n"), null);
        Set<String> bodies = new HashSet<>();
        for (long seq = 0; seq < 6; seq++) {
            byte[] p = payloads.next(1234L + seq, 7, seq);
            assertEquals(1024, p.length);
            assertEquals(1234L + seq, Payloads.sendMicros(p));
            assertEquals(7, Payloads.producer(p));
            assertEquals(seq, Payloads.sequence(p));
            // zeros, then 512 random bytes at the end
            assertEquals(0, p[511]);
            bodies.add(Arrays.toString(Arrays.copyOfRange(p, 512, 1024)));
        }
        assertEquals(3, bodies.size());
        assertArrayEquals(Arrays.copyOfRange(payloads.next(0, 7, 0), 20, 1024),
                Arrays.copyOfRange(payloads.next(0, 7, 3), 20, 1024));
    }

    @Test
    void withoutRandomizationEveryBodyIsZeros() {
        byte[] p = Payloads.of(workload(""), null).next(1, 0, 5);
        assertEquals(1024, p.length);
        for (int i = 20; i < p.length; i++) {
            assertEquals(0, p[i]);
        }
    }
}
