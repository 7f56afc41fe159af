package io.xtremehub.nexus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;

/**
 * One cell of the matrix on one target: {@code clients} threads PUT {@code ops} objects of one size
 * as fast as they can, then GET them all back (streamed, never held whole), then the objects are
 * deleted (not timed). Throughput is payload bytes over wall time of each phase.
 *
 * @param sizeBytes object size
 * @param clients parallel clients (threads sharing one SDK client and its connection pool)
 * @param ops objects written and read, a multiple of {@code clients}
 */
record ThroughputCell(int sizeBytes, int clients, int ops) {
    /**
     * What one batch measured.
     *
     * @param putMibPerSec PUT throughput
     * @param getMibPerSec GET throughput
     * @param putCpuMsPerMib CPU time of this whole process (clients, server, GC) per MiB written
     * @param getCpuMsPerMib the same per MiB read
     */
    record Result(double putMibPerSec, double getMibPerSec, double putCpuMsPerMib, double getCpuMsPerMib) {
    }

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    /** The cell for a size and client count with about {@code cellBytes} of objects, every client busy to the end. */
    static ThroughputCell of(int sizeBytes, int clients, long cellBytes) {
        long perClient = Math.max(1, Math.round((double) cellBytes / ((long) sizeBytes * clients)));
        return new ThroughputCell(sizeBytes, clients, (int) (perClient * clients));
    }

    Result run(BenchTarget target, byte[] payload, String prefix) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            double[] put = phase(pool, i -> BenchClients.put(target.client, target.bucket, key(prefix, i), payload, sizeBytes));
            ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[256 << 10]);
            double[] get = phase(pool, i -> {
                long n = BenchClients.get(target.client, target.bucket, key(prefix, i), null, buffers.get());
                if (n != sizeBytes) {
                    throw new IllegalStateException(target.name + " returned " + n + " bytes of " + sizeBytes);
                }
            });
            delete(target, prefix);
            return new Result(put[0], get[0], put[1], get[1]);
        } finally {
            pool.shutdownNow();
        }
    }

    private static String key(String prefix, int i) {
        return prefix + "/o-" + i;
    }

    /** An operation on object number i. */
    private interface Op {
        void run(int i) throws Exception;
    }

    /** Returns {MiB/s, process CPU ms per MiB}. */
    private double[] phase(ExecutorService pool, Op op) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> workers = new ArrayList<>();
        long cpuStart = OS.getProcessCpuTime();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            workers.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < ops; i = next.getAndIncrement()) {
                    op.run(i);
                }
                return null;
            }));
        }
        for (Future<?> w : workers) {
            w.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuMs = (OS.getProcessCpuTime() - cpuStart) / 1e6;
        double mib = (double) ops * sizeBytes / (1 << 20);
        return new double[] {mib / seconds, cpuMs / mib};
    }

    private void delete(BenchTarget target, String prefix) {
        List<ObjectIdentifier> keys = new ArrayList<>();
        for (int i = 0; i < ops; i++) {
            keys.add(ObjectIdentifier.builder().key(key(prefix, i)).build());
            if (keys.size() == 500 || i == ops - 1) {
                List<ObjectIdentifier> batch = List.copyOf(keys);
                target.client.deleteObjects(b -> b.bucket(target.bucket).delete(Delete.builder().objects(batch)
                        .quiet(true).build()));
                keys.clear();
            }
        }
    }
}
