package io.xtremehub.faastream.examples;

import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.Routings;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.SortOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * TeraSort-style sort (reference 6.4.5, D3.1 5.4.3): 100-byte records with 10-byte keys. Mappers
 * route each record with an order-preserving routing of its key, so segment i holds only keys
 * below those of segment i+1; each sorter sorts its segment ({@link Pipeline#sortBy}), and the
 * output parts read in name order are globally sorted.
 */
public final class TeraSort {
    public static final int RECORD = 100;
    public static final int KEY = 10;

    private TeraSort() {
    }

    /** Sorts the records of one bucket object. */
    public static Pipeline<byte[]> pipeline(String bucket, String inputKey, String outputPath, int mappers,
                                            int reducers) {
        return pipeline(Pipeline.fromBucketFile(bucket, inputKey, RecordFormat.fixed(RECORD), Serializers.bytes()),
                bucket, outputPath, mappers, reducers);
    }

    /** Sorts the records of every object under a bucket prefix. */
    public static Pipeline<byte[]> folderPipeline(String bucket, String inputPrefix, String outputPath, int mappers,
                                                  int reducers) {
        return pipeline(Pipeline.fromBucketFolder(bucket, inputPrefix, RecordFormat.fixed(RECORD), Serializers.bytes()),
                bucket, outputPath, mappers, reducers);
    }

    /** Sorts any source of 100-byte records into parts of a bucket path whose name order is the global order. */
    public static Pipeline<byte[]> pipeline(Pipeline<byte[]> records, String bucket, String outputPath, int mappers,
                                            int reducers) {
        return records
                .map(TeraSort::checkRecord, Serializers.bytes()).parallelism(mappers).named("partition")
                .routeBy(Routings.lexicographic(TeraSort::key))
                .sortBy(SortOrder.unsignedBytes(0, KEY)).parallelism(reducers).named("sort")
                .writeToBucket(bucket, outputPath, RecordFormat.fixed(RECORD));
    }

    /** Random records: a 10-byte random key and a 90-byte payload naming the record. */
    public static byte[] generate(int records, long seed) {
        Random rnd = new Random(seed);
        byte[] out = new byte[records * RECORD];
        for (int i = 0; i < records; i++) {
            byte[] key = new byte[KEY];
            rnd.nextBytes(key);
            System.arraycopy(key, 0, out, i * RECORD, KEY);
            byte[] value = String.format("%-90s", "record " + i).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(value, 0, out, i * RECORD + KEY, RECORD - KEY);
        }
        return out;
    }

    public static byte[] key(byte[] record) {
        return Arrays.copyOf(record, KEY);
    }

    /** The key as a string whose natural order is the keys' unsigned byte order. */
    public static String sortKey(byte[] record) {
        return new String(record, 0, KEY, StandardCharsets.ISO_8859_1);
    }

    static byte[] checkRecord(byte[] record) {
        if (record.length != RECORD) {
            throw new IllegalArgumentException("record of " + record.length + " bytes, expected " + RECORD);
        }
        return record;
    }

    /** The records' order: their keys' unsigned bytes. */
    public static int compareKeys(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, 0, KEY, b, 0, KEY);
    }
}
