package io.xtremehub.nexus.streamlet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The gzip block codec writes standard gzip members and reads them from inside a frame buffer, checking their CRC. */
class GzipBlockCodecTest {
    private static byte[] block(int size, int seed) {
        StringBuilder b = new StringBuilder();
        while (b.length() < size) {
            b.append("line ").append(seed).append(' ').append(b.length() * 31 % 977).append(" GET /v1/segments\n");
        }
        return b.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void membersRoundTripThroughOneCodecAndStayReadableByTheJdk() throws IOException {
        GzipBlockCodec codec = new GzipBlockCodec(6);
        for (int seed = 0; seed < 3; seed++) {
            byte[] raw = block(40_000 + seed * 1000, seed);
            byte[] member = codec.compress(raw, raw.length);
            try (InputStream jdk = new GZIPInputStream(new ByteArrayInputStream(member))) {
                assertArrayEquals(raw, jdk.readAllBytes()); // still a standard gzip member
            }
            byte[] framed = new byte[member.length + 7]; // at an offset, as inside a frame buffer
            System.arraycopy(member, 0, framed, 4, member.length);
            byte[] out = new byte[raw.length];
            codec.decompress(framed, 4, member.length, out, raw.length);
            assertArrayEquals(raw, out, "block " + seed);
        }
    }

    @Test
    void aWrongChecksumOrLengthIsRefused() throws IOException {
        GzipBlockCodec codec = new GzipBlockCodec(6);
        byte[] raw = block(20_000, 9);
        byte[] member = codec.compress(raw, raw.length);
        byte[] badCrc = member.clone();
        badCrc[member.length - 8] ^= 1;
        assertThrows(IOException.class,
                () -> codec.decompress(badCrc, 0, badCrc.length, new byte[raw.length], raw.length));
        IOException e = assertThrows(IOException.class,
                () -> codec.decompress(member, 0, member.length, new byte[raw.length - 1], raw.length - 1));
        assertTrue(e.getMessage().startsWith("corrupt gzip block"), e.getMessage());
    }
}
