package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.RecordFormat;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** Reads the object byte ranges assigned to this worker, record by record. */
final class BucketInput implements StageInput {
    private final ObjectStore store;
    private final RecordFormat format;
    private final Deque<SourceSplit> pending;
    private final long total;
    private long read;
    private SourceSplit current;
    private InputStream in;
    private String origin;
    private long record;

    BucketInput(ObjectStore store, RecordFormat format, List<SourceSplit> splits) {
        this.store = store;
        this.format = format;
        this.pending = new ArrayDeque<>(splits);
        this.total = splits.stream().mapToLong(SourceSplit::length).sum();
    }

    @Override
    public InputItem next(long timeoutMillis) throws IOException {
        while (true) {
            if (in == null) {
                current = pending.poll();
                if (current == null) {
                    return null;
                }
                in = new BufferedInputStream(store.open(current.bucket(), current.key(), current.start(),
                        current.end()), 1 << 20);
                origin = "s3://" + current.bucket() + "/" + current.key() + " record ";
                record = 0;
            }
            byte[] rec;
            try {
                rec = format.next(in);
            } catch (IOException e) {
                throw new IOException("s3://" + current.bucket() + "/" + current.key() + " record " + record
                        + ": " + e.getMessage(), e);
            }
            if (rec == null) {
                in.close();
                in = null;
                continue;
            }
            read += format.objectPerRecord() ? rec.length : rec.length + (format.fixedSize() > 0 ? 0 : 1);
            return InputItem.event(rec, -1, origin, record++);
        }
    }

    @Override
    public boolean exhausted() {
        return in == null && pending.isEmpty();
    }

    @Override
    public long bytesRead() {
        return Math.min(read, total);
    }

    @Override
    public long bytesTotal() {
        return total;
    }

    @Override
    public void close() {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing left to do
            }
        }
    }
}
