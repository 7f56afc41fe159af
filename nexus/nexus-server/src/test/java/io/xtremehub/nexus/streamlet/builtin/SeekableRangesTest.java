package io.xtremehub.nexus.streamlet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.RangeSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Ranged reads of the seekable streamlets at the edges of their blocks: ranges on and across block
 * boundaries, inside the last (partial) block, suffix- and open-ended ranges as Nexus resolves them,
 * one data read per range of only the covering blocks, and corrupt stored bytes refused.
 */
class SeekableRangesTest {
    private static final int BLOCK = 4096;
    private static final String AES_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    /** The stored bytes, read by range; counts the data reads and their bytes. */
    private static final class StoredBytes implements RangeSource {
        final byte[] bytes;
        int opens;
        long bytesOpened;

        StoredBytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public long length() {
            return bytes.length;
        }

        @Override
        public InputStream open(long first, long last) {
            opens++;
            bytesOpened += last - first + 1;
            return new ByteArrayInputStream(bytes, (int) first, (int) (last - first + 1));
        }

        @Override
        public byte[] readStructure(long offset, int length) {
            return Arrays.copyOfRange(bytes, (int) offset, (int) offset + length); // not a data read
        }
    }

    private static byte[] logs(int size) {
        StringBuilder b = new StringBuilder();
        Random r = new Random(size);
        while (b.length() < size) {
            b.append("2026-11-23 07:").append(r.nextInt(60)).append(" INFO fetch partition=").append(r.nextInt(32))
                    .append(" offset=").append(r.nextInt(1_000_000)).append('\n');
        }
        return b.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    private static ByteStreamlet streamlet(String name) {
        ByteStreamlet s = switch (name) {
            case "zstd" -> new ZstdStreamlet();
            case "gzip" -> new GzipStreamlet();
            case "aes-gcm" -> new AesGcmStreamlet();
            default -> throw new IllegalArgumentException(name);
        };
        s.configure(name.equals("aes-gcm") ? Map.of("key", AES_KEY, "blockSize", Integer.toString(BLOCK))
                : Map.of("blockSize", Integer.toString(BLOCK)));
        return s;
    }

    private static byte[] store(ByteStreamlet s, byte[] data) throws IOException {
        try (InputStream in = s.processPutBytes(new ByteArrayInputStream(data), null)) {
            return in.readAllBytes();
        }
    }

    private static byte[] read(ByteStreamlet s, StoredBytes stored, long first, long last, long length)
            throws IOException {
        try (InputStream in = s.processGetRange(first, last, length, stored, null)) {
            return in.readAllBytes();
        }
    }

    @Test
    void rangesOnAndAcrossBlockBoundariesAndInTheLastPartialBlockReadOnlyTheirBlocks() throws IOException {
        byte[] data = logs(5 * BLOCK + 1234); // the sixth block is partial
        int n = data.length;
        long[][] ranges = {
            {0, 0}, {0, BLOCK - 1}, {BLOCK - 1, BLOCK}, {BLOCK, 2 * BLOCK - 1}, {BLOCK + 17, 3 * BLOCK + 5},
            {5 * BLOCK, n - 1}, {5 * BLOCK + 100, n - 2}, {n - 1, n - 1},
            {n - 1000, n - 1}, // bytes=-1000
            {3 * BLOCK + 7, n - 1}, // bytes=12295-
            {0, n - 1},
        };
        for (String name : List.of("zstd", "gzip", "aes-gcm")) {
            ByteStreamlet s = streamlet(name);
            StoredBytes stored = new StoredBytes(store(s, data));
            assertArrayEquals(data, s.processGetBytes(new ByteArrayInputStream(stored.bytes), null).readAllBytes(),
                    name + " whole object");
            for (long[] r : ranges) {
                int opensBefore = stored.opens;
                long bytesBefore = stored.bytesOpened;
                assertArrayEquals(Arrays.copyOfRange(data, (int) r[0], (int) r[1] + 1),
                        read(s, stored, r[0], r[1], n), name + " " + r[0] + "-" + r[1]);
                assertEquals(1, stored.opens - opensBefore, name + " " + r[0] + "-" + r[1] + ": data reads");
                long blocks = r[1] / BLOCK - r[0] / BLOCK + 1;
                // the covering blocks' stored bytes, at most as large as the raw blocks plus framing
                assertTrue(stored.bytesOpened - bytesBefore <= blocks * (BLOCK + 64),
                        name + " " + r[0] + "-" + r[1] + " read " + (stored.bytesOpened - bytesBefore) + " bytes");
            }
        }
    }

    @Test
    void aCorruptZstdFrameIsRefusedAndLaterReadsStillWork() throws IOException {
        ByteStreamlet s = streamlet("zstd");
        byte[] data = logs(3 * BLOCK);
        byte[] good = store(s, data);
        byte[] bad = good.clone();
        bad[8 + 8 + 20] ^= 0x5a; // inside the first frame's compressed bytes
        IOException e = assertThrows(IOException.class, () -> read(s, new StoredBytes(bad), 0, 99, data.length));
        assertTrue(e.getMessage().startsWith("corrupt zstd block"), e.getMessage());
        // the failed read's context was not handed to the next one
        assertArrayEquals(Arrays.copyOfRange(data, 10, 2 * BLOCK), read(s, new StoredBytes(good), 10, 2 * BLOCK - 1,
                data.length));
    }

    @Test
    void aStoredObjectCutShortIsRefusedNotReadShort() throws IOException {
        byte[] data = logs(3 * BLOCK + 10);
        for (String name : List.of("zstd", "aes-gcm")) {
            ByteStreamlet s = streamlet(name);
            byte[] stored = store(s, data);
            byte[] cut = Arrays.copyOf(stored, stored.length / 2); // ends inside a block
            assertThrows(IOException.class,
                    () -> s.processGetBytes(new ByteArrayInputStream(cut), null).readAllBytes(), name);
        }
        // an encrypted object whose last block was dropped fails authentication even for a range in the
        // block before it: that block is not marked as the last one
        ByteStreamlet aes = streamlet("aes-gcm");
        byte[] stored = store(aes, data);
        byte[] dropped = Arrays.copyOf(stored, stored.length - (10 + 16));
        IOException e = assertThrows(IOException.class,
                () -> read(aes, new StoredBytes(dropped), 2 * BLOCK, 3 * BLOCK - 1, 3 * BLOCK));
        assertTrue(e.getMessage().contains("failed authentication"), e.getMessage());
    }
}
