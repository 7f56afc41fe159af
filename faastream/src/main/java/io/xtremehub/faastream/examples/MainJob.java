package io.xtremehub.faastream.examples;

import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.StageMetrics;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The README's main job: starts the embedded XtremeHub cluster on free ports in a data directory,
 * generates a text corpus into its S3 endpoint, runs FaaStream WordCount on local JVM-process
 * workers (map, shuffle by MurmurHash3 routing, reduce, write to a bucket), checks the counts
 * against a local count and prints a short report. Exit code 0 when the counts match.
 *
 * <p>Worker JVMs get the class path of this JVM ({@code java.class.path}), or the one given with
 * {@code --worker-classpath}.
 */
@Command(name = "faastream-main-job", mixinStandardHelpOptions = true,
        description = "Runs FaaStream WordCount on the embedded cluster with local-process workers.")
public final class MainJob implements Callable<Integer> {
    @Option(names = "--data-dir", description = "parent of the per-run cluster data directory (default: ${DEFAULT-VALUE})")
    Path dataDir = Path.of("data", "faastream-main-job");
    @Option(names = "--keep-data", description = "keep this run's cluster data directory instead of deleting it")
    boolean keepData;
    @Option(names = "--files", description = "input text objects to generate (default: ${DEFAULT-VALUE})")
    int files = 8;
    @Option(names = "--lines", description = "lines per object (default: ${DEFAULT-VALUE})")
    int lines = 2_000;
    @Option(names = "--mappers", description = "map workers (default: ${DEFAULT-VALUE})")
    int mappers = 2;
    @Option(names = "--reducers", description = "reduce workers (default: ${DEFAULT-VALUE})")
    int reducers = 2;
    @Option(names = "--worker-classpath", description = "class path of worker JVMs (default: this JVM's)")
    String workerClasspath;

    public static void main(String[] args) {
        System.exit(new CommandLine(new MainJob()).execute(args));
    }

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
        if (!java.nio.file.Files.exists(dir)) {
            return;
        }
        try (var paths = java.nio.file.Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.deleteIfExists(p);
            }
        }
    }

    private int run(Path runDir, long t0) throws Exception {
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(runDir))) {
            var cfg = cluster.config();
            ObjectStoreConfig s3 = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(),
                    cfg.ltsSecretKey());
            String bucket = "wordcount";
            Map<String, Integer> expected = generate(s3, bucket);
            LocalProcessPlatform.Builder platform = LocalProcessPlatform.builder()
                    .logDir(dataDir.resolve("worker-logs"));
            if (workerClasspath != null) {
                platform.classPath(workerClasspath);
            }
            try (Manager manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(s3)
                    .platform(platform.build()).build()) {
                String out = "counts-" + System.currentTimeMillis() + "/";
                long j0 = System.nanoTime();
                Job job = manager.execute(WordCount.pipeline(bucket, "input/", out, mappers, reducers),
                        JobOptions.builder().name("wordcount").build());
                JobStatus status = job.awaitCompletion(Duration.ofMinutes(10));
                double seconds = (System.nanoTime() - j0) / 1e9;
                Map<String, Integer> counts = readCounts(s3, bucket, out);
                report(cluster, job, status, seconds, expected, counts);
                System.out.printf("total wall time (cluster start, data, job): %.1f s%n", (System.nanoTime() - t0) / 1e9);
                return counts.equals(expected) ? 0 : 1;
            }
        }
    }

    private Map<String, Integer> generate(ObjectStoreConfig s3, String bucket) {
        String[] vocabulary = ("stream segment event reader writer scope pravega tier serverless function worker "
                + "pipeline shuffle reduce map batch latency throughput bucket object routing key elastic").split(" ");
        Random rnd = new Random(2026);
        Map<String, Integer> expected = new HashMap<>();
        try (ObjectStore store = new ObjectStore(s3)) {
            store.ensureBucket(bucket);
            for (int f = 0; f < files; f++) {
                StringBuilder sb = new StringBuilder();
                for (int l = 0; l < lines; l++) {
                    for (int w = 0; w < 10; w++) {
                        String word = vocabulary[(int) Math.min(vocabulary.length - 1, Math.abs(rnd.nextGaussian()) * 6)];
                        expected.merge(word, 1, Integer::sum);
                        sb.append(word).append(' ');
                    }
                    sb.append('\n');
                }
                store.put(bucket, "input/text-" + f + ".txt", sb.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        return expected;
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

    private void report(StandaloneCluster cluster, Job job, JobStatus status, double seconds,
                        Map<String, Integer> expected, Map<String, Integer> counts) {
        long words = expected.values().stream().mapToLong(Integer::intValue).sum();
        System.out.println();
        System.out.println("FaaStream WordCount on the embedded XtremeHub cluster");
        System.out.printf("  cluster started in %.1f s: controller %s, S3 %s%n", cluster.startTime().toMillis() / 1e3,
                cluster.controllerUri(), cluster.s3Endpoint());
        System.out.printf("  job %s: %s in %.1f s, %d objects, %d lines, %d words (%.0f words/s)%n", job.id(),
                status.state(), seconds, files, (long) files * lines, words, words / seconds);
        for (StageMetrics m : status.stages()) {
            System.out.printf("  stage %d %-6s in %8d  out %8d  mean %.1f us/event%n", m.stage() + 1, m.name(),
                    m.eventsIn(), m.eventsOut(), m.meanProcessingMicros());
        }
        System.out.print("  top words:");
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(5).forEach(e -> System.out.print(" " + e.getKey() + "=" + e.getValue()));
        System.out.println();
        System.out.println("  WordCount " + (counts.equals(expected) ? "verified: counts match" : "FAILED: counts DO NOT match")
                + " a local count (" + counts.size() + " distinct words)");
        var lts = cluster.ltsUsage();
        System.out.printf("  LTS so far: %d objects, %d bytes in bucket %s", lts.objects(), lts.bytes(),
                cluster.config().ltsBucket());
        long stored = cluster.nexus() == null ? 0 : cluster.nexus().storedBytes(cluster.config().ltsBucket());
        if (stored > 0 && lts.bytes() > 0) {
            System.out.printf("; Nexus %s policy stores %d bytes: compression ratio %.2f%n",
                    cluster.config().ltsCompression(), stored, (double) lts.bytes() / stored);
        } else {
            System.out.println(" (nothing tiered to LTS yet)");
        }
    }
}
