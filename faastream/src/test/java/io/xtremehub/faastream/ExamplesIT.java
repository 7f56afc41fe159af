package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.IncrementChain;
import io.xtremehub.faastream.examples.Sha256Job;
import io.xtremehub.faastream.examples.TeraSort;
import io.xtremehub.faastream.examples.WordCount;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shipped examples on data the tests generate, on thread workers. */
@EmbeddedCluster
class ExamplesIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    @Test
    void wordCountShufflesWholeWordsToReducers() throws Exception {
        String bucket = tc.newBucket("wc");
        Random rnd = new Random(7);
        Map<String, Integer> expected = new TreeMap<>();
        for (int f = 0; f < 3; f++) {
            StringBuilder text = new StringBuilder();
            for (int line = 0; line < 400; line++) {
                for (int w = 0; w < 8; w++) {
                    String word = "w" + (int) Math.abs(rnd.nextGaussian() * 30);
                    expected.merge(word, 1, Integer::sum);
                    text.append(word).append(w % 3 == 0 ? ", " : " ");
                }
                text.append('\n');
            }
            tc.objects().put(bucket, "in/part" + f + ".txt", text.toString().getBytes(StandardCharsets.UTF_8));
        }
        JobStatus s = threadManager.manager().execute(WordCount.pipeline(bucket, "in/", "out/", 2, 3), ScalingPolicy.fixed(), false)
                .awaitCompletion(Duration.ofMinutes(2));

        Map<String, Integer> counts = new TreeMap<>();
        List<String> lines = new String(tc.objects().concat(bucket, "out/"), StandardCharsets.UTF_8).lines().toList();
        for (String l : lines) {
            String[] kv = l.split(" ");
            counts.merge(kv[0], Integer.parseInt(kv[1]), Integer::sum);
        }
        assertEquals(expected, counts);
        assertEquals(expected.size(), lines.size(), "each word is counted by exactly one reducer");
        assertEquals(3 * 400, s.stages().get(0).eventsIn());
        // the mappers count per word themselves: one partial count per word and mapper crosses the shuffle
        long partials = s.stages().get(0).eventsOut();
        assertEquals(partials, s.stages().get(1).eventsIn());
        assertTrue(partials <= 2L * expected.size(), partials + " events crossed the shuffle for "
                + expected.size() + " words and 2 mappers (" + 3 * 400 * 8 + " words in the input)");
    }

    @Test
    void teraSortOutputIsGloballySortedAndComplete() throws Exception {
        String bucket = tc.newBucket("ts");
        int records = 20_000;
        byte[] input = TeraSort.generate(records, 42);
        tc.objects().put(bucket, "input.bin", input);

        threadManager.manager().execute(TeraSort.pipeline(bucket, "input.bin", "sorted/", 2, 4), ScalingPolicy.fixed(), false)
                .awaitCompletion(Duration.ofMinutes(2));

        List<String> parts = tc.objects().keys(bucket, "sorted/");
        assertTrue(parts.size() >= 4, "one or more parts per reducer: " + parts);
        byte[] output = tc.objects().concat(bucket, "sorted/");
        assertEquals(input.length, output.length);
        List<ByteBuffer> out = split(output);
        for (int i = 1; i < out.size(); i++) {
            assertTrue(compareKeys(out.get(i - 1), out.get(i)) <= 0, "record " + i + " is out of order");
        }
        List<ByteBuffer> in = split(input);
        in.sort(ExamplesIT::compareRecords);
        List<ByteBuffer> outSorted = new ArrayList<>(out);
        outSorted.sort(ExamplesIT::compareRecords);
        assertEquals(in, outSorted, "the output holds exactly the input records");
    }

    @Test
    void sha256JobGivesTheSameResultAsStreamAndAsBatch() throws Exception {
        String in = tc.newStream("hash-in", 2);
        String streamOut = tc.newStream("hash-stream-out", 1);
        String batchOut = tc.newStream("hash-batch-out", 1);
        Random rnd = new Random(3);
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] b = new byte[100 + rnd.nextInt(3000)];
            rnd.nextBytes(b);
            events.add(b);
        }
        Set<String> expected = new HashSet<>();
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (byte[] e : events) {
            expected.add(HexFormat.of().formatHex(md.digest(e)));
        }

        // stream: the job runs first, the events arrive while it runs
        Job streaming = threadManager.manager().execute(Sha256Job.pipeline(in, streamOut, 2),
                JobOptions.builder().mode(Mode.STREAM).build());
        tc.events().write(in, events);
        Set<String> fromStream = new HashSet<>(tc.events().readStrings(streamOut, 200, Duration.ofSeconds(60)));
        assertEquals(JobState.RUNNING, streaming.status().state(), "a streaming job keeps running");
        streaming.cancel();
        assertEquals(JobState.CANCELLED, streaming.status().state());

        // batch: the same job code over what the stream holds now, then it finishes by itself
        JobStatus batch = threadManager.manager().execute(Sha256Job.pipeline(in, batchOut, 2),
                JobOptions.builder().mode(Mode.BATCH).build()).awaitCompletion(Duration.ofMinutes(2));
        Set<String> fromBatch = new HashSet<>(tc.events().readStrings(batchOut, 200, Duration.ofSeconds(30)));

        assertEquals(expected, fromStream);
        assertEquals(expected, fromBatch);
        assertEquals(JobState.COMPLETED, batch.state());
    }

    @Test
    void chainOfTenIncrementsAddsTen() throws Exception {
        String in = tc.newStream("chain-in", 1);
        String out = tc.newStream("chain-out", 1);
        List<Long> input = LongStream.range(0, 50).boxed().toList();
        tc.events().write(in, input.stream().map(v -> Serializers.int64().serialize(v)).toList());

        JobStatus s = threadManager.manager().execute(IncrementChain.pipeline(in, out, 10), JobOptions.builder().mode(Mode.BATCH).build())
                .awaitCompletion(Duration.ofMinutes(3));

        List<Long> got = tc.events().read(out, 50, Duration.ofSeconds(30)).stream()
                .map(b -> Serializers.int64().deserialize(b)).sorted().toList();
        assertEquals(input.stream().map(v -> v + 10).toList(), got);
        assertEquals(10, s.stages().size());
        assertTrue(s.stages().stream().allMatch(m -> m.eventsIn() == 50 && m.eventsOut() == 50), s.stages().toString());
    }

    private static List<ByteBuffer> split(byte[] data) {
        List<ByteBuffer> out = new ArrayList<>();
        for (int i = 0; i < data.length; i += TeraSort.RECORD) {
            out.add(ByteBuffer.wrap(Arrays.copyOfRange(data, i, i + TeraSort.RECORD)));
        }
        return out;
    }

    private static int compareKeys(ByteBuffer a, ByteBuffer b) {
        return Arrays.compareUnsigned(a.array(), 0, TeraSort.KEY, b.array(), 0, TeraSort.KEY);
    }

    private static int compareRecords(ByteBuffer a, ByteBuffer b) {
        return Arrays.compareUnsigned(a.array(), b.array());
    }
}
