package io.xtremehub.nexus.bench;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.RangeSource;
import io.xtremehub.nexus.api.Streams;
import io.xtremehub.nexus.streamlet.builtin.AesGcmStreamlet;
import io.xtremehub.nexus.streamlet.builtin.GzipStreamlet;
import io.xtremehub.nexus.streamlet.builtin.ZstdStreamlet;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * CPU time of one thread per 1 MiB range read from a 100 MiB object in a local file: the plain bytes
 * (the baseline) and each seekable streamlet's {@code processGetRange} over its stored form, with
 * structural reads cached as Nexus caches them. No HTTP and no other thread, so unlike the wall-clock
 * range benchmark it stays readable on a busy machine: it measures only the decode path. Rounds
 * alternate between the targets; reported per target: the median over rounds and the ratio to plain.
 *
 * <p>Run: {@code mvn -pl nexus/nexus-server exec:exec -Dexec.executable=java -Dexec.classpathScope=test
 * -Dexec.args="-cp %classpath io.xtremehub.nexus.bench.DecodeCpu"}
 */
public final class DecodeCpu {
    private static final int RANGE = 1 << 20;
    private static final int ROUNDS = 7;
    private static final int PER_ROUND = 200;
    private static final String[] TARGETS = {"plain", "zstd", "aes-gcm", "gzip"};

    private DecodeCpu() {
    }

    /** Runs the measurement and prints one line per target. */
    public static void main(String[] args) throws Exception {
        byte[] payload = SyntheticLogs.generate(100 << 20, 1);
        Path dir = Files.createTempDirectory("decode-cpu");
        Map<String, ByteStreamlet> streamlets = new HashMap<>();
        Map<String, RangeSource> sources = new HashMap<>();
        for (String t : TARGETS) {
            ByteStreamlet s = streamlet(t);
            Path file = dir.resolve(t);
            try (InputStream in = s == null ? new ByteArrayInputStream(payload)
                    : s.processPutBytes(new ByteArrayInputStream(payload), null)) {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            }
            streamlets.put(t, s);
            sources.put(t, new FileRanges(file));
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[][] ms = new double[TARGETS.length][ROUNDS];
        byte[] buf = new byte[8192];
        Random random = new Random(42);
        for (int round = -1; round < ROUNDS; round++) { // round -1 warms the JIT up
            for (int k = 0; k < TARGETS.length; k++) {
                int t = (k + Math.max(round, 0)) % TARGETS.length;
                long start = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < PER_ROUND; i++) {
                    long first = random.nextInt(payload.length - RANGE);
                    try (InputStream in = open(streamlets.get(TARGETS[t]), sources.get(TARGETS[t]), first,
                            payload.length)) {
                        long n = 0;
                        for (int r; (r = in.read(buf)) > 0; ) {
                            n += r;
                        }
                        if (n != RANGE) {
                            throw new IllegalStateException(TARGETS[t] + " returned " + n + " bytes");
                        }
                    }
                }
                if (round >= 0) {
                    ms[t][round] = (mx.getCurrentThreadCpuTime() - start) / 1e6 / PER_ROUND;
                }
            }
        }
        double plain = median(ms[0]);
        for (int t = 0; t < TARGETS.length; t++) {
            System.out.printf("%-8s %.3f ms CPU per 1 MiB range (median of %d rounds), %.2fx plain%n", TARGETS[t],
                    median(ms[t]), ROUNDS, median(ms[t]) / plain);
        }
        for (String t : TARGETS) {
            Files.delete(dir.resolve(t));
        }
        Files.delete(dir);
    }

    private static InputStream open(ByteStreamlet s, RangeSource source, long first, long length)
            throws IOException {
        long last = first + RANGE - 1;
        return s == null ? source.open(first, last) : s.processGetRange(first, last, length, source, null);
    }

    private static ByteStreamlet streamlet(String name) {
        ByteStreamlet s = switch (name) {
            case "plain" -> null;
            case "zstd" -> new ZstdStreamlet();
            case "gzip" -> new GzipStreamlet();
            case "aes-gcm" -> new AesGcmStreamlet();
            default -> throw new IllegalArgumentException(name);
        };
        if (s != null) {
            s.configure(name.equals("aes-gcm") ? Map.of("key", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
                    : Map.of());
        }
        return s;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Ranges of a file, each opened as its own channel (as the filesystem backend does); structure cached. */
    private static final class FileRanges implements RangeSource {
        private final Path file;
        private final long length;
        private final Map<String, byte[]> structures = new HashMap<>();

        FileRanges(Path file) throws IOException {
            this.file = file;
            this.length = Files.size(file);
        }

        @Override
        public long length() {
            return length;
        }

        @Override
        public InputStream open(long first, long last) throws IOException {
            FileChannel channel = FileChannel.open(file);
            channel.position(first);
            return Streams.limit(Channels.newInputStream(channel), last - first + 1);
        }

        @Override
        public byte[] readStructure(long offset, int len) throws IOException {
            String key = offset + ":" + len;
            byte[] bytes = structures.get(key);
            if (bytes == null) {
                bytes = RangeSource.super.readStructure(offset, len);
                structures.put(key, bytes);
            }
            return bytes;
        }
    }
}
