package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.faastream.testkit.TestCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The core data path on in-JVM thread workers: chains, batch completion, metrics, cleanup. */
class CoreThreadsIT {
    @TempDir
    static Path dir;
    static TestCluster tc;
    static Manager manager;

    @BeforeAll
    static void start() {
        tc = TestCluster.start(dir.resolve("cluster"));
        manager = Manager.builder().controllerUri(tc.controller()).objectStore(tc.store)
                .platform(new ThreadPlatform()).build();
    }

    @AfterAll
    static void stop() {
        if (manager != null) {
            manager.close();
        }
        if (tc != null) {
            tc.close();
        }
    }

    @Test
    void batchChainFromStreamToStreamProcessesEveryEventOnce() throws Exception {
        String in = tc.newStream("in", 2);
        String out = tc.newStream("out", 1);
        List<String> input = IntStream.range(0, 300).mapToObj(i -> "event-" + i).toList();
        tc.writeStrings(in, input);

        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(String::toUpperCase, Serializers.utf8()).parallelism(2)
                .filter(s -> !s.endsWith("7"))
                .writeToStream(out);
        Job job = manager.execute(p, JobOptions.builder().mode(Mode.BATCH).build());
        JobStatus done = job.awaitCompletion(Duration.ofMinutes(2));

        Set<String> expected = input.stream().map(String::toUpperCase).filter(s -> !s.endsWith("7"))
                .collect(Collectors.toSet());
        List<String> got = tc.readStrings(out, expected.size(), Duration.ofSeconds(30));
        assertEquals(expected.size(), got.size());
        assertEquals(expected, new HashSet<>(got));
        assertEquals(JobState.COMPLETED, done.state());
        assertEquals(1.0, done.progress(), 1e-9);
        assertEquals(300, done.stages().get(0).eventsIn());
        assertEquals(300, done.stages().get(1).eventsIn());
        assertEquals(expected.size(), done.stages().get(1).eventsOut());
        assertTrue(done.stages().stream().allMatch(StageMetrics::done));
        assertTrue(!tc.streamExists("fs-" + job.id() + "-s1"), "intermediate stream is cleaned up");
    }
}
