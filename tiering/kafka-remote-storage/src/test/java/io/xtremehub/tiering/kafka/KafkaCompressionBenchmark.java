package io.xtremehub.tiering.kafka;

import static org.awaitility.Awaitility.await;

import io.xtremehub.tiering.loglines.LogLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * How much smaller Nexus makes Kafka's tiered data than Kafka's own producer compression does, and
 * what each costs in produce latency, in one run on one broker. Every case writes the same
 * HDFS-style log lines at the same fixed rate to its own one-partition topic:
 *
 * <ul>
 *   <li>client compression none, lz4 and zstd, with small batches (linger 5 ms, 5 KB) and large ones
 *       (linger 100 ms, 100 KB): larger batches compress better and wait longer;</li>
 *   <li>no client compression, small batches, the topic tiered through Nexus with zstd level 3 and
 *       level 19 policies (128 KiB seekable blocks, and level 19 with 1 MiB blocks): the producer pays
 *       nothing, the tiered segments are compressed whole.</li>
 * </ul>
 *
 * The ratio is the records' key and value bytes over the bytes stored: the broker's log for client
 * compression, the backend's objects for the tiered segments through Nexus (counting only the
 * records of tiered segments). Latency is send to acknowledgement (acks=all), per record.
 * Arguments {@code key=value}: {@code rate} records/s (2000), {@code seconds} per case (30),
 * {@code out} directory of the CSV ({@code benchmarks/results}), {@code label} (full), {@code work}.
 */
public final class KafkaCompressionBenchmark {
    private record Case(String name, String compression, int lingerMs, int batchBytes, String topicPrefix) {
        boolean throughNexus() {
            return topicPrefix.startsWith("nexus");
        }
    }

    private record Result(Case c, long records, long payloadBytes, long storedBytes, double p50Ms, double p95Ms) {
        double ratio() {
            return (double) payloadBytes / storedBytes;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("client none, small batches", "none", 5, 5_000, "client-none-small"),
            new Case("client none, large batches", "none", 100, 100_000, "client-none-large"),
            new Case("client lz4, small batches", "lz4", 5, 5_000, "client-lz4-small"),
            new Case("client lz4, large batches", "lz4", 100, 100_000, "client-lz4-large"),
            new Case("client zstd, small batches", "zstd", 5, 5_000, "client-zstd-small"),
            new Case("client zstd, large batches", "zstd", 100, 100_000, "client-zstd-large"),
            new Case("Nexus zstd-3 on tiered segments", "none", 5, 5_000, "nexus-zstd3"),
            new Case("Nexus zstd-19 on tiered segments", "none", 5, 5_000, "nexus-zstd19"),
            new Case("Nexus zstd-19 1 MiB blocks on tiered segments", "none", 5, 5_000, "nexus-1m-zstd19"));

    private KafkaCompressionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("arguments are key=value, got '" + a + "'");
            }
            opts.put(a.substring(0, eq), a.substring(eq + 1));
        }
        int rate = Integer.parseInt(opts.getOrDefault("rate", "2000"));
        int seconds = Integer.parseInt(opts.getOrDefault("seconds", "30"));
        String label = opts.getOrDefault("label", "full");
        Path out = Path.of(opts.getOrDefault("out", "benchmarks/results"));
        Path work = Files.createDirectories(Path.of(opts.getOrDefault("work", "target/kafka-bench")))
                .resolve("run-" + System.currentTimeMillis());
        List<Result> results = new ArrayList<>();
        try (TieringNexus nexus = new TieringNexus(work.resolve("nexus"));
             TieringBroker kafka = new TieringBroker(work.resolve("kafka"), nexus)) {
            // the default policy compresses with zstd level 3; this one, tried first by name, with level 19
            nexus.definePolicy("bench-zstd19", TieringNexus.PREFIX + "nexus-zstd19*/**", "zstd",
                    Map.of("level", "19"));
            // larger seekable blocks: better ratio, but a ranged read decodes a whole 1 MiB block
            nexus.definePolicy("bench-1m-zstd19", TieringNexus.PREFIX + "nexus-1m-zstd19*/**", "zstd",
                    Map.of("level", "19", "blockSize", "1048576"));
            for (Case c : CASES) {
                Result r = run(c, kafka, nexus, rate, seconds);
                results.add(r);
                System.out.printf(Locale.ROOT, "%-34s ratio %5.2fx  p95 %7.2f ms  (%d records)%n", c.name(), r.ratio(),
                        r.p95Ms(), r.records());
            }
        }
        write(out.resolve("kafka-compression.csv"), results, rate, seconds, label);
    }

    private static Result run(Case c, TieringBroker kafka, TieringNexus nexus, int rate, int seconds) throws Exception {
        String topic = c.topicPrefix();
        kafka.createTopic(topic, c.throughNexus());
        var p = new HashMap<String, Object>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, c.compression());
        p.put(ProducerConfig.LINGER_MS_CONFIG, c.lingerMs());
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, c.batchBytes());
        int count = rate * seconds;
        AtomicLongArray latencyNanos = new AtomicLongArray(count);
        long[] payloadUpTo = new long[count]; // payload bytes of records 0..i
        LogLines lines = new LogLines(42); // the same records in every case
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        long payload = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                LockSupport.parkNanos(start + i * interval - System.nanoTime());
                byte[] key = ("host-" + i % 32).getBytes(StandardCharsets.UTF_8);
                byte[] value = lines.next().getBytes(StandardCharsets.UTF_8);
                payload += key.length + value.length;
                payloadUpTo[i] = payload;
                int index = i;
                long sent = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, 0, key, value), (md, e) -> {
                    if (e != null) {
                        throw new IllegalStateException("produce failed: " + e.getMessage(), e);
                    }
                    latencyNanos.set(index, System.nanoTime() - sent);
                });
            }
            producer.flush();
        }
        long[] sorted = new long[count];
        for (int i = 0; i < count; i++) {
            sorted[i] = latencyNanos.get(i);
        }
        Arrays.sort(sorted);
        double p50 = sorted[count / 2] / 1e6;
        double p95 = sorted[(int) (count * 0.95)] / 1e6;
        if (!c.throughNexus()) {
            TopicPartition tp = new TopicPartition(topic, 0);
            long logBytes = kafka.admin().describeLogDirs(List.of(0)).allDescriptions().get().values().stream()
                    .flatMap(d -> d.values().stream()).mapToLong(d -> d.replicaInfos().containsKey(tp)
                            ? d.replicaInfos().get(tp).size() : 0).sum();
            return new Result(c, count, payload, logBytes, p50, p95);
        }
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
                .until(() -> kafka.tieredAndLocallyDeleted(topic));
        long lastTiered = kafka.offset(topic, OffsetSpec.latestTiered());
        long stored = 0;
        for (String key : nexus.storedKeys(TieringNexus.PREFIX + topic + "-")) {
            if (key.endsWith(".log")) {
                stored += nexus.storedSize(key);
            }
        }
        return new Result(c, lastTiered + 1, payloadUpTo[(int) lastTiered], stored, p50, p95);
    }

    private static void write(Path csv, List<Result> results, int rate, int seconds, String label) throws IOException {
        Files.createDirectories(csv.getParent());
        double bestClient = results.stream().filter(r -> !r.c().throughNexus()).mapToDouble(Result::ratio).max()
                .orElseThrow();
        // appended: earlier runs stay for comparison
        StringBuilder sb = new StringBuilder(Files.exists(csv) ? "" : "run,label,case,compression,linger_ms,"
                + "batch_bytes,rate_per_s,seconds,records_measured,payload_bytes,stored_bytes,ratio,"
                + "ratio_vs_best_client,p50_ms,p95_ms\n");
        String run = Instant.now().toString();
        for (Result r : results) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%d,%d,%d,%d,%.2f,%.2f,%.2f,%.2f%n", run, label,
                    r.c().name().replace(",", ";"), r.c().compression(), r.c().lingerMs(), r.c().batchBytes(), rate,
                    seconds, r.records(), r.payloadBytes(), r.storedBytes(), r.ratio(), r.ratio() / bestClient,
                    r.p50Ms(), r.p95Ms()));
        }
        Files.writeString(csv, sb, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        System.out.println("wrote " + csv);
    }
}
