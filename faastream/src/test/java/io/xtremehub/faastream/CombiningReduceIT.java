package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.WordCount;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reduce stages with a {@link Combiner}: results equal a local computation in a stream and in a
 * batch, a crashed map-side worker loses no count, and the stage before the shuffle sends partial
 * aggregates, far fewer than its input's elements (ExamplesIT checks the same for the batch
 * WordCount over bucket objects).
 */
@EmbeddedCluster
class CombiningReduceIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final String[] VOCABULARY = ("stream segment event reader writer scope tier function worker "
            + "pipeline shuffle reduce map batch bucket object routing key elastic window").split(" ");

    @Test
    void streamingWordCountMatchesALocalCountAndShufflesPartialCounts() {
        String in = tc.newStream("cmb-in", 2);
        String out = tc.newStream("cmb-out", 1);
        Map<String, Long> expected = new TreeMap<>();
        List<String> lines = lines(new Random(11), 4000, expected);
        long words = 40_000;
        tc.events().writeStrings(in, lines);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .flatMap(WordCount::words, Serializers.utf8()).parallelism(2).named("split")
                .reduce(w -> w, Combiner.<String>counting(), (w, n) -> w + " " + n, Serializers.utf8()).named("count")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.STREAM).name("combine-stream").build());
        try {
            // a stream counts per window: a word's windows add up to its count in the input
            await("the windows' counts to add up to the input's").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(1))
                    .failFast("the job stopped: " + job.status(), () -> job.status().state().terminal())
                    .until(() -> sums(tc.events().readAllStrings(out, Duration.ofMinutes(1))).equals(expected));
            await("telemetry of every line read and every partial merged").atMost(Duration.ofSeconds(30))
                    .until(() -> {
                        List<StageMetrics> st = job.status().stages();
                        return st.size() == 2 && st.get(0).eventsIn() == lines.size()
                                && st.get(0).eventsOut() == st.get(1).eventsIn();
                    });
            long partials = job.status().stages().get(0).eventsOut();
            assertTrue(partials >= expected.size(), "at least one partial per word: " + partials);
            assertTrue(partials * 10 < words, partials + " partials crossed the shuffle for " + words
                    + " words; without combining each word crosses it");
        } finally {
            job.cancel();
        }
    }

    @Test
    void aMapWorkerKilledAfterACheckpointLosesNoCount() throws Exception {
        String in = tc.newStream("cmb-crash-in", 1);
        String out = tc.newStream("cmb-crash-out", 1);
        Map<String, Long> expected = new TreeMap<>();
        tc.events().writeStrings(in, lines(new Random(23), 4000, expected));
        // a batch has no windows: 'split' sends its partials only when its reader checkpoints (every
        // second) and at the end, and a restart reads on from the last checkpoint
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(l -> l, Serializers.utf8()).named("read")
                .flatMap(CombiningReduceIT::slowWords, Serializers.utf8()).named("split")
                .reduce(w -> w, Combiner.<String>counting(), (w, n) -> w + " " + n, Serializers.utf8()).named("count")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).name("combine-crash").build());
        try {
            await("'split' to send partials at a checkpoint").atMost(Duration.ofMinutes(1))
                    .until(() -> job.status().stages().size() == 3 && job.status().stages().get(1).eventsOut() > 0);
            String victim = threadManager.threads().runningWorkers().stream().filter(w -> w.startsWith(job.id() + "-s1w"))
                    .findFirst().orElseThrow(() -> new AssertionError("'split' is not running any more: "
                            + threadManager.threads().runningWorkers() + ", " + job.status().stages().get(1)));
            assertTrue(threadManager.threads().kill(victim), "could not kill " + victim);
            job.awaitCompletion(Duration.ofMinutes(2));
        } finally {
            job.cancel();
        }
        // at-least-once: a count may come out higher than the input's, never lower
        Map<String, Long> counts = sums(tc.events().readAllStrings(out, Duration.ofMinutes(1)));
        assertEquals(expected.keySet(), counts.keySet());
        expected.forEach((w, n) -> assertTrue(counts.get(w) >= n, w + " counted " + counts.get(w) + " times, " + n
                + " in the input"));
    }

    @Test
    void batchSumsPerKeyRightAfterTheSourceMatchALocalSum() throws Exception {
        String in = tc.newStream("cmb-batch-in", 1);
        String out = tc.newStream("cmb-batch-out", 1);
        Random rnd = new Random(5);
        Map<Integer, Long> expected = new TreeMap<>();
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            long v = rnd.nextInt(1000) - 200;
            expected.merge((int) Math.floorMod(v, 7), v, Long::sum);
            values.add(ByteBuffer.allocate(8).putLong(v).array());
        }
        tc.events().write(in, values);
        // Integer keys travel with Java serialization; the source feeds the reduce through a combine stage
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.int64())
                .reduce(v -> (int) Math.floorMod(v, 7), Combiner.summing(v -> v), (k, sum) -> k + "=" + sum,
                        Serializers.utf8())
                .writeToStream(out);
        JobStatus s = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).name("combine-batch").build())
                .awaitCompletion(Duration.ofMinutes(2));

        Map<Integer, Long> sums = new TreeMap<>();
        for (String r : tc.events().readAllStrings(out, Duration.ofMinutes(1))) {
            String[] kv = r.split("=");
            assertEquals(null, sums.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1])), "one total per key: " + r);
        }
        assertEquals(expected, sums);
        assertEquals("combine", s.stages().get(0).name());
        assertEquals(3000, s.stages().get(0).eventsIn());
        assertEquals(s.stages().get(0).eventsOut(), s.stages().get(1).eventsIn());
        assertTrue(s.stages().get(0).eventsOut() <= 7, "one partial per key from the single reader, got "
                + s.stages().get(0).eventsOut());
    }

    /** {@code count} lines of 10 words each; counts the words into {@code expected}. */
    private static List<String> lines(Random rnd, int count, Map<String, Long> expected) {
        List<String> lines = new ArrayList<>();
        for (int l = 0; l < count; l++) {
            StringBuilder line = new StringBuilder();
            for (int w = 0; w < 10; w++) {
                String word = VOCABULARY[rnd.nextInt(VOCABULARY.length)];
                expected.merge(word, 1L, Long::sum);
                line.append(word).append(' ');
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** The words of a line, a millisecond later: keeps a worker busy long enough to be killed mid-input. */
    static List<String> slowWords(String line) {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            // the thread platform kills a worker by interrupting it: let the worker see it and end as
            // a crashed one, rather than fail the job with a function that threw
            Thread.currentThread().interrupt();
        }
        return WordCount.words(line);
    }

    private static Map<String, Long> sums(List<String> results) {
        Map<String, Long> sums = new TreeMap<>();
        for (String r : results) {
            String[] kv = r.split(" ");
            sums.merge(kv[0], Long.parseLong(kv[1]), Long::sum);
        }
        return sums;
    }
}
