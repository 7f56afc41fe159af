package io.xtremehub.tiering.pulsar;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.pulsar.client.admin.LongRunningProcessStatus;
import org.apache.pulsar.client.api.CompressionType;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.Producer;

/**
 * How much smaller Nexus makes Pulsar's offloaded data than Pulsar's own producer compression does,
 * and what each costs in send latency, in one run on one broker with one {@code nexus serve}. Every
 * case writes the same HDFS-style log lines ({@link LogLines}, seed and keys as in Kafka's benchmark)
 * at the same fixed rate to its own topic:
 *
 * <ul>
 *   <li>producer compression none, LZ4 and ZSTD, with small batches (5 ms or 5 KB) and large ones
 *       (100 ms or 100 KB): ratio = payload / bytes the broker stores;</li>
 *   <li>no producer compression, small batches, the topic offloaded through Nexus with a zstd policy
 *       (level 3; level 19; level 19 with 1 MiB seekable blocks): ratio = payload / bytes the backend
 *       stores for the offloaded data objects. The offload runs off the produce path.</li>
 * </ul>
 *
 * Latency is send to acknowledgement, per message. Arguments {@code key=value}: {@code rate} messages/s
 * (2000), {@code seconds} per case (15), {@code out} directory of the CSV ({@code benchmarks/results}),
 * {@code label} (short).
 */
public final class PulsarCompressionBenchmark {
    /** A batch closes after {@code maxDelayMs} or {@code maxBytes}, as Kafka's linger.ms and batch.size. */
    private record Batching(int maxDelayMs, int maxBytes) {
    }

    // Kafka's benchmark uses the same two (linger 5 ms, 5 KB; 100 ms, 100 KB), as the reference did
    private static final Batching SMALL = new Batching(5, 5_000);
    private static final Batching LARGE = new Batching(100, 100_000);

    /** A case; {@code nexusPipeline} null: the broker's own storage is measured. */
    private record Case(String name, CompressionType compression, Batching batching, String nexusPipeline) {
        String topic() {
            return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "");
        }

        String namespace() {
            return nexusPipeline == null ? PulsarStandaloneBroker.NAMESPACE : "xtremehub/" + topic();
        }
    }

    private record Result(Case c, long messages, long payloadBytes, long storedBytes, double p50Ms, double p95Ms) {
        double ratio() {
            return (double) payloadBytes / storedBytes;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("client none, small batches", CompressionType.NONE, SMALL, null),
            new Case("client none, large batches", CompressionType.NONE, LARGE, null),
            new Case("client lz4, small batches", CompressionType.LZ4, SMALL, null),
            new Case("client lz4, large batches", CompressionType.LZ4, LARGE, null),
            new Case("client zstd, small batches", CompressionType.ZSTD, SMALL, null),
            new Case("client zstd, large batches", CompressionType.ZSTD, LARGE, null),
            new Case("Nexus zstd-3 on offloaded ledgers", CompressionType.NONE, SMALL, "zstd:level=3"),
            new Case("Nexus zstd-19 on offloaded ledgers", CompressionType.NONE, SMALL, "zstd:level=19"),
            new Case("Nexus zstd-19 1 MiB blocks on offloaded ledgers", CompressionType.NONE, SMALL,
                    "zstd:level=19;blockSize=1048576"));

    private PulsarCompressionBenchmark() {
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
        int seconds = Integer.parseInt(opts.getOrDefault("seconds", "15"));
        String label = opts.getOrDefault("label", "short");
        Path out = Path.of(opts.getOrDefault("out", "benchmarks/results"));
        Path dir = Files.createTempDirectory("pulsar-bench");
        List<Result> results = new ArrayList<>();
        NexusServe.Builder nexusConfig = NexusServe.builder(dir.resolve("nexus"));
        CASES.stream().filter(c -> c.nexusPipeline() != null).forEach(c -> nexusConfig.policy(c.topic(),
                c.nexusPipeline()));
        String firstBucket = CASES.stream().filter(c -> c.nexusPipeline() != null).findFirst().orElseThrow().topic();
        try (NexusServe nexus = nexusConfig.start();
             PulsarStandaloneBroker broker = PulsarStandaloneBroker.start(dir.resolve("pulsar"), nexus.endpoint(),
                     firstBucket, 1_000_000)) {
            for (Case c : CASES) {
                if (c.nexusPipeline() != null) {
                    // one namespace per policy: the namespace's offload policy names the bucket
                    broker.createNamespace(c.namespace(), nexus.endpoint(), c.topic());
                }
                Result r = run(c, broker, nexus, rate, seconds);
                results.add(r);
                System.out.printf(Locale.ROOT, "%-48s ratio %5.2fx  p95 %7.2f ms  (%d messages)%n", c.name(),
                        r.ratio(), r.p95Ms(), r.messages());
            }
        }
        write(out.resolve("pulsar-compression.csv"), results, rate, seconds, label);
    }

    private static Result run(Case c, PulsarStandaloneBroker broker, NexusServe nexus, int rate, int seconds)
            throws Exception {
        String topic = "persistent://" + c.namespace() + "/" + c.topic();
        LogLines lines = new LogLines(42); // the same records in every case, and as in Kafka's benchmark
        int count = rate * seconds;
        long[] latencies = new long[count];
        long payload = 0;
        List<CompletableFuture<MessageId>> sends = new ArrayList<>(count);
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).compressionType(c.compression())
                .enableBatching(true).batchingMaxMessages(100_000).batchingMaxBytes(c.batching().maxBytes())
                .batchingMaxPublishDelay(c.batching().maxDelayMs(), TimeUnit.MILLISECONDS)
                .blockIfQueueFull(true).maxPendingMessages(100_000).create()) {
            long start = System.nanoTime();
            long interval = TimeUnit.SECONDS.toNanos(1) / rate;
            for (int i = 0; i < count; i++) {
                LockSupport.parkNanos(start + i * interval - System.nanoTime());
                String key = "host-" + i % 32;
                byte[] value = lines.next().getBytes(StandardCharsets.UTF_8);
                payload += key.length() + value.length;
                long sent = System.nanoTime();
                int index = i;
                sends.add(producer.newMessage().key(key).value(value).sendAsync()
                        .whenComplete((id, e) -> latencies[index] = System.nanoTime() - sent));
            }
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
        }
        long[] sorted = latencies.clone();
        Arrays.sort(sorted);
        double p50 = sorted[count / 2] / 1e6;
        double p95 = sorted[(int) (count * 0.95)] / 1e6;
        long stored = c.nexusPipeline() == null ? broker.admin().topics().getInternalStats(topic).totalSize
                : offloadedBytes(broker, nexus, c, topic);
        return new Result(c, count, payload, stored, p50, p95);
    }

    /** Offloads the topic's ledger through Nexus and answers the bytes the backend stores for it. */
    private static long offloadedBytes(PulsarStandaloneBroker broker, NexusServe nexus, Case c, String topic)
            throws Exception {
        // close the ledger the data is in (a reload opens a new one), then offload everything before it
        broker.admin().topics().unload(topic);
        MessageId marker;
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).create()) {
            marker = producer.send("end".getBytes(StandardCharsets.UTF_8));
        }
        broker.admin().topics().triggerOffload(topic, marker);
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500)).until(() ->
                broker.admin().topics().offloadStatus(topic).getStatus() != LongRunningProcessStatus.Status.RUNNING);
        var status = broker.admin().topics().offloadStatus(topic);
        if (status.getStatus() != LongRunningProcessStatus.Status.SUCCESS) {
            throw new IllegalStateException("offload of " + topic + " failed: " + status.getLastError());
        }
        Path bucket = nexus.bucketDir(c.topic());
        long stored = 0;
        for (String key : BackendObjects.keys(bucket)) {
            if ("data".equals(BackendObjects.metadata(bucket, key).get("user.user-metadata.role"))) {
                stored += BackendObjects.storedBytes(bucket, key);
            }
        }
        if (stored == 0) {
            throw new IllegalStateException("no offloaded data object of " + topic + " in " + bucket);
        }
        return stored;
    }

    private static void write(Path csv, List<Result> results, int rate, int seconds, String label) throws IOException {
        Files.createDirectories(csv.toAbsolutePath().getParent());
        double bestClient = results.stream().filter(r -> r.c().nexusPipeline() == null).mapToDouble(Result::ratio)
                .max().orElseThrow();
        // appended: earlier runs stay for comparison
        StringBuilder sb = new StringBuilder(Files.exists(csv) ? "" : "run,label,case,compression,batching,"
                + "rate_per_s,seconds,messages,payload_bytes,stored_bytes,ratio,ratio_vs_best_client,p50_ms,p95_ms\n");
        String run = Instant.now().toString();
        for (Result r : results) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%s,%d,%d,%d,%d,%d,%.2f,%.2f,%.2f,%.2f%n", run, label,
                    r.c().name().replace(",", ";"), r.c().compression(), r.c().batching().maxDelayMs() + "ms-"
                    + r.c().batching().maxBytes() + "B", rate, seconds,
                    r.messages(), r.payloadBytes(), r.storedBytes(), r.ratio(), r.ratio() / bestClient, r.p50Ms(),
                    r.p95Ms()));
        }
        Files.writeString(csv, sb, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        System.out.println("wrote " + csv);
    }
}
