package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteObserver;
import io.xtremehub.nexus.api.DataSourceStreamlet;
import io.xtremehub.nexus.api.ObjectRef;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import io.xtremehub.nexus.api.Streams;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded local write-through cache of original chunk bytes on the worker's disk. Chunks written
 * through the policy are kept (up to {@code maxObjectBytes} each, {@code maxBytes} in total, least
 * recently used evicted first) and served on GET, ranges included, without touching the backend.
 * Entries are keyed by bucket, key and the original ETag, so an overwritten object is never served
 * stale.
 *
 * <p>With {@code readAhead} set, a ranged GET the cache cannot serve that starts an object or
 * continues the previous ranged GET of it (a sequential reader, like a Kafka fetch or a Pulsar read
 * of a tiered segment) is read from the backend together with the next {@code readAhead} bytes; the
 * cache keeps that window and serves the following sequential ranges from it, so a reader of 1 MiB
 * ranges with an 8 MiB read-ahead makes one backend GET per 9 MiB instead of nine.
 *
 * <p>Parameters: {@code maxBytes} (default 256 MiB), {@code maxObjectBytes} (largest object or
 * window kept, default 64 MiB), {@code readAhead} (bytes, default 0: off), {@code dir} (default a
 * temporary directory).
 */
@StreamletInfo(name = "cache", on = Operation.ALL, type = StreamletType.PERFORMANCE)
public final class LocalCacheStreamlet implements DataSourceStreamlet, ByteObserver {
    private static final Logger LOG = LoggerFactory.getLogger(LocalCacheStreamlet.class);

    /** Bytes {@code offset..offset+length-1} of one version of an object (the whole object: offset 0). */
    private record Entry(String eTag, Path file, long offset, long length) {
        boolean covers(String wantedETag, long first, long last) {
            return eTag.equals(wantedETag) && first >= offset && last < offset + length;
        }
    }

    private static final int MAX_READERS_TRACKED = 4096;

    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    /** Per object, where the last ranged GET ended: a GET starting there is sequential. */
    private final LinkedHashMap<String, Long> nextOffsets = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_READERS_TRACKED;
        }
    };
    private final AtomicLong hits = new AtomicLong();
    private long totalBytes;
    private long maxBytes = 256L << 20;
    private long maxObjectBytes = 64L << 20;
    private long readAhead;
    private Path dir;

    @Override
    public void configure(Map<String, String> parameters) {
        maxBytes = Params.longParam(parameters, "maxBytes", 256L << 20, 0);
        maxObjectBytes = Params.longParam(parameters, "maxObjectBytes", 64L << 20, 0);
        readAhead = Params.longParam(parameters, "readAhead", 0, 0);
        if (readAhead >= maxObjectBytes && readAhead > 0) {
            throw new IllegalArgumentException("cache parameter readAhead (" + readAhead
                    + ") must be smaller than maxObjectBytes (" + maxObjectBytes + ")");
        }
        try {
            dir = parameters.containsKey("dir") ? Files.createDirectories(Path.of(parameters.get("dir")))
                    : Files.createTempDirectory("nexus-cache");
        } catch (IOException e) {
            throw new IllegalArgumentException("cache directory cannot be created: " + e.getMessage());
        }
    }

    /** How many GETs were served from the cache. */
    public long hits() {
        return hits.get();
    }

    private static String id(String bucket, String key) {
        return bucket + "/" + key;
    }

    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) throws IOException {
        if (dir == null) {
            configure(Map.of());
        }
        Path file = Files.createTempFile(dir, "entry", ".bin");
        OutputStream copy = Files.newOutputStream(file);
        context.onCommit(() -> admit(context.object(), file));
        return new FilterInputStream(original) {
            private long copied;
            private boolean overflow;

            private void tee(byte[] b, int off, int n) throws IOException {
                if (n <= 0 || overflow) {
                    return;
                }
                copied += n;
                if (copied > maxObjectBytes) {
                    overflow = true;
                    copy.close();
                    Files.deleteIfExists(file);
                    return;
                }
                copy.write(b, off, n);
            }

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    tee(new byte[] {(byte) b}, 0, 1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                tee(b, off, n);
                if (n < 0 && !overflow) {
                    copy.close();
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                copy.close();
                super.close();
            }
        };
    }

    private void admit(ObjectRef object, Path file) {
        try {
            if (!Files.exists(file) || Files.size(file) != object.length() || object.eTag() == null) {
                Files.deleteIfExists(file);
                return;
            }
            keep(object, new Entry(object.eTag(), file, 0, Files.size(file)));
        } catch (IOException e) {
            LOG.warn("could not cache {}/{}: {}", object.bucket(), object.key(), e.getMessage());
        }
    }

    private synchronized void keep(ObjectRef object, Entry entry) throws IOException {
        Entry old = entries.put(id(object.bucket(), object.key()), entry);
        totalBytes += entry.length;
        if (old != null) {
            totalBytes -= old.length;
            Files.deleteIfExists(old.file);
        }
        Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
        while (totalBytes > maxBytes && it.hasNext()) {
            Entry evicted = it.next().getValue();
            it.remove();
            totalBytes -= evicted.length;
            Files.deleteIfExists(evicted.file);
        }
    }

    @Override
    public long readAhead(ObjectRef object, long first, long last) {
        if (readAhead == 0 || object.eTag() == null) {
            return 0;
        }
        synchronized (this) {
            Long expected = nextOffsets.put(id(object.bucket(), object.key()), last + 1);
            return first == 0 || expected != null && expected == first ? readAhead : 0;
        }
    }

    @Override
    public void admitRange(ObjectRef object, long first, long length, InputStream bytes) throws IOException {
        if (length > maxObjectBytes || dir == null) {
            return;
        }
        Path file = Files.createTempFile(dir, "window", ".bin");
        try {
            if (Files.copy(bytes, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING) != length) {
                Files.deleteIfExists(file);
                return;
            }
            keep(object, new Entry(object.eTag(), file, first, length));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    @Override
    public Optional<InputStream> handlePreGet(ObjectRef object, long first, long last, StreamletContext context)
            throws IOException {
        Entry entry;
        synchronized (this) {
            entry = entries.get(id(object.bucket(), object.key()));
            if (entry != null && entry.covers(object.eTag(), first, last)) {
                nextOffsets.put(id(object.bucket(), object.key()), last + 1);
            }
        }
        if (entry == null || !entry.covers(object.eTag(), first, last)) {
            return Optional.empty();
        }
        InputStream in;
        try {
            in = Files.newInputStream(entry.file);
        } catch (IOException e) {
            return Optional.empty(); // evicted meanwhile
        }
        hits.incrementAndGet();
        return Optional.of(Streams.slice(in, first - entry.offset, last - first + 1));
    }

    @Override
    public synchronized void invalidate(String bucket, String key) {
        nextOffsets.remove(id(bucket, key));
        Entry old = entries.remove(id(bucket, key));
        if (old != null) {
            totalBytes -= old.length;
            try {
                Files.deleteIfExists(old.file);
            } catch (IOException e) {
                LOG.debug("could not delete cache file {}", old.file, e);
            }
        }
    }

    @Override
    public synchronized void close() {
        for (Entry e : entries.values()) {
            try {
                Files.deleteIfExists(e.file);
            } catch (IOException ex) {
                LOG.debug("could not delete cache file {}", e.file, ex);
            }
        }
        entries.clear();
        totalBytes = 0;
    }
}
