package io.xtremehub.nexus;

import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.http.ContentStreamProvider;

/** A request body that sends its first bytes, then holds the request open until the test lets it finish. */
public final class PausingBody {
    private PausingBody() {
    }

    /** Counts {@code reached} down once {@code pauseAt} bytes are sent, then waits for {@code resume}. */
    public static ContentStreamProvider of(byte[] data, int pauseAt, CountDownLatch reached, CountDownLatch resume) {
        return () -> new InputStream() {
            private int pos;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos == data.length) {
                    return -1;
                }
                if (pos >= pauseAt) {
                    reached.countDown();
                    try {
                        resume.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                // small reads, so the pause comes close to pauseAt
                int n = Math.min(len, Math.min(data.length - pos, 64 << 10));
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }
}
