package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.Tag;
import software.amazon.awssdk.services.s3.model.Tagging;
import software.amazon.awssdk.services.s3.model.TaggingDirective;

/**
 * Object tagging through Nexus with the real AWS SDK v2 client (sync, path-style, SigV4) on a
 * filesystem backend, and the streamlet context stored as the object's tags.
 */
class NexusTaggingIT {
    /** A streamlet that puts the number of bytes it saw into the context at the end of a PUT and reports it on GET. */
    private static final String CONTEXT_ECHO = """
            package demo.ctx;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            @StreamletInfo(name = "ctx-echo", type = StreamletType.TRANSFORMER)
            public class ContextEcho implements ByteStreamlet {
                @Override public InputStream processPutBytes(InputStream in, StreamletContext c) {
                    c.put("greeting", "hello from put");
                    return Streams.counted(in, n -> c.put("bytes", Long.toString(n)));
                }
                @Override public InputStream processGetBytes(InputStream in, StreamletContext c) {
                    io.xtremehub.nexus.ContextProbe.seen(c.object().key(), c.entries());
                    return in;
                }
            }
            """;
    /** Observes bytes only (so Nexus stores objects as written) and counts them into the context. */
    private static final String BYTE_COUNTER = """
            package demo.count;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            @StreamletInfo(name = "byte-counter", on = Operation.PUT, type = StreamletType.SEMANTIC)
            public class ByteCounter implements ByteObserver {
                @Override public InputStream processPutBytes(InputStream in, StreamletContext c) {
                    return Streams.counted(in, n -> c.put("bytes", Long.toString(n)));
                }
            }
            """;

    @TempDir
    static Path tmp;
    static Path backendDir;
    static NexusServer nexus;
    static S3Client s3;

    @BeforeAll
    static void start() throws Exception {
        backendDir = tmp.resolve("backend");
        nexus = NexusServer.builder().backend(Backend.filesystem(backendDir)).workDir(tmp.resolve("work"))
                .build().start();
        s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        s3.createBucket(r -> r.bucket("tags"));
        s3.createBucket(r -> r.bucket("ctx"));
        s3.createBucket(r -> r.bucket("counted"));
        nexus.streamlets().register(StreamletJars.build(tmp, "ctx-echo", Map.of("demo.ctx.ContextEcho", CONTEXT_ECHO)));
        nexus.streamlets().register(StreamletJars.build(tmp, "byte-counter",
                Map.of("demo.count.ByteCounter", BYTE_COUNTER)));
        nexus.definePolicy(new Policy("ctx-policy", 0, SystemType.GENERIC, "ctx", "**",
                List.of(new StreamletRef("ctx-echo", Map.of())), List.of()));
        nexus.definePolicy(new Policy("count-policy", 0, SystemType.GENERIC, "counted", "**",
                List.of(new StreamletRef("byte-counter", Map.of())), List.of()));
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
        nexus.close();
    }

    static Tagging tagging(Map<String, String> tags) {
        return Tagging.builder().tagSet(tags.entrySet().stream()
                .map(e -> Tag.builder().key(e.getKey()).value(e.getValue()).build()).toList()).build();
    }

    static Map<String, String> tagsOf(String bucket, String key) {
        return tagsOf(s3, bucket, key);
    }

    static Map<String, String> tagsOf(S3Client client, String bucket, String key) {
        return client.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet().stream()
                .collect(Collectors.toMap(Tag::key, Tag::value, (a, b) -> a, LinkedHashMap::new));
    }

    static void put(String bucket, String key, String body) {
        s3.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromString(body));
    }

    static S3Exception s3Error(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(S3Exception.class, call);
    }

    @Test
    void putGetAndDeleteObjectTagging() {
        put("tags", "a/b c.txt", "data");
        assertEquals(Map.of(), tagsOf("tags", "a/b c.txt"));
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("team", "tiering");
        tags.put("project key", "x/y:z@1+2=3");
        s3.putObjectTagging(r -> r.bucket("tags").key("a/b c.txt").tagging(tagging(tags)));
        assertEquals(tags, tagsOf("tags", "a/b c.txt"));

        Map<String, String> replaced = Map.of("only", "this");
        s3.putObjectTagging(r -> r.bucket("tags").key("a/b c.txt").tagging(tagging(replaced)));
        assertEquals(replaced, tagsOf("tags", "a/b c.txt"));

        s3.deleteObjectTagging(r -> r.bucket("tags").key("a/b c.txt"));
        assertEquals(Map.of(), tagsOf("tags", "a/b c.txt"));
        assertEquals("data", s3.getObjectAsBytes(r -> r.bucket("tags").key("a/b c.txt")).asUtf8String());
    }

    @Test
    void putObjectWithTaggingHeaderAndOverwriteWithoutIt() {
        s3.putObject(r -> r.bucket("tags").key("with-header").tagging("colour=blue&size=10%20MB"),
                RequestBody.fromString("v1"));
        assertEquals(Map.of("colour", "blue", "size", "10 MB"), tagsOf("tags", "with-header"));
        put("tags", "with-header", "v2"); // a new object version has no tags unless it says so
        assertEquals(Map.of(), tagsOf("tags", "with-header"));
    }

    @Test
    void copyObjectCopiesOrReplacesTags() {
        s3.putObject(r -> r.bucket("tags").key("src").tagging("k=v"), RequestBody.fromString("copy me"));
        s3.copyObject(r -> r.sourceBucket("tags").sourceKey("src").destinationBucket("tags").destinationKey("copy"));
        assertEquals(Map.of("k", "v"), tagsOf("tags", "copy"));
        s3.copyObject(r -> r.sourceBucket("tags").sourceKey("src").destinationBucket("tags").destinationKey("copy2")
                .taggingDirective(TaggingDirective.REPLACE).tagging("other=tag"));
        assertEquals(Map.of("other", "tag"), tagsOf("tags", "copy2"));
        assertEquals("copy me", s3.getObjectAsBytes(r -> r.bucket("tags").key("copy2")).asUtf8String());
    }

    @Test
    void limitsAreEnforcedWithInvalidTagAndNothingIsStored() {
        put("tags", "limited", "x");
        Map<String, String> eleven = new LinkedHashMap<>();
        IntStream.range(0, 11).forEach(i -> eleven.put("k" + i, "v"));
        S3Exception tooMany = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("limited")
                .tagging(tagging(eleven))));
        assertEquals(400, tooMany.statusCode());
        assertEquals("InvalidTag", tooMany.awsErrorDetails().errorCode());
        assertTrue(tooMany.awsErrorDetails().errorMessage().contains("at most 10 tags"),
                tooMany.awsErrorDetails().errorMessage());

        S3Exception longKey = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("limited")
                .tagging(tagging(Map.of("k".repeat(129), "v")))));
        assertEquals("InvalidTag", longKey.awsErrorDetails().errorCode());
        S3Exception longValue = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("limited")
                .tagging(tagging(Map.of("k", "v".repeat(257))))));
        assertEquals("InvalidTag", longValue.awsErrorDetails().errorCode());
        S3Exception badChar = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("limited")
                .tagging(tagging(Map.of("k", "semi;colon")))));
        assertEquals("InvalidTag", badChar.awsErrorDetails().errorCode());
        S3Exception reserved = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("limited")
                .tagging(tagging(Map.of("aws:owner", "me")))));
        assertEquals("InvalidTag", reserved.awsErrorDetails().errorCode());
        // the largest legal tag set is accepted
        Map<String, String> ten = new LinkedHashMap<>();
        IntStream.range(0, 10).forEach(i -> ten.put(i + "k".repeat(127), "v".repeat(256)));
        s3.putObjectTagging(r -> r.bucket("tags").key("limited").tagging(tagging(ten)));
        assertEquals(ten, tagsOf("tags", "limited"));

        // a PutObject with bad tags is refused before anything is written
        String elevenHeader = eleven.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        S3Exception badPut = s3Error(() -> s3.putObject(r -> r.bucket("tags").key("never-written")
                .tagging(elevenHeader), RequestBody.fromString("must not be stored")));
        assertEquals(400, badPut.statusCode());
        assertEquals("InvalidTag", badPut.awsErrorDetails().errorCode());
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket("tags").key("never-written")));
    }

    @Test
    void taggingAMissingObjectIsNoSuchKey() {
        S3Exception get = s3Error(() -> s3.getObjectTagging(r -> r.bucket("tags").key("missing")));
        assertEquals(404, get.statusCode());
        assertEquals("NoSuchKey", get.awsErrorDetails().errorCode());
        S3Exception put = s3Error(() -> s3.putObjectTagging(r -> r.bucket("tags").key("missing")
                .tagging(tagging(Map.of("a", "b")))));
        assertEquals("NoSuchKey", put.awsErrorDetails().errorCode());
    }

    @Test
    void aWrongSignatureIsRefusedWith403() {
        put("tags", "guarded", "x");
        s3.putObjectTagging(r -> r.bucket("tags").key("guarded").tagging(tagging(Map.of("keep", "me"))));
        try (S3Client wrong = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), "not-the-secret")) {
            S3Exception put = s3Error(() -> wrong.putObjectTagging(r -> r.bucket("tags").key("guarded")
                    .tagging(tagging(Map.of("evil", "yes")))));
            assertEquals(403, put.statusCode());
            assertEquals("SignatureDoesNotMatch", put.awsErrorDetails().errorCode());
            S3Exception get = s3Error(() -> tagsOf(wrong, "tags", "guarded"));
            assertEquals(403, get.statusCode());
            S3Exception delete = s3Error(() -> wrong.deleteObjectTagging(r -> r.bucket("tags").key("guarded")));
            assertEquals(403, delete.statusCode());
        }
        try (S3Client unknown = S3Clients.sync(nexus.endpoint(), "stranger", nexus.secretKey())) {
            S3Exception get = s3Error(() -> tagsOf(unknown, "tags", "guarded"));
            assertEquals(403, get.statusCode());
            assertEquals("InvalidAccessKeyId", get.awsErrorDetails().errorCode());
        }
        assertEquals(Map.of("keep", "me"), tagsOf("tags", "guarded"));
    }

    @Test
    void tagsAreGoneAfterDelete() throws Exception {
        s3.putObject(r -> r.bucket("tags").key("dir/doomed").tagging("a=1"), RequestBody.fromString("x"));
        Path sidecar = backendDir.resolve(NexusServer.DEFAULT_TAG_BUCKET).resolve("tags/dir/doomed.tags");
        assertTrue(Files.exists(sidecar), "tags are kept beside the object in the backend");
        s3.deleteObject(r -> r.bucket("tags").key("dir/doomed"));
        assertFalse(Files.exists(sidecar));
        put("tags", "dir/doomed", "reborn");
        assertEquals(Map.of(), tagsOf("tags", "dir/doomed"));

        s3.putObject(r -> r.bucket("tags").key("multi").tagging("b=2"), RequestBody.fromString("y"));
        s3.deleteObjects(r -> r.bucket("tags").delete(d -> d.objects(o -> o.key("multi"))));
        put("tags", "multi", "again");
        assertEquals(Map.of(), tagsOf("tags", "multi"));
    }

    @Test
    void theTagBucketIsHiddenAndClosed() {
        assertTrue(s3.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(NexusServer.DEFAULT_TAG_BUCKET)));
        S3Exception list = s3Error(() -> s3.listObjectsV2(r -> r.bucket(NexusServer.DEFAULT_TAG_BUCKET)));
        assertEquals(403, list.statusCode());
        assertEquals("AccessDenied", list.awsErrorDetails().errorCode());
    }

    @Test
    void streamletContextIsStoredAsTagsAndLoadedBeforeTheGetPipeline() {
        byte[] data = "0123456789".repeat(1000).getBytes(StandardCharsets.UTF_8);
        s3.putObject(r -> r.bucket("ctx").key("chunk-1"), RequestBody.fromBytes(data));

        // the context, including what the streamlet put at the end of the stream, becomes nexus: tags
        Map<String, String> expected = Map.of("nexus:greeting", "hello from put", "nexus:bytes", "10000");
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("ctx", "chunk-1").equals(expected));

        // and is what the GET pipeline's streamlet sees
        ContextProbe.take("chunk-1");
        assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket("ctx").key("chunk-1")).asByteArray());
        assertEquals(Map.of("greeting", "hello from put", "bytes", "10000"), ContextProbe.take("chunk-1"));

        // client tags sit beside the context; the context can be repeated but not changed
        Map<String, String> mixed = new LinkedHashMap<>(expected);
        mixed.put("owner", "ops");
        s3.putObjectTagging(r -> r.bucket("ctx").key("chunk-1").tagging(tagging(mixed)));
        assertEquals(mixed, tagsOf("ctx", "chunk-1"));
        S3Exception changed = s3Error(() -> s3.putObjectTagging(r -> r.bucket("ctx").key("chunk-1")
                .tagging(tagging(Map.of("nexus:bytes", "1")))));
        assertEquals("InvalidTag", changed.awsErrorDetails().errorCode());
        s3.deleteObjectTagging(r -> r.bucket("ctx").key("chunk-1"));
        assertEquals(expected, tagsOf("ctx", "chunk-1"));

        // a new version of the object carries its own context, never the old one
        byte[] shorter = "abc".getBytes(StandardCharsets.UTF_8);
        s3.putObject(r -> r.bucket("ctx").key("chunk-1"), RequestBody.fromBytes(shorter));
        assertArrayEquals(shorter, s3.getObjectAsBytes(r -> r.bucket("ctx").key("chunk-1")).asByteArray());
        assertEquals("3", ContextProbe.take("chunk-1").get("bytes"));
    }

    @Test
    void anObjectStoredAsWrittenCarriesItsMarkerAndItsOwnContext() throws Exception {
        s3.putObject(r -> r.bucket("counted").key("c"), RequestBody.fromString("12345"));
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("counted", "c").equals(Map.of("nexus:bytes", "5")));
        // the bytes are stored as written, with one marker entry saying which policy stored them
        Path stored = backendDir.resolve("counted").resolve("c");
        assertEquals("12345", Files.readString(stored));
        var view = Files.getFileAttributeView(stored, java.nio.file.attribute.UserDefinedFileAttributeView.class);
        assertEquals(1, view.list().stream().filter(a -> a.contains("nexus")).count(), view.list()::toString);
        s3.putObject(r -> r.bucket("counted").key("c"), RequestBody.fromString("123"));
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("counted", "c").equals(Map.of("nexus:bytes", "3")));
        assertEquals("123", s3.getObjectAsBytes(r -> r.bucket("counted").key("c")).asUtf8String());
    }

    @Test
    void theTagsOfAMarkedObjectBelongToItsVersion() {
        s3.putObject(r -> r.bucket("counted").key("versioned").tagging("owner=ops"), RequestBody.fromString("ab"));
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("counted", "versioned")
                .equals(Map.of("owner", "ops", "nexus:bytes", "2")));
        // a new version has no tags unless it says so, from the moment it is acknowledged
        put("counted", "versioned", "abcd");
        assertFalse(tagsOf("counted", "versioned").containsKey("owner"));
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("counted", "versioned")
                .equals(Map.of("nexus:bytes", "4")));

        // an unmarked object's tags do not pass to the marked version that a new policy writes over it
        s3.createBucket(r -> r.bucket("late"));
        s3.putObject(r -> r.bucket("late").key("o").tagging("old=1"), RequestBody.fromString("x"));
        assertEquals(Map.of("old", "1"), tagsOf("late", "o"));
        nexus.definePolicy(new Policy("late-policy", 0, SystemType.GENERIC, "late", "**",
                List.of(new StreamletRef("byte-counter", Map.of())), List.of()));
        put("late", "o", "xyz");
        assertFalse(tagsOf("late", "o").containsKey("old"));
        s3.putObjectTagging(r -> r.bucket("late").key("o").tagging(tagging(Map.of("new", "2"))));
        await().atMost(Duration.ofSeconds(20)).until(() -> tagsOf("late", "o")
                .equals(Map.of("new", "2", "nexus:bytes", "3")));
    }

    @Test
    void aMultipartUploadGetsTheTagsItWasStartedWith() {
        for (String bucket : List.of("tags", "counted")) { // unmarked and marked objects
            String id = s3.createMultipartUpload(r -> r.bucket(bucket).key("mp").tagging("stage=raw&n=1"))
                    .uploadId();
            String part1 = s3.uploadPart(r -> r.bucket(bucket).key("mp").uploadId(id).partNumber(1),
                    RequestBody.fromBytes(new byte[5 << 20])).eTag();
            String part2 = s3.uploadPart(r -> r.bucket(bucket).key("mp").uploadId(id).partNumber(2),
                    RequestBody.fromString("tail")).eTag();
            s3.completeMultipartUpload(r -> r.bucket(bucket).key("mp").uploadId(id).multipartUpload(m -> m.parts(
                    CompletedPart.builder().partNumber(1).eTag(part1).build(),
                    CompletedPart.builder().partNumber(2).eTag(part2).build())));
            assertEquals("raw", tagsOf(bucket, "mp").get("stage"), bucket);
            assertEquals("1", tagsOf(bucket, "mp").get("n"), bucket);
        }
        // bad tags refuse the upload before it starts; an aborted upload leaves nothing held
        S3Exception bad = s3Error(() -> s3.createMultipartUpload(r -> r.bucket("tags").key("mp2")
                .tagging("aws:x=1")));
        assertEquals("InvalidTag", bad.awsErrorDetails().errorCode());
        String aborted = s3.createMultipartUpload(r -> r.bucket("tags").key("mp2").tagging("a=b")).uploadId();
        Path held = backendDir.resolve(NexusServer.DEFAULT_TAG_BUCKET).resolve("_uploads").resolve(aborted + ".tags");
        assertTrue(Files.exists(held), held::toString);
        s3.abortMultipartUpload(r -> r.bucket("tags").key("mp2").uploadId(aborted));
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket("tags").key("mp2")));
        assertFalse(Files.exists(held), held::toString);
    }
}
