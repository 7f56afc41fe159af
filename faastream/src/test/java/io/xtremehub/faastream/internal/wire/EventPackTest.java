package io.xtremehub.faastream.internal.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventPackTest {
    @Test
    void eventsComeOutInOrderWithTheirExactBytesIncludingEmptyOnes() {
        EventPack pack = new EventPack();
        byte[] big = new byte[70_000];
        Arrays.fill(big, (byte) 9);
        pack.add(new byte[] {1, 2, 3});
        pack.add(new byte[0]);
        pack.add(big);
        assertEquals(3, pack.count());
        assertEquals(EventPack.framed(3) + EventPack.framed(0) + EventPack.framed(big.length), pack.size());

        List<byte[]> out = EventPack.unpack(pack.drain());
        assertEquals(3, out.size());
        assertArrayEquals(new byte[] {1, 2, 3}, out.get(0));
        assertEquals(0, out.get(1).length);
        assertArrayEquals(big, out.get(2));
        assertEquals(0, pack.count(), "a drained pack starts over");
        assertEquals(0, pack.size());
    }

    @Test
    void aTruncatedPackIsRejectedWithWhereItBroke() {
        EventPack pack = new EventPack();
        pack.add(new byte[] {1, 2, 3});
        pack.add(new byte[] {4, 5});
        byte[] body = pack.drain();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EventPack.unpack(Arrays.copyOf(body, body.length - 1)));
        assertTrue(e.getMessage().startsWith("truncated pack: event 1 claims 2 bytes, 1 left"), e.getMessage());
    }
}
