package io.xtremehub.benchmarks.batch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * TeraValidate-style check of 100-byte records: counts them, sums the CRC32 of every record (a
 * checksum that does not depend on the order) and, when asked, counts keys that are lower than the
 * key before them. Output equals input when count and checksum agree and nothing is out of order.
 */
final class RecordCheck {
    /** What a sequence of records looks like. */
    record Summary(long records, long crcSum, long outOfOrder) {
        boolean sameRecordsAs(Summary o) {
            return records == o.records && crcSum == o.crcSum;
        }
    }

    private final boolean ordered;
    private final CRC32 crc = new CRC32();
    private final byte[] previous = new byte[SortRecords.KEY];
    private boolean first = true;
    private long records;
    private long crcSum;
    private long outOfOrder;

    /** @param ordered whether to count keys out of order */
    RecordCheck(boolean ordered) {
        this.ordered = ordered;
    }

    void record(byte[] buf, int off) {
        crc.reset();
        crc.update(buf, off, SortRecords.RECORD);
        crcSum += crc.getValue();
        records++;
        if (ordered) {
            if (!first && Arrays.compareUnsigned(previous, 0, SortRecords.KEY, buf, off, off + SortRecords.KEY) > 0) {
                outOfOrder++;
            }
            System.arraycopy(buf, off, previous, 0, SortRecords.KEY);
            first = false;
        }
    }

    /** Reads whole records to the end of {@code in}; a trailing partial record is an error. */
    void read(InputStream in, String name) throws IOException {
        byte[] buf = new byte[SortRecords.RECORD * 10_000];
        int filled = 0;
        int n;
        while ((n = in.readNBytes(buf, filled, buf.length - filled)) > 0) {
            filled += n;
            int whole = filled - filled % SortRecords.RECORD;
            for (int off = 0; off < whole; off += SortRecords.RECORD) {
                record(buf, off);
            }
            System.arraycopy(buf, whole, buf, 0, filled - whole);
            filled -= whole;
        }
        if (filled != 0) {
            throw new IOException(name + " ends in a partial record of " + filled + " bytes");
        }
    }

    Summary summary() {
        return new Summary(records, crcSum, outOfOrder);
    }
}
