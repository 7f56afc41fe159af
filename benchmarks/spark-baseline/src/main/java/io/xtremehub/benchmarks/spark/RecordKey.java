package io.xtremehub.benchmarks.spark;

import java.io.Serializable;

/**
 * A record's 10-byte key as two numbers whose order is the key's unsigned byte order: a compact,
 * comparable sort key for Spark's range partitioner and sorter.
 */
public final class RecordKey implements Comparable<RecordKey>, Serializable {
    private long high;
    private int low;

    /** For Kryo. */
    public RecordKey() {
    }

    RecordKey(long high, int low) {
        this.high = high;
        this.low = low;
    }

    static RecordKey of(byte[] record) {
        long h = 0;
        for (int i = 0; i < 8; i++) {
            h = (h << 8) | (record[i] & 0xff);
        }
        return new RecordKey(h, ((record[8] & 0xff) << 8) | (record[9] & 0xff));
    }

    @Override
    public int compareTo(RecordKey o) {
        int c = Long.compareUnsigned(high, o.high);
        return c != 0 ? c : Integer.compare(low, o.low);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordKey k && k.high == high && k.low == low;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(high) * 31 + low;
    }
}
