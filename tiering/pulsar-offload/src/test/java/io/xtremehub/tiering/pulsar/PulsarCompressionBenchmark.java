package io.xtremehub.tiering.pulsar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.admin.LongRunningProcessStatus;
import org.apache.pulsar.client.api.CompressionType;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.Producer;

/**
 * Compression of HDFS-style log lines offloaded by Pulsar through Nexus, against Pulsar's own
 * producer compression, in one run on one broker: for each producer compression (none, LZ4, ZSTD) and
 * batch size (small, large) it writes the same lines at a fixed rate, records each send's latency,
 * reads how many bytes the broker stored, offloads the topic through Nexus' zstd policy and reads how
 * many bytes the backend stored. Writes one CSV line per configuration.
 *
 * <p>Arguments: {@code <messages> <messages per second> <csv file> [nexus streamlets]}, the streamlets of
 * Nexus' policy as {@code name:key=value;...} (default {@code zstd}, level 3; the offload runs after the
 * produce path, so a higher level costs the producers nothing).
 */
public final class PulsarCompressionBenchmark {
    private static final String BUCKET = "pulsar-bench";

    private record Batching(String name, int maxMessages, int maxDelayMs) {
    }

    private PulsarCompressionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int messages = Integer.parseInt(args[0]);
        int rate = Integer.parseInt(args[1]);
        Path csv = Path.of(args[2]);
        String streamlets = args.length > 3 ? args[3] : "zstd";
        Path dir = Files.createTempDirectory("pulsar-bench");
        List<String> rows = new ArrayList<>();
        try (NexusProcess nexus = NexusProcess.start(dir.resolve("nexus"), Map.of(BUCKET, streamlets));
             PulsarStandaloneBroker broker = PulsarStandaloneBroker.start(dir.resolve("pulsar"), nexus.endpoint(),
                     BUCKET, 50_000)) {
            List<Batching> batchings = List.of(new Batching("small", 10, 1), new Batching("large", 1000, 10));
            for (CompressionType compression : List.of(CompressionType.NONE, CompressionType.LZ4, CompressionType.ZSTD)) {
                for (Batching batching : batchings) {
                    rows.add(streamlets.replace(',', '+') + "," + run(broker, nexus, compression, batching, messages, rate));
                    System.out.println(rows.get(rows.size() - 1));
                }
            }
        }
        boolean header = !Files.exists(csv);
        Files.createDirectories(csv.toAbsolutePath().getParent());
        StringBuilder out = new StringBuilder(header ? "nexus_policy,run,compression,batching,messages,rate_per_s,raw_bytes,"
                + "broker_stored_bytes,client_ratio,nexus_input_bytes,nexus_stored_bytes,nexus_ratio_vs_raw,"
                + "p50_send_ms,p95_send_ms\n" : "");
        rows.forEach(r -> out.append(r).append('\n'));
        Files.writeString(csv, out.toString(), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    private static String run(PulsarStandaloneBroker broker, NexusProcess nexus, CompressionType compression,
                              Batching batching, int messages, int rate) throws Exception {
        String name = "hdfs-" + compression.name().toLowerCase() + "-" + batching.name();
        String topic = "persistent://" + PulsarStandaloneBroker.NAMESPACE + "/" + name;
        HdfsLogLines lines = new HdfsLogLines(7);
        long raw = 0;
        long[] latencies = new long[messages];
        List<CompletableFuture<MessageId>> sends = new ArrayList<>();
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).compressionType(compression)
                .enableBatching(true).batchingMaxMessages(batching.maxMessages())
                .batchingMaxBytes(1024 * 1024)
                .batchingMaxPublishDelay(batching.maxDelayMs(), TimeUnit.MILLISECONDS)
                .blockIfQueueFull(true).maxPendingMessages(100_000).create()) {
            long start = System.nanoTime();
            long intervalNanos = 1_000_000_000L / rate;
            for (int i = 0; i < messages; i++) {
                long due = start + i * intervalNanos;
                while (System.nanoTime() < due) {
                    Thread.onSpinWait();
                }
                byte[] line = lines.nextBytes();
                raw += line.length;
                long sent = System.nanoTime();
                int index = i;
                sends.add(producer.sendAsync(line).whenComplete((id, e) -> latencies[index] = System.nanoTime() - sent));
            }
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
        }
        long brokerStored = broker.admin().topics().getInternalStats(topic).totalSize;

        // close the ledger the data is in (a reload opens a new one), then offload everything before it
        broker.admin().topics().unload(topic);
        MessageId marker;
        try (Producer<byte[]> producer = broker.client().newProducer().topic(topic).create()) {
            marker = producer.send("end".getBytes(StandardCharsets.UTF_8));
        }
        broker.admin().topics().triggerOffload(topic, marker);
        Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
        while (broker.admin().topics().offloadStatus(topic).getStatus() == LongRunningProcessStatus.Status.RUNNING) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("offload of " + topic + " still running after 5 minutes");
            }
            Thread.sleep(200); // polling a long-running offload, not a test
        }
        LongRunningProcessStatus.Status status = broker.admin().topics().offloadStatus(topic).getStatus();
        if (status != LongRunningProcessStatus.Status.SUCCESS) {
            throw new IllegalStateException("offload of " + topic + " failed: "
                    + broker.admin().topics().offloadStatus(topic).getLastError());
        }
        long[] nexusBytes = nexusBytes(nexus.bucketDir(BUCKET), PulsarStandaloneBroker.NAMESPACE + "/persistent/" + name);

        long[] sorted = latencies.clone();
        Arrays.sort(sorted);
        return String.join(",", Instant.now().toString(), compression.name(), batching.name(),
                Integer.toString(messages), Integer.toString(rate), Long.toString(raw), Long.toString(brokerStored),
                String.format("%.2f", (double) raw / brokerStored), Long.toString(nexusBytes[0]),
                Long.toString(nexusBytes[1]), String.format("%.2f", (double) raw / nexusBytes[1]),
                String.format("%.2f", sorted[sorted.length / 2] / 1e6),
                String.format("%.2f", sorted[(int) (sorted.length * 0.95)] / 1e6));
    }

    /** Bytes Nexus received (marker) and stored (backend file) for the data objects of one topic. */
    private static long[] nexusBytes(Path bucket, String managedLedger) throws IOException {
        long in = 0;
        long stored = 0;
        for (String key : BackendObjects.keys(bucket)) {
            Map<String, String> metadata = BackendObjects.metadata(bucket, key);
            if (managedLedger.equals(metadata.get("user.user-metadata.managedledgername"))
                    && "data".equals(metadata.get("user.user-metadata.role"))) {
                in += Long.parseLong(BackendObjects.nexusMarker(bucket, key).get("n"));
                stored += BackendObjects.storedBytes(bucket, key);
            }
        }
        if (stored == 0) {
            throw new IllegalStateException("no offloaded data object of " + managedLedger + " in " + bucket);
        }
        return new long[] {in, stored};
    }
}
