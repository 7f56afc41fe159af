package io.xtremehub.tiering.kafka;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.tiering.loglines.LogLines;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A real Kafka 4 broker in KRaft mode tiers its log segments through Nexus with this plugin: the
 * segments reach the backend zstd-compressed under Nexus' marker, in the Aiven layout; the broker
 * deletes its local copies; a consumer reading from the beginning gets every record back from
 * remote storage, byte for byte. Faults: a streamlet that fails uploads mid-chunk and a Nexus that
 * is down make the broker's copies fail; it keeps the segments locally, retries, and loses nothing.
 * One broker and one Nexus serve every test.
 */
class KafkaTieringThroughNexusIT {
    private static final int SEGMENT_BYTES = TieringBroker.SEGMENT_BYTES;
    private static final Pattern LAYOUT = Pattern.compile(Pattern.quote(TieringNexus.PREFIX)
            + "(?<topic>[^/]+)-(?<topicId>[A-Za-z0-9_-]{22})/(?<partition>\\d+)/(?<offset>\\d{20})-"
            + "(?<segmentId>[A-Za-z0-9_-]{22})\\.(?<suffix>log|indexes|rsm-manifest)");

    @TempDir
    static Path tmp;
    static TieringNexus nexus;
    static TieringBroker kafka;

    @BeforeAll
    static void start() throws Exception {
        nexus = new TieringNexus(tmp.resolve("nexus"));
        kafka = new TieringBroker(tmp.resolve("kafka"), nexus);
    }

    @AfterAll
    static void stop() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
        if (nexus != null) {
            nexus.close();
        }
    }

    @Test
    void segmentsTierThroughNexusCompressedAndAreReadBackFromRemoteByteForByte() throws Exception {
        String topic = "logs";
        List<byte[][]> written = produceTieredTopic(topic, 5 * SEGMENT_BYTES, 1);
        awaitTieredAndLocallyDeleted(topic);
        assertSameRecords(written, consumeAll(topic, written.size()));
        // from the middle of a tiered segment: the broker finds the position in the remote offset index
        // and fetches the segment from there on, a range read through Nexus' seekable zstd
        int middle = (int) kafka.offset(topic, OffsetSpec.latestTiered()) / 2;
        nexus.takeGets();
        assertSameRecords(written.subList(middle, middle + 100), consume(topic, middle, 100));
        List<String> gets = nexus.takeGets();
        assertTrue(gets.stream().anyMatch(g -> g.contains(topic + "-") && g.matches(".*\\.log bytes=[1-9]\\d*-.*")),
                "a ranged GET of a tiered segment from past its start: " + gets);

        List<String> keys = nexus.storedKeys(TieringNexus.PREFIX + topic + "-");
        String topicId = kafka.admin().describeTopics(List.of(topic)).allTopicNames().get().get(topic).topicId().toString();
        int segments = 0;
        try (S3Client s3 = nexus.client()) {
            for (String key : keys) {
                Matcher m = LAYOUT.matcher(key);
                assertTrue(m.matches(), "not in the Aiven layout: " + key);
                assertEquals(topicId, m.group("topicId"), key);
                assertEquals("0", m.group("partition"), key);
                String base = key.substring(0, key.lastIndexOf('.'));
                for (String suffix : List.of(".log", ".indexes", ".rsm-manifest")) {
                    assertTrue(keys.contains(base + suffix), key + " has no " + suffix + " beside it");
                }
                long plain = s3.headObject(r -> r.bucket(TieringNexus.BUCKET).key(key)).contentLength();
                if (key.endsWith(".log")) {
                    segments++;
                    long stored = nexus.storedSize(key);
                    assertTrue(stored * 2 < plain, key + " is stored compressed: " + stored + " of " + plain);
                    ObjectMarker marker = ObjectMarker.from(Map.of("nexus-marker", nexus.marker(key).orElseThrow()))
                            .orElseThrow();
                    assertEquals("kafka-zstd", marker.policyName(), key);
                    assertEquals(plain, marker.originalLength(), key);
                    assertTrue(marker.steps().get(0).streamletId().startsWith("zstd@"), marker.toString());
                } else {
                    // indexes and manifests are the broker's metadata: stored as written
                    assertEquals(plain, nexus.storedSize(key), key);
                }
            }
        }
        assertTrue(segments >= 4, "segments tiered: " + keys);
    }

    @Test
    void aStreamletFailureFailsTheCopyTheBrokerRetriesAndNothingIsLost() throws Exception {
        // more failures than the AWS SDK absorbs on its own (4 attempts): a broker copy fails and is retried
        FlakyStreamlet.failures.set(5);
        String topic = "flaky-logs";
        List<byte[][]> written = produceTieredTopic(topic, 3 * SEGMENT_BYTES, 2);
        awaitTieredAndLocallyDeleted(topic);
        assertEquals(5, FlakyStreamlet.failed.get(), "the streamlet failed uploads");
        assertTrue(copyErrors(topic) >= 1, "the broker saw a failed copy");
        assertSameRecords(written, consumeAll(topic, written.size()));
        // the failed attempts left no segment behind: each stored .log is complete and has its manifest
        List<String> keys = nexus.storedKeys(TieringNexus.PREFIX + topic + "-");
        for (String key : keys) {
            if (key.endsWith(".log")) {
                assertTrue(keys.contains(key.replace(".log", ".rsm-manifest")), key + " has no manifest");
            }
        }
    }

    @Test
    void whileNexusIsDownNothingIsTieredNorDeletedLocallyAndAllIsTieredOnceItIsBack() throws Exception {
        String topic = "outage-logs";
        long errorsBefore = copyErrors(topic);
        nexus.stop();
        List<byte[][]> written;
        try {
            written = produceTieredTopic(topic, 3 * SEGMENT_BYTES, 3);
            await().atMost(Duration.ofMinutes(2)).until(() -> copyErrors(topic) > errorsBefore);
            assertEquals(0, kafka.offset(topic, OffsetSpec.earliestLocal()), "a local segment was deleted untiered");
            assertEquals(-1, kafka.offset(topic, OffsetSpec.latestTiered()), "a segment counts as tiered");
        } finally {
            nexus.start();
        }
        awaitTieredAndLocallyDeleted(topic);
        assertSameRecords(written, consumeAll(topic, written.size()));
    }

    /** Creates a one-partition tiered topic and writes about {@code bytes} of log lines; returns key and value of each. */
    private static List<byte[][]> produceTieredTopic(String topic, int bytes, long seed) throws Exception {
        kafka.createTopic(topic, true);
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        List<byte[][]> written = new ArrayList<>();
        LogLines lines = new LogLines(seed);
        int total = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            while (total < bytes) {
                byte[] key = ("host-" + written.size() % 32).getBytes(StandardCharsets.UTF_8);
                byte[] value = lines.next().getBytes(StandardCharsets.UTF_8);
                producer.send(new ProducerRecord<>(topic, 0, key, value));
                written.add(new byte[][] {key, value});
                total += key.length + value.length;
            }
            producer.flush();
        }
        return written;
    }

    /** Waits until every segment but the active one is tiered and the local copies are gone. */
    private static void awaitTieredAndLocallyDeleted(String topic) {
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500))
                .until(() -> kafka.tieredAndLocallyDeleted(topic));
    }

    /** Records of partition 0 from the beginning, as key and value of each. */
    private static List<byte[][]> consumeAll(String topic, int count) {
        return consume(topic, 0, count);
    }

    /** {@code count} records of partition 0 from offset {@code from}, as key and value of each. */
    private static List<byte[][]> consume(String topic, long from, int count) {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + topic);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<byte[][]> read = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            consumer.assign(List.of(new TopicPartition(topic, 0)));
            consumer.seek(new TopicPartition(topic, 0), from);
            await().atMost(Duration.ofMinutes(2)).until(() -> {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    if (read.size() == count) {
                        break;
                    }
                    assertEquals(from + read.size(), r.offset(), "records arrive in offset order, none missing");
                    read.add(new byte[][] {r.key(), r.value()});
                }
                return read.size() >= count;
            });
        }
        return read;
    }

    private static void assertSameRecords(List<byte[][]> written, List<byte[][]> read) {
        assertEquals(written.size(), read.size(), "records read back");
        for (int i = 0; i < written.size(); i++) {
            assertArrayEquals(written.get(i)[0], read.get(i)[0], "key of record " + i);
            assertArrayEquals(written.get(i)[1], read.get(i)[1], "value of record " + i);
        }
    }

    /** Failed copies to remote storage the broker counted for the topic. */
    private static long copyErrors(String topic) throws Exception {
        ObjectName name = new ObjectName("kafka.server:type=BrokerTopicMetrics,name=RemoteCopyErrorsPerSec,topic="
                + topic);
        var server = ManagementFactory.getPlatformMBeanServer();
        return server.isRegistered(name) ? ((Number) server.getAttribute(name, "Count")).longValue() : 0;
    }
}
