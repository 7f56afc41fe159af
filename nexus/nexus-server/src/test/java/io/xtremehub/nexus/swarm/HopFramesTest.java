package io.xtremehub.nexus.swarm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HopFramesTest {
    @Test
    void bytesAndTheTrailerComputedAtTheirEndCrossIntact() throws IOException {
        byte[] data = new byte[2 * HopFrames.FRAME + 70_000]; // several frames and a partial one
        new Random(3).nextBytes(data);
        int[] readWhenAsked = new int[1];
        ByteArrayInputStream source = new ByteArrayInputStream(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HopFrames.write(source, () -> {
            readWhenAsked[0] = data.length - source.available();
            return "done".getBytes(StandardCharsets.UTF_8);
        }, out);
        byte[] framed = out.toByteArray();
        assertEquals(data.length, readWhenAsked[0]); // asked for only once every byte went through

        HopFrames.Unframing in = HopFrames.unframing(new ByteArrayInputStream(framed));
        assertArrayEquals(data, in.readAllBytes());
        assertEquals("done", new String(in.trailer(), StandardCharsets.UTF_8));
    }

    @Test
    void aFailureReadingTheBytesIsTheSourcesNotTheConnections() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("streamlet broke");
            }
        };
        HopFrames.SourceException e = assertThrows(HopFrames.SourceException.class,
                () -> HopFrames.write(failing, () -> new byte[0], new ByteArrayOutputStream()));
        assertEquals("streamlet broke", e.getCause().getMessage());
    }

    @Test
    void aBodyCutBeforeItsEndFrameIsAnErrorNotAShortChunk() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HopFrames.write(new ByteArrayInputStream(new byte[HopFrames.FRAME + 1000]), () -> new byte[0], out);
        byte[] cut = Arrays.copyOf(out.toByteArray(), HopFrames.FRAME + 4); // exactly the first frame, no end frame
        HopFrames.Unframing in = HopFrames.unframing(new ByteArrayInputStream(cut));
        EOFException e = assertThrows(EOFException.class, in::readAllBytes);
        assertEquals("the sending hop broke off before the end of the chunk", e.getMessage());
        assertThrows(IllegalStateException.class, in::trailer);
    }
}
