package io.xtremehub.nexus.swarm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HopFramesTest {
    @Test
    void bytesAndTheTrailerComputedAtTheirEndCrossIntact() throws IOException {
        byte[] data = new byte[200_000]; // several frames and a partial one
        new Random(3).nextBytes(data);
        int[] readWhenAsked = new int[1];
        ByteArrayInputStream source = new ByteArrayInputStream(data);
        byte[] framed = HopFrames.framing(source, () -> {
            readWhenAsked[0] = data.length - source.available();
            return "done".getBytes(StandardCharsets.UTF_8);
        }).readAllBytes();
        assertEquals(data.length, readWhenAsked[0]); // asked for only once every byte went through

        HopFrames.Unframing in = HopFrames.unframing(new ByteArrayInputStream(framed));
        assertArrayEquals(data, in.readAllBytes());
        assertEquals("done", new String(in.trailer(), StandardCharsets.UTF_8));
    }

    @Test
    void aBodyCutBeforeItsEndFrameIsAnErrorNotAShortChunk() throws IOException {
        byte[] framed = HopFrames.framing(new ByteArrayInputStream(new byte[100_000]), () -> new byte[0])
                .readAllBytes();
        byte[] cut = Arrays.copyOf(framed, 65_536 + 4); // exactly the first frame, no end frame
        HopFrames.Unframing in = HopFrames.unframing(new ByteArrayInputStream(cut));
        EOFException e = assertThrows(EOFException.class, in::readAllBytes);
        assertEquals("the sending hop broke off before the end of the chunk", e.getMessage());
        assertThrows(IllegalStateException.class, in::trailer);
    }
}
