package io.xtremehub.faastream.internal.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MurmurHash3Test {
    @Test
    void matchesPublishedVectors() {
        assertEquals(0, MurmurHash3.hash32(new byte[0], 0));
        assertEquals(0x514E28B7, MurmurHash3.hash32(new byte[0], 1));
        assertEquals(0x248BFA47, MurmurHash3.hash32("hello".getBytes(StandardCharsets.US_ASCII), 0));
    }

    @Test
    void agreesWithGuavaOnRandomInputsOfEveryTailLength() {
        Random rnd = new Random(1);
        for (int i = 0; i < 2000; i++) {
            byte[] b = new byte[rnd.nextInt(40)];
            rnd.nextBytes(b);
            int seed = rnd.nextInt();
            assertEquals(Hashing.murmur3_32_fixed(seed).hashBytes(b).asInt(), MurmurHash3.hash32(b, seed));
        }
    }

    @Test
    void unitValueIsInUnitInterval() {
        Random rnd = new Random(2);
        for (int i = 0; i < 1000; i++) {
            byte[] b = new byte[8];
            rnd.nextBytes(b);
            double v = MurmurHash3.unitValue(b);
            assert v >= 0 && v < 1 : v;
        }
    }
}
