package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.platform.LocalProcessPlatform;
import io.xtremehub.faastream.platform.lambda.LambdaPlatform;
import io.xtremehub.faastream.platform.lambda.LambdaWorkerHandler;
import io.xtremehub.faastream.testkit.LambdaInvokeServer;
import io.xtremehub.faastream.testkit.LambdaPackage;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Workers as local JVM processes (killed mid-job) and as Lambda invocations (re-invoked before their limit). */
@EmbeddedCluster
class PlatformsIT {
    @Provided
    static TestCluster tc;

    @Test
    void processWorkersSurviveAKilledWorkerWithoutLosingEvents() throws Exception {
        LocalProcessPlatform processes = LocalProcessPlatform.builder()
                .logDir(Path.of("target", "worker-logs")).build();
        try (Manager manager = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(processes).build()) {
            String in = tc.newStream("in", 2);
            String out = tc.newStream("out", 1);
            List<String> input = IntStream.range(0, 1500).mapToObj(i -> "e" + i).toList();
            tc.events().writeStrings(in, input);
            // the first stage is slow too, so the killed worker's stage is still receiving input
            Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                    .map(PlatformsIT::slowTag, Serializers.utf8()).named("tag")
                    .map(PlatformsIT::slowUpper, Serializers.utf8()).parallelism(2).named("slow")
                    .writeToStream(out);
            Job job = manager.execute(p, JobOptions.builder().mode(Mode.BATCH).build());

            // kill one 'slow' worker like a crashed function instance once it is busy
            await().atMost(Duration.ofMinutes(2)).until(() -> job.status().stages().size() == 2
                    && job.status().stages().get(1).eventsOut() > 100);
            String victim = processes.runningWorkers().stream().filter(w -> w.contains("-s1w0-")).findFirst().orElseThrow();
            ProcessHandle.of(processes.pidOf(victim)).orElseThrow().destroyForcibly();

            JobStatus s;
            try {
                s = job.awaitCompletion(Duration.ofMinutes(2));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("job did not finish after the kill: " + job.status(), e);
            }
            Set<String> expected = input.stream().map(e -> (e + "!").toUpperCase()).collect(Collectors.toSet());
            // at-least-once: the killed worker's unacknowledged events are processed again, so read the
            // whole output (reading just 1500 events could stop at duplicates and miss the last ones)
            List<String> got = tc.events().readAllStrings(out, Duration.ofSeconds(60));
            assertEquals(expected, new HashSet<>(got), "every event reaches the output despite the crash");
            assertTrue(got.size() >= input.size(), "at least once: " + got.size());
            assertEquals(JobState.COMPLETED, s.state());
            assertTrue(processes.runningWorkers().isEmpty(), "all worker processes ended");
        }
    }

    /**
     * The packaged handler ({@code mvn package} builds the zip before the integration tests run),
     * with this test's classes as the user's job code.
     */
    private LambdaPackage lambdaPackage(String functionName) throws java.io.IOException {
        Path zip;
        try (var files = java.nio.file.Files.list(Path.of("target"))) {
            zip = files.filter(p -> p.getFileName().toString().matches("faastream-.*-lambda\\.zip")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no Lambda package in target/: run mvn package first"));
        }
        return new LambdaPackage(zip, LambdaWorkerHandler.class.getName(), functionName,
                lambdaDir.resolve(functionName), Path.of("target", "test-classes"));
    }

    @org.junit.jupiter.api.io.TempDir
    Path lambdaDir;

    @Test
    void lambdaWorkersAreReinvokedBeforeTheirLimitAndKeepTheirState() throws Exception {
        try (LambdaInvokeServer lambdaService = new LambdaInvokeServer("faastream-worker",
                lambdaPackage("faastream-worker"), 4_000)) {
            LambdaPlatform lambda = LambdaPlatform.builder()
                    .client(LambdaPlatform.client(lambdaService.endpoint(), "us-east-1", "test", "test"))
                    .functionName("faastream-worker").handoffMargin(Duration.ofMillis(2_500)).build();
            try (Manager manager = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                    .platform(lambda).build()) {
                String in = tc.newStream("lin", 1);
                String out = tc.newStream("lout", 1);
                Job job = manager.execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(new Numbering(), Serializers.utf8()).writeToStream(out),
                        JobOptions.builder().mode(Mode.STREAM).build());
                List<String> got = new ArrayList<>();
                for (int batch = 0; batch < 4; batch++) {
                    int base = batch * 50;
                    tc.events().writeStrings(in, IntStream.range(base, base + 50).mapToObj(i -> "v" + i).toList());
                    got.addAll(tc.events().readStrings(out, 50, Duration.ofSeconds(60)).stream().toList());
                    int invocationsNow = lambdaService.invocations();
                    // let at least one hand-off happen between batches
                    await().atMost(Duration.ofSeconds(30)).until(() -> lambdaService.invocations() > invocationsNow);
                }
                job.cancel();
                got = tc.events().readStrings(out, 200, Duration.ofSeconds(30));
                Set<String> values = got.stream().map(s -> s.split("#")[0]).collect(Collectors.toSet());
                Set<Integer> counters = got.stream().map(s -> Integer.parseInt(s.split("#")[1])).collect(Collectors.toSet());
                assertEquals(IntStream.range(0, 200).mapToObj(i -> "v" + i).collect(Collectors.toSet()), values);
                assertEquals(IntStream.rangeClosed(1, 200).boxed().collect(Collectors.toSet()), counters,
                        "the @State counter carried over every re-invocation");
                assertTrue(lambdaService.invocations() >= 4, "re-invoked: " + lambdaService.invocations());
            }
        }
    }

    static String slowTag(String s) throws InterruptedException {
        Thread.sleep(4);
        return s + "!";
    }

    static String slowUpper(String s) throws InterruptedException {
        Thread.sleep(2);
        return s.toUpperCase();
    }

    /** Numbers the events it sees; the count is state that must survive re-invocations. */
    static final class Numbering implements Transformer<String, String> {
        @State
        private int seen;

        @Override
        public String apply(String input) {
            seen++;
            return input + "#" + seen;
        }
    }
}
