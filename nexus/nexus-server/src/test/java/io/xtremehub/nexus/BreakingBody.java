package io.xtremehub.nexus;

import java.io.IOException;
import java.io.InputStream;

/**
 * A request body that serves the first {@code breakAt} bytes of its data (all of it, then its end,
 * if it is shorter), then breaks off as a dropped connection does ({@code IOException "connection reset"}), after running a hook (to look
 * at the server while the request is half sent). Counts what was read from it.
 */
public final class BreakingBody extends InputStream {
    private final byte[] data;
    private final long breakAt;
    private final Runnable beforeBreaking;
    private long served;

    public BreakingBody(byte[] data, long breakAt, Runnable beforeBreaking) {
        this.data = data;
        this.breakAt = breakAt;
        this.beforeBreaking = beforeBreaking;
    }

    /** Bytes read from it so far. */
    public long served() {
        return served;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (served >= breakAt) {
            beforeBreaking.run();
            throw new IOException("connection reset");
        }
        if (served == data.length) {
            return -1;
        }
        // small reads, so the break comes right at breakAt
        int n = (int) Math.min(Math.min(len, 64 << 10), Math.min(breakAt, data.length) - served);
        System.arraycopy(data, (int) served, b, off, n);
        served += n;
        return n;
    }
}
