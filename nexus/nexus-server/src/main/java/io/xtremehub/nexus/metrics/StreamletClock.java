package io.xtremehub.nexus.metrics;

import io.xtremehub.nexus.api.RangeSource;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Times one streamlet's work on one object: streamlets are lazy streams over the streams below them,
 * so the time spent reading a streamlet's output includes reading its input. The clock adds up both
 * and records the difference once, when the output ends or is closed.
 */
public final class StreamletClock {
    private final NexusMetrics metrics;
    private final String streamlet;
    private final String operation;
    private long outer;
    private long inner;
    private final AtomicBoolean recorded = new AtomicBoolean();

    /** A clock for the named streamlet's work in the operation ({@code put} or {@code get}). */
    public StreamletClock(NexusMetrics metrics, String streamlet, String operation) {
        this.metrics = metrics;
        this.streamlet = streamlet;
        this.operation = operation;
    }

    /** Wraps what the streamlet reads. */
    public InputStream input(InputStream in) {
        return new Timed(in, false);
    }

    /** Wraps what the streamlet reads by range. */
    public RangeSource input(RangeSource source) {
        return new RangeSource() {
            @Override
            public long length() {
                return source.length();
            }

            @Override
            public InputStream open(long first, long last) throws IOException {
                long t = System.nanoTime();
                try {
                    return input(source.open(first, last));
                } finally {
                    inner += System.nanoTime() - t;
                }
            }

            @Override
            public byte[] readStructure(long offset, int length) throws IOException {
                long t = System.nanoTime();
                try {
                    return source.readStructure(offset, length);
                } finally {
                    inner += System.nanoTime() - t;
                }
            }
        };
    }

    /** Adds time the streamlet spent outside its output's reads (e.g. opening a ranged read). */
    public void add(long nanos) {
        outer += nanos;
    }

    /** Wraps what the streamlet produces; the time is recorded when it ends or is closed. */
    public InputStream output(InputStream out) {
        return new Timed(out, true);
    }

    private void record() {
        if (recorded.compareAndSet(false, true)) {
            metrics.streamletTime(streamlet, operation, outer - inner);
        }
    }

    private final class Timed extends FilterInputStream {
        private final boolean isOutput;

        Timed(InputStream in, boolean isOutput) {
            super(in);
            this.isOutput = isOutput;
        }

        private void add(long start, int n) {
            long d = System.nanoTime() - start;
            if (isOutput) {
                outer += d;
                if (n < 0) {
                    record();
                }
            } else {
                inner += d;
            }
        }

        @Override
        public int read() throws IOException {
            long t = System.nanoTime();
            int b = super.read();
            add(t, b);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long t = System.nanoTime();
            int n = super.read(b, off, len);
            add(t, n);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long t = System.nanoTime();
            long s = super.skip(n);
            add(t, 0);
            return s;
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                if (isOutput) {
                    record();
                }
            }
        }
    }
}
