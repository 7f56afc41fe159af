package io.xtremehub.benchmarks.batch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The sort input, TeraGen-like: 100-byte records of a 10-byte random key and a 90-byte value
 * (the record's number in hex, then filler letters), spread over a few files. Seeded, so every
 * run writes the same bytes; the expected record count and checksum come out of the generation.
 */
final class SortRecords {
    static final int RECORD = 100;
    static final int KEY = 10;

    private SortRecords() {
    }

    static RecordCheck.Summary write(Path dir, long bytes, int files, long seed) throws IOException {
        Files.createDirectories(dir);
        long records = bytes / RECORD;
        long perFile = (records + files - 1) / files;
        SplittableRandom rnd = new SplittableRandom(seed);
        RecordCheck check = new RecordCheck(false);
        byte[] rec = new byte[RECORD];
        long row = 0;
        for (int f = 0; f < files && row < records; f++) {
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(dir.resolve(String.format("records-%02d.bin", f))), 1 << 20)) {
                for (long i = 0; i < perFile && row < records; i++, row++) {
                    fill(rec, row, rnd);
                    check.record(rec, 0);
                    out.write(rec);
                }
            }
        }
        return check.summary();
    }

    private static void fill(byte[] rec, long row, SplittableRandom rnd) {
        long k = rnd.nextLong();
        for (int i = 0; i < 8; i++) {
            rec[i] = (byte) (k >>> (56 - 8 * i));
        }
        int k2 = rnd.nextInt();
        rec[8] = (byte) (k2 >>> 8);
        rec[9] = (byte) k2;
        byte[] id = String.format("%016x", row).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(id, 0, rec, KEY, id.length);
        for (int i = KEY + id.length; i < RECORD; i++) {
            rec[i] = (byte) ('A' + (row + i) % 26);
        }
    }
}
