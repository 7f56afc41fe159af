package io.xtremehub.tiering.kafka;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletException;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A streamlet that fails the first {@link #failures} chunks it is given, after 64 KiB of each (a
 * crash in the middle of a chunk), and passes every later chunk through. Registered in Nexus from a
 * jar that holds only its service entry, so Nexus loads this very class and the test sees the counters.
 */
@StreamletInfo(name = "flaky", type = StreamletType.TRANSFORMER)
public final class FlakyStreamlet implements ByteStreamlet {
    /** How many chunks still fail. */
    public static final AtomicInteger failures = new AtomicInteger();
    /** How many chunks failed so far. */
    public static final AtomicInteger failed = new AtomicInteger();

    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) {
        if (failures.getAndDecrement() <= 0) {
            return original;
        }
        return new FilterInputStream(original) {
            private long seen;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                seen += Math.max(n, 0);
                if (seen > 64 << 10) {
                    failed.incrementAndGet();
                    throw new StreamletException("flaky streamlet failed after " + seen + " bytes");
                }
                return n;
            }
        };
    }

    @Override
    public InputStream processGetBytes(InputStream stored, StreamletContext context) {
        return stored;
    }
}
