package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Unknown sources and sinks, throwing functions and undecodable events: clear errors, nothing dropped. */
@EmbeddedCluster
class BadInputIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    private static final ObjectMapper JSON = new ObjectMapper();
    @Test
    void unknownSourceStreamIsRejectedBeforeAnythingRuns() {
        String out = tc.newStream("out", 1);
        int before = threadManager.manager().jobs().size();
        JobDefinitionException e = assertThrows(JobDefinitionException.class, () -> threadManager.manager().execute(
                Pipeline.fromStream("no-such-stream").map(b -> b, Serializers.bytes()).writeToStream(out),
                ScalingPolicy.fixed(), false));
        assertEquals("source stream xtremehub/no-such-stream does not exist; create it first "
                + "(xtremehub stream create no-such-stream)", e.getMessage());
        assertEquals(before, threadManager.manager().jobs().size(), "no job was started");
    }

    @Test
    void unknownBucketsAndObjectsAreRejected() {
        int before = threadManager.manager().jobs().size();
        String bucket = tc.newBucket("present");
        String out = tc.newStream("out", 1);
        JobDefinitionException noBucket = assertThrows(JobDefinitionException.class, () -> threadManager.manager().execute(
                Pipeline.fromBucketFolder("no-such-bucket", "in/").writeToStream(out), ScalingPolicy.fixed(), false));
        assertTrue(noBucket.getMessage().startsWith("source bucket 'no-such-bucket' does not exist"), noBucket.getMessage());
        JobDefinitionException noKey = assertThrows(JobDefinitionException.class, () -> threadManager.manager().execute(
                Pipeline.fromBucketFile(bucket, "missing.txt").writeToStream(out), ScalingPolicy.fixed(), false));
        assertEquals("source object s3://" + bucket + "/missing.txt does not exist; check the key or upload it first",
                noKey.getMessage());
        tc.objects().put(bucket, "in/a.txt", "x\n".getBytes(StandardCharsets.UTF_8));
        JobDefinitionException noSink = assertThrows(JobDefinitionException.class, () -> threadManager.manager().execute(
                Pipeline.fromBucketFolder(bucket, "in/").writeToBucket("no-sink-bucket", "out/"),
                ScalingPolicy.fixed(), false));
        assertTrue(noSink.getMessage().startsWith("sink bucket 'no-sink-bucket' does not exist"), noSink.getMessage());
        assertEquals(before, threadManager.manager().jobs().size(), "no job was started");
    }

    @Test
    void throwingFunctionFailsTheJobNamingStageAndEvent() throws Exception {
        String in = tc.newStream("in", 1);
        String out = tc.newStream("out", 1);
        tc.events().writeStrings(in, IntStream.range(0, 50).mapToObj(i -> "item-" + i).toList());
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(BadInputIT::explodeOn13, Serializers.utf8()).named("explode")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).build());
        JobFailedException e = assertThrows(JobFailedException.class, () -> job.awaitCompletion(Duration.ofMinutes(2)));
        assertTrue(e.getMessage().contains("stage 1 (explode) failed on event 14 at "), e.getMessage());
        assertTrue(e.getMessage().contains("(payload 'item-13' 7 bytes): IllegalStateException: cannot handle item-13"),
                e.getMessage());
        assertEquals(JobState.FAILED, job.status().state());
        assertEquals(1, e.getMessage().lines().count(), "one line");
        // the input the job could not process is still in its source stream
        assertEquals(50, tc.events().read(in, 50, Duration.ofSeconds(30)).size());
    }

    @Test
    void deadLetterPolicyRoutesFailingAndUndecodableEventsAndGoesOn() throws Exception {
        String in = tc.newStream("in", 1);
        String out = tc.newStream("out", 1);
        String dlq = "dlq-" + System.nanoTime();
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            events.add(("item-" + i).getBytes(StandardCharsets.UTF_8));
        }
        events.add(new byte[] {(byte) 0xC3, (byte) 0x28}); // not UTF-8
        tc.events().write(in, events);
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(BadInputIT::explodeOn13, Serializers.utf8()).named("explode")
                .writeToStream(out);
        JobStatus s = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH)
                .errorPolicy(ErrorPolicy.deadLetter(dlq)).build()).awaitCompletion(Duration.ofMinutes(2));

        Set<String> expected = IntStream.range(0, 40).filter(i -> i != 13).mapToObj(i -> "ITEM-" + i)
                .collect(Collectors.toSet());
        assertEquals(expected, new HashSet<>(tc.events().readStrings(out, 39, Duration.ofSeconds(30))));
        assertEquals(2, s.stages().get(0).deadLettered());
        List<JsonNode> dead = new ArrayList<>();
        for (byte[] b : tc.events().read(dlq, 2, Duration.ofSeconds(30))) {
            dead.add(JSON.readTree(b));
        }
        assertEquals(2, dead.size());
        JsonNode thrown = dead.stream().filter(n -> n.get("error").asText().contains("cannot handle")).findFirst().orElseThrow();
        assertEquals("item-13", new String(Base64.getDecoder().decode(thrown.get("payload").asText()), StandardCharsets.UTF_8));
        assertEquals("stage 1 (explode)", thrown.get("stage").asText());
        JsonNode undecodable = dead.stream().filter(n -> n.get("error").asText().contains("could not decode")).findFirst()
                .orElseThrow();
        assertTrue(undecodable.get("error").asText().contains("with serializer utf8: IllegalArgumentException: not valid UTF-8 text"),
                undecodable.get("error").asText());
    }

    @Test
    void undecodableEventFailsTheJobByDefault() throws Exception {
        String in = tc.newStream("in", 1);
        String out = tc.newStream("out", 1);
        tc.events().write(in, List.of("{\"name\":\"a\",\"value\":1}".getBytes(StandardCharsets.UTF_8),
                "not json".getBytes(StandardCharsets.UTF_8)));
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.json(Reading.class))
                .map(r -> r.name() + "=" + r.value(), Serializers.utf8()).writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).build());
        JobFailedException e = assertThrows(JobFailedException.class, () -> job.awaitCompletion(Duration.ofMinutes(2)));
        assertTrue(e.getMessage().contains("stage 1 (map#1) could not decode event 2 at "), e.getMessage());
        assertTrue(e.getMessage().contains("with serializer json(Reading): IllegalArgumentException: not a JSON Reading: Unrecognized token 'not'"),
                e.getMessage());
    }

    @Test
    void throwingReducerNamesTheKeyGroup() {
        String in = tc.newStream("in", 1);
        String out = tc.newStream("out", 1);
        tc.events().writeStrings(in, List.of("a", "b", "poison", "a"));
        Pipeline<String> p = Pipeline.fromStream(in, Serializers.utf8())
                .map(s -> s, Serializers.utf8())
                .reduce(s -> s, g -> {
                    if (g.key().equals("poison")) {
                        throw new ArithmeticException("bad group");
                    }
                    return g.key() + g.values().size();
                }, Serializers.utf8()).named("count")
                .writeToStream(out);
        Job job = threadManager.manager().execute(p, JobOptions.builder().mode(Mode.BATCH).build());
        JobFailedException e = assertThrows(JobFailedException.class, () -> job.awaitCompletion(Duration.ofMinutes(2)));
        assertTrue(e.getMessage().endsWith("stage 2 (count) failed on the group of key 'poison' (1 events): "
                + "ArithmeticException: bad group"), e.getMessage());
    }

    static String explodeOn13(String s) {
        if (s.equals("item-13")) {
            throw new IllegalStateException("cannot handle " + s);
        }
        return s.toUpperCase();
    }

    /** A JSON record for the decoding test. */
    public record Reading(String name, int value) {
    }
}
