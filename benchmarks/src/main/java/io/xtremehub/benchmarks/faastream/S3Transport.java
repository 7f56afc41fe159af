package io.xtremehub.benchmarks.faastream;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * Lithops-over-S3 style: each function waits for its input object (polling GET), then PUTs its
 * output object for the next function. Runs against the embedded S3 endpoint.
 */
final class S3Transport implements Transports {
    private static final long POLL_MILLIS = 5;
    private final S3Client s3;
    private final String bucket;

    S3Transport(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
        s3.createBucket(r -> r.bucket(bucket));
    }

    @Override
    public String name() {
        return "s3-objects";
    }

    private byte[] await(String key, AtomicBoolean stop, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!stop.get() && System.currentTimeMillis() < deadline) {
            try {
                return s3.getObjectAsBytes(r -> r.bucket(bucket).key(key)).asByteArray();
            } catch (NoSuchKeyException e) {
                Thread.sleep(POLL_MILLIS);
            }
        }
        return null;
    }

    private void put(String key, byte[] data) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(data));
    }

    @Override
    public Chain chain(int length, int eventSize) {
        String id = UUID.randomUUID().toString();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> functions = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            int stage = i;
            Thread t = new Thread(() -> {
                try {
                    for (long seq = 0; !stop.get(); seq++) {
                        byte[] v = await(id + "/" + stage + "/" + seq, stop, Long.MAX_VALUE / 4);
                        if (v != null) {
                            put(id + "/" + (stage + 1) + "/" + seq, v);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.setDaemon(true);
            t.start();
            functions.add(t);
        }
        return new Chain() {
            long sent;
            long received;

            @Override public void send(byte[] event) { put(id + "/0/" + sent++, event); }
            @Override public byte[] receive(long timeoutMillis) throws InterruptedException {
                byte[] v = await(id + "/" + length + "/" + received, stop, timeoutMillis);
                if (v != null) {
                    received++;
                }
                return v;
            }
            @Override public void close() throws Exception {
                stop.set(true);
                for (Thread t : functions) {
                    t.interrupt();
                    t.join();
                }
            }
        };
    }

    @Override
    public double batch(List<byte[]> events, int workers) throws Exception {
        String id = UUID.randomUUID().toString();
        for (int i = 0; i < events.size(); i++) {
            put(id + "/in/" + i, events.get(i));
        }
        long t0 = System.nanoTime();
        List<Thread> ts = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            Thread t = new Thread(() -> {
                for (int i = worker; i < events.size(); i += workers) {
                    int k = i;
                    byte[] v = s3.getObjectAsBytes(r -> r.bucket(bucket).key(id + "/in/" + k)).asByteArray();
                    put(id + "/out/" + k, Timestamped.stamp(v));
                }
            });
            t.start();
            ts.add(t);
        }
        for (Thread t : ts) {
            t.join();
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    @Override
    public void close() {
    }
}
