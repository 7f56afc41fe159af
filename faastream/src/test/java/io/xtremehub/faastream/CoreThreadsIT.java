package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The core data path on in-JVM thread workers: chains, batch completion, metrics, cleanup. */
@EmbeddedCluster
class CoreThreadsIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    @Test
    void eventsUpTo100MbPassBetweenStagesThroughTheObjectStore() throws Exception {
        String in = tc.newStream("sizes", 1);
        String out = tc.newStream("digests", 1);
        tc.events().writeStrings(in, List.of("1", "9", "100"));
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(CoreThreadsIT::blob, Serializers.bytes()).named("blow-up")
                .map(CoreThreadsIT::digest, Serializers.utf8()).named("digest")
                .writeToStream(out);
        JobStatus s = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).build())
                .awaitCompletion(Duration.ofMinutes(4));
        Set<String> expected = Set.of(digest(blob("1")), digest(blob("9")), digest(blob("100")));
        // the whole output, not its first three events: at least once, a worker replaced while it builds
        // the 100 MB event redoes its split, and the repeated small digests come before the big one
        assertEquals(expected, new HashSet<>(tc.events().readAllStrings(out, Duration.ofSeconds(60))));
        assertTrue(expected.stream().anyMatch(d -> d.startsWith("104857600:")));
        assertTrue(s.stages().get(1).eventsIn() >= 3, "events into the second stage: " + s.stages().get(1).eventsIn());
        // a job completes once its output is written; its parked events are deleted right after
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertTrue(
                tc.objects().keys(ObjectStores.of(tc).spillBucket(), "jobs/" + s.jobId()).isEmpty(), "parked events are cleaned up"));
    }

    @Test
    void jobCliListsJobsWithStateAndMetrics() throws Exception {
        String in = tc.newStream("cli-in", 1);
        String out = tc.newStream("cli-out", 1);
        tc.events().writeStrings(in, List.of("a", "b", "c"));
        Job job = threadManager.manager().execute(Pipeline.fromStream(in, Serializers.utf8()).map(String::toUpperCase, Serializers.utf8())
                .named("upper").writeToStream(out), JobOptions.builder().mode(Mode.BATCH).build());
        job.awaitCompletion(Duration.ofMinutes(2));
        String list = runCli("list").out();
        assertTrue(list.lines().anyMatch(l -> l.startsWith(job.id()) && l.contains("COMPLETED") && l.contains("100%")), list);
        String metrics = runCli("metrics", job.id()).out();
        String scraped = scrape();
        assertTrue(scraped.contains("faastream_stage_events_in_total{job=\"" + job.id() + "\",name=\"upper\",stage=\"0\",} 3.0"),
                scraped);
        assertTrue(scraped.contains("faastream_job_running{job=\"" + job.id() + "\",} 0.0"), scraped);
        assertTrue(metrics.lines().anyMatch(l -> l.matches("1\\s+upper\\s+0\\s+3\\s+3\\s.*true")), metrics);
        // exit code, not an empty console: the job's teardown may still log while the command runs
        CliRun unknown = runCli("status", "nope");
        assertEquals(2, unknown.exit(), unknown.out());
        assertTrue(unknown.out().lines().noneMatch(l -> l.startsWith("nope ")), unknown.out());
    }

    private static String scrape() throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(threadManager.manager().metricsEndpoint().orElseThrow()).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    /** What a {@code job} command returned and printed on standard output. */
    private record CliRun(int exit, String out) {
    }

    /** Runs a {@code job} command the way a user points it at a cluster: with a manager.yaml. */
    private static CliRun runCli(String... args) throws java.io.IOException {
        java.nio.file.Path config = java.nio.file.Files.createTempFile("manager", ".yaml");
        java.nio.file.Files.writeString(config, "controller: " + tc.controllerUri() + "\nscope: " + tc.scope() + "\n");
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.out;
        System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        int exit;
        try {
            String[] all = new String[args.length + 1];
            all[0] = "--config=" + config;
            System.arraycopy(args, 0, all, 1, args.length);
            exit = new picocli.CommandLine(new io.xtremehub.faastream.cli.JobCli()).execute(all);
        } finally {
            System.setOut(old);
            java.nio.file.Files.delete(config);
        }
        return new CliRun(exit, buf.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    static byte[] blob(String megabytes) {
        byte[] b = new byte[Integer.parseInt(megabytes) * 1024 * 1024];
        for (int i = 0; i < b.length; i += 4096) {
            b[i] = (byte) (i / 4096);
        }
        return b;
    }

    static String digest(byte[] b) throws java.security.NoSuchAlgorithmException {
        return b.length + ":" + java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(b));
    }

    @Test
    void batchChainFromStreamToStreamProcessesEveryEventOnce() throws Exception {
        String in = tc.newStream("in", 2);
        String out = tc.newStream("out", 1);
        List<String> input = IntStream.range(0, 300).mapToObj(i -> "event-" + i).toList();
        tc.events().writeStrings(in, input);

        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(String::toUpperCase, Serializers.utf8()).parallelism(2)
                .filter(s -> !s.endsWith("7"))
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).build());
        JobStatus done = job.awaitCompletion(Duration.ofMinutes(2));

        Set<String> expected = input.stream().map(String::toUpperCase).filter(s -> !s.endsWith("7"))
                .collect(Collectors.toSet());
        List<String> got = tc.events().readStrings(out, expected.size(), Duration.ofSeconds(30));
        assertEquals(expected.size(), got.size());
        assertEquals(expected, new HashSet<>(got));
        assertEquals(JobState.COMPLETED, done.state());
        assertEquals(1.0, done.progress(), 1e-9);
        assertEquals(300, done.stages().get(0).eventsIn());
        assertEquals(300, done.stages().get(1).eventsIn());
        assertEquals(expected.size(), done.stages().get(1).eventsOut());
        assertTrue(done.stages().stream().allMatch(StageMetrics::done));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertTrue(!tc.events().streamExists("fs-" + job.id() + "-s1"), "intermediate stream is cleaned up"));
    }
}
