package io.xtremehub.nexus;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Compressible, log-like test payloads. */
final class TestData {
    private TestData() {
    }

    static byte[] logLines(int size, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(size + 200);
        String[] levels = {"INFO", "WARN", "DEBUG", "ERROR"};
        while (sb.length() < size) {
            sb.append("2025-01-0").append(r.nextInt(9) + 1).append(" 12:").append(r.nextInt(60))
                    .append(" ").append(levels[r.nextInt(4)]).append(" segment-").append(r.nextInt(1000))
                    .append(" offset=").append(r.nextLong() & 0xffffff).append(" event accepted\n");
        }
        byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[size];
        System.arraycopy(b, 0, out, 0, size);
        return out;
    }
}
