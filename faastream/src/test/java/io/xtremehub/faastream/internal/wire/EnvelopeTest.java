package io.xtremehub.faastream.internal.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class EnvelopeTest {
    @Test
    void everyFrameKindRoundTrips() {
        Envelope d = Envelope.decode(Envelope.data(3, new byte[] {1, 2, 3}).encode());
        assertEquals(Envelope.Type.DATA, d.type());
        assertEquals(3, d.partition());
        assertArrayEquals(new byte[] {1, 2, 3}, d.payload());
        Envelope r = Envelope.decode(Envelope.ref(-1, "jobs/x/large/1").encode());
        assertEquals("jobs/x/large/1", r.refKey());
        Envelope e = Envelope.decode(Envelope.end(1L << 33).encode());
        assertEquals(Envelope.Type.END, e.type());
        assertEquals(1L << 33, e.segmentId());
        Envelope p = Envelope.decode(Envelope.pack(2, new byte[] {0, 0, 0, 1, 7}).encode());
        assertEquals(Envelope.Type.PACK, p.type());
        assertEquals(2, p.partition());
        assertArrayEquals(new byte[] {0, 0, 0, 1, 7}, p.payload());
        Envelope pr = Envelope.decode(Envelope.packRef(1, "jobs/x/large/2").encode());
        assertEquals(Envelope.Type.PACK_REF, pr.type());
        assertEquals(1, pr.partition());
        assertEquals("jobs/x/large/2", pr.refKey());
    }

    @Test
    void garbageIsRejectedWithAReason() {
        IllegalArgumentException t = assertThrows(IllegalArgumentException.class,
                () -> Envelope.decode(ByteBuffer.wrap(new byte[] {1, 2})));
        assertEquals("truncated frame of 2 bytes", t.getMessage());
        IllegalArgumentException k = assertThrows(IllegalArgumentException.class,
                () -> Envelope.decode(ByteBuffer.wrap(new byte[] {9, 0, 0, 0, 0})));
        assertEquals("unknown frame type 9", k.getMessage());
    }
}
