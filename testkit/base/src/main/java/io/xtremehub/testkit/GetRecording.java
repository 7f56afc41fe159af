package io.xtremehub.testkit;

import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import com.google.common.collect.TreeRangeSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The GETs Nexus served to its S3 clients for the keys under one prefix while
 * this recording was open, and which bytes of each object they returned. It tells, for example,
 * whether a read was answered by Pravega's long-term storage rather than its cache.
 */
public final class GetRecording implements AutoCloseable {
    private final String bucket;
    private final String keyPrefix;
    private final Consumer<GetRecording> onClose;
    private final Map<String, RangeSet<Long>> served = new HashMap<>();
    private int gets;

    GetRecording(String bucket, String keyPrefix, Consumer<GetRecording> onClose) {
        this.bucket = bucket;
        this.keyPrefix = keyPrefix;
        this.onClose = onClose;
    }

    /** Records a GET that returned bytes {@code first..last} (inclusive) of an object, if it is one of ours. */
    void offer(String getBucket, String key, long first, long last) {
        if (!bucket.equals(getBucket) || !key.startsWith(keyPrefix)) {
            return;
        }
        synchronized (this) {
            gets++;
            if (last >= first) {
                served.computeIfAbsent(key, k -> TreeRangeSet.create()).add(Range.closedOpen(first, last + 1));
            }
        }
    }

    /** How many GETs of matching objects Nexus served. */
    public synchronized int gets() {
        return gets;
    }

    /** How many distinct bytes of the object the GETs returned, counting each byte once. */
    public synchronized long servedBytes(String key) {
        RangeSet<Long> ranges = served.get(key);
        if (ranges == null) {
            return 0;
        }
        return ranges.asRanges().stream().mapToLong(r -> r.upperEndpoint() - r.lowerEndpoint()).sum();
    }

    /** Stops recording; what was recorded stays readable. */
    @Override
    public void close() {
        onClose.accept(this);
    }
}
