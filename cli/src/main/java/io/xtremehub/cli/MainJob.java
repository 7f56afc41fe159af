package io.xtremehub.cli;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.StageMetrics;
import io.xtremehub.faastream.examples.WordCount;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's main job: starts the embedded XtremeHub cluster on free ports in a data directory,
 * writes a text corpus into a Pravega stream (one line per event), runs FaaStream WordCount as a
 * batch over that stream on local JVM-process workers (split, shuffle by MurmurHash3 routing,
 * count, write to a bucket), checks the counts against a local count, waits until Pravega has
 * tiered the corpus to long-term storage through Nexus and reports the compression ratio Nexus
 * achieved on it. Exit code 0 when the counts match.
 *
 * <p>It lives in the CLI module, not in FaaStream, because it starts the embedded cluster: FaaStream itself
 * must not depend on the cluster. Worker JVMs get the class path of this JVM ({@code java.class.path}), or the one given with
 * {@code --worker-classpath}.
 */
@Command(name = "main-job", mixinStandardHelpOptions = true,
        description = "Runs FaaStream WordCount over a stream on the embedded cluster with local-process workers.")
public final class MainJob implements Callable<Integer> {
    private static final String CORPUS = "corpus";
    /** Pravega frames each event with a 4-byte type and a 4-byte length. */
    private static final int EVENT_HEADER_BYTES = 8;

    @Option(names = "--data-dir", description = "parent of the per-run cluster data directory (default: ${DEFAULT-VALUE})")
    Path dataDir = Path.of("data", "faastream-main-job");
    @Option(names = "--keep-data", description = "keep this run's cluster data directory instead of deleting it")
    boolean keepData;
    @Option(names = "--lines", description = "lines of text to generate, one event each (default: ${DEFAULT-VALUE})")
    int lines = 16_000;
    @Option(names = "--mappers", description = "split workers, and segments of the corpus stream (default: ${DEFAULT-VALUE})")
    int mappers = 2;
    @Option(names = "--reducers", description = "count workers (default: ${DEFAULT-VALUE})")
    int reducers = 2;
    @Option(names = "--worker-classpath", description = "class path of worker JVMs (default: this JVM's)")
    String workerClasspath;

    @Override
    public Integer call() throws Exception {
        long t0 = System.nanoTime();
        // a fresh cluster per run: the job needs no earlier data, and each run is independent
        Path runDir = dataDir.resolve("run-" + System.currentTimeMillis());
        try {
            return run(runDir, t0);
        } finally {
            if (!keepData) {
                deleteTree(runDir);
            } else {
                System.out.println("cluster data kept in " + runDir);
            }
        }
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private int run(Path runDir, long t0) throws Exception {
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(runDir))) {
            var cfg = cluster.config();
            ObjectStoreConfig s3 = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(),
                    cfg.ltsSecretKey());
            String bucket = "wordcount";
            try (ObjectStore store = new ObjectStore(s3)) {
                store.ensureBucket(bucket);
            }
            Corpus corpus = writeCorpus(cluster);
            LocalProcessPlatform.Builder platform = LocalProcessPlatform.builder()
                    .logDir(dataDir.resolve("worker-logs"));
            if (workerClasspath != null) {
                platform.classPath(workerClasspath);
            }
            try (Manager manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(s3)
                    .platform(platform.build()).build()) {
                String out = "counts-" + System.currentTimeMillis() + "/";
                long j0 = System.nanoTime();
                Job job = manager.execute(WordCount.pipeline(Pipeline.fromStream(CORPUS, Serializers.utf8()), bucket,
                        out, mappers, reducers), JobOptions.builder().name("wordcount")
                        // a batch reads the stream up to its tail at start, then finishes
                        .mode(Mode.BATCH).build());
                JobStatus status = job.awaitCompletion(Duration.ofMinutes(10));
                double seconds = (System.nanoTime() - j0) / 1e9;
                Map<String, Integer> counts = readCounts(s3, bucket, out);
                report(cluster, job, status, seconds, corpus, counts);
                System.out.printf("total wall time (cluster start, data, job, tiering): %.1f s%n",
                        (System.nanoTime() - t0) / 1e9);
                return counts.equals(corpus.counts()) ? 0 : 1;
            }
        }
    }

    /** The generated input: the counts a correct job reproduces, and the bytes Pravega stores for it. */
    private record Corpus(Map<String, Integer> counts, long words, long segmentBytes) {
    }

    private Corpus writeCorpus(StandaloneCluster cluster) {
        String[] vocabulary = ("stream segment event reader writer scope pravega tier serverless function worker "
                + "pipeline shuffle reduce map batch latency throughput bucket object routing key elastic").split(" ");
        Random rnd = new Random(2026);
        Map<String, Integer> expected = new HashMap<>();
        long words = 0;
        long bytes = 0;
        String scope = StandaloneCluster.DEFAULT_SCOPE;
        ClientConfig client = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
        try (StreamManager streams = StreamManager.create(client);
             EventStreamClientFactory factory = EventStreamClientFactory.withScope(scope, client)) {
            // one segment per mapper, so the batch splits the corpus between them
            streams.createStream(scope, CORPUS, StreamConfiguration.builder()
                    .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(mappers)).build());
            try (EventStreamWriter<String> writer = factory.createEventWriter(CORPUS, new UTF8StringSerializer(),
                    EventWriterConfig.builder().build())) {
                for (int l = 0; l < lines; l++) {
                    StringBuilder sb = new StringBuilder();
                    for (int w = 0; w < 10; w++) {
                        String word = vocabulary[(int) Math.min(vocabulary.length - 1, Math.abs(rnd.nextGaussian()) * 6)];
                        expected.merge(word, 1, Integer::sum);
                        sb.append(word).append(' ');
                        words++;
                    }
                    String line = sb.toString();
                    bytes += line.getBytes(StandardCharsets.UTF_8).length + EVENT_HEADER_BYTES;
                    writer.writeEvent(Integer.toString(l), line);
                }
                writer.flush();
            }
        }
        return new Corpus(expected, words, bytes);
    }

    private static Map<String, Integer> readCounts(ObjectStoreConfig s3, String bucket, String prefix) {
        Map<String, Integer> counts = new HashMap<>();
        try (ObjectStore store = new ObjectStore(s3)) {
            for (ObjectStore.Listed o : store.list(bucket, prefix)) {
                new String(store.get(bucket, o.key()), StandardCharsets.UTF_8).lines().forEach(l -> {
                    String[] kv = l.split(" ");
                    counts.merge(kv[0], Integer.parseInt(kv[1]), Integer::sum);
                });
            }
        }
        return counts;
    }

    private void report(StandaloneCluster cluster, Job job, JobStatus status, double seconds, Corpus corpus,
                        Map<String, Integer> counts) {
        System.out.println();
        System.out.println("FaaStream WordCount on the embedded XtremeHub cluster");
        System.out.printf("  cluster started in %.1f s: controller %s, S3 %s%n", cluster.startTime().toMillis() / 1e3,
                cluster.controllerUri(), cluster.s3Endpoint());
        System.out.printf("  job %s: %s in %.1f s over stream '%s': %d lines, %d words (%.0f words/s)%n", job.id(),
                status.state(), seconds, CORPUS, (long) lines, corpus.words(), corpus.words() / seconds);
        for (StageMetrics m : status.stages()) {
            System.out.printf("  stage %d %-6s in %8d  out %8d  mean %.1f us/event%n", m.stage() + 1, m.name(),
                    m.eventsIn(), m.eventsOut(), m.meanProcessingMicros());
        }
        System.out.print("  top words:");
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(5).forEach(e -> System.out.print(" " + e.getKey() + "=" + e.getValue()));
        System.out.println();
        System.out.println("  WordCount " + (counts.equals(corpus.counts()) ? "verified: counts match"
                : "FAILED: counts DO NOT match") + " a local count (" + counts.size() + " distinct words)");
        reportTiering(cluster, corpus);
    }

    /**
     * Pravega moves data to long-term storage in the background, every few seconds: wait until the
     * whole corpus is there, so the ratio is that of the job's input and not of a partial flush.
     */
    private static void reportTiering(StandaloneCluster cluster, Corpus corpus) {
        String bucket = cluster.config().ltsBucket();
        long deadline = System.currentTimeMillis() + 60_000;
        var lts = cluster.ltsUsage(CORPUS);
        while (lts.bytes() < corpus.segmentBytes() && System.currentTimeMillis() < deadline) {
            sleep(500);
            lts = cluster.ltsUsage(CORPUS);
        }
        System.out.printf("  LTS: stream '%s' (%d bytes in Pravega) tiered as %d objects, %d bytes, to bucket %s",
                CORPUS, corpus.segmentBytes(), lts.objects(), lts.bytes(), bucket);
        long stored = cluster.nexus() == null ? 0 : cluster.nexus().storedBytes(bucket, CORPUS + "/");
        if (lts.bytes() < corpus.segmentBytes()) {
            System.out.println(" (tiering not finished after 60 s)");
        } else if (stored > 0) {
            System.out.printf("; Nexus %s policy stores %d bytes: compression ratio %.2f%n",
                    cluster.config().ltsCompression(), stored, (double) lts.bytes() / stored);
        } else {
            System.out.println(" (an external LTS endpoint: the stored size is not known here)");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
