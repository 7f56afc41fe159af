package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.api.Streamlet;
import io.xtremehub.testkit.S3Clients;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Streamlet jars registered at runtime through the authenticated admin API, each in its own class
 * loader; a streamlet that throws makes the PUT fail with an S3 error and leaves no object.
 */
class DynamicStreamletIT {
    /** A length-preserving XOR streamlet, compiled into a jar by the tests that register it. */
    static final String XOR = """
            package demo.xor;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            @StreamletInfo(name = "xor", type = StreamletType.TRANSFORMER)
            public class XorStreamlet implements ByteStreamlet {
                private int mask = 0x5a;
                @Override public void configure(java.util.Map<String, String> p) {
                    if (p.containsKey("mask")) mask = Integer.parseInt(p.get("mask"));
                }
                private InputStream xor(InputStream in) {
                    return new FilterInputStream(in) {
                        @Override public int read() throws IOException { int b = super.read(); return b < 0 ? b : (b ^ mask) & 0xff; }
                        @Override public int read(byte[] b, int off, int len) throws IOException {
                            int n = super.read(b, off, len);
                            for (int i = 0; i < n; i++) b[off + i] ^= (byte) mask;
                            return n;
                        }
                    };
                }
                @Override public InputStream processPutBytes(InputStream in, StreamletContext c) { c.put("xor-mask", Integer.toString(mask)); return xor(in); }
                @Override public InputStream processGetBytes(InputStream in, StreamletContext c) { return xor(in); }
            }
            """;
    private static final String FAILING = """
            package demo.fail;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            @StreamletInfo(name = "explode", type = StreamletType.TRANSFORMER)
            public class Exploding implements ByteStreamlet {
                @Override public InputStream processPutBytes(InputStream in, StreamletContext c) {
                    return new FilterInputStream(in) {
                        long seen;
                        @Override public int read(byte[] b, int off, int len) throws IOException {
                            int n = super.read(b, off, len);
                            seen += Math.max(n, 0);
                            if (seen > 100_000) throw new StreamletException("chunk rejected after " + seen + " bytes");
                            return n;
                        }
                    };
                }
                @Override public InputStream processGetBytes(InputStream in, StreamletContext c) { return in; }
            }
            """;

    private static final String GUARD = """
            package demo.guard;
            import io.xtremehub.nexus.api.*;
            import java.io.*;
            import java.nio.charset.StandardCharsets;
            @StreamletInfo(name = "get-guard", type = StreamletType.SEMANTIC)
            public class GetGuard implements EventStreamlet<String> {
                @Override public Deserializer<String> deserializer() {
                    return (in, sink) -> new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().forEach(sink);
                }
                @Override public void processPutRecord(String r, StreamletContext c) {
                    if (r.contains("CLASSIFIED")) c.put("classified", "yes");
                }
                @Override public void processGetRecord(String r, StreamletContext c) throws StreamletException {
                    io.xtremehub.nexus.GetRecordProbe.seen(c.object().key(), r);
                    if (r.contains("CLASSIFIED")) throw new StreamletException("read of a classified record refused");
                }
            }
            """;

    @TempDir
    static Path tmp;
    static NexusServer nexus;
    static S3Client s3;
    static HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        nexus = NexusServer.builder().backend(Backend.filesystem(tmp.resolve("backend")))
                .workDir(tmp.resolve("work")).adminToken("admin-secret").build().start();
        s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey());
        s3.createBucket(r -> r.bucket("dyn"));
        s3.createBucket(r -> r.bucket("boom"));
        s3.createBucket(r -> r.bucket("guarded"));
    }

    @AfterAll
    static void stop() throws Exception {
        s3.close();
        nexus.close();
    }

    static HttpResponse<String> admin(String method, String path, HttpRequest.BodyPublisher body, String token)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(nexus.adminEndpoint().resolve(path)).method(method, body);
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void registeredJarStreamletTransformsAndIsIsolated() throws Exception {
        Path jar = StreamletJars.build(tmp, "xor", Map.of("demo.xor.XorStreamlet", XOR));
        HttpResponse<String> denied = admin("POST", "/streamlets", HttpRequest.BodyPublishers.ofFile(jar), "wrong");
        assertEquals(401, denied.statusCode());
        HttpResponse<String> reg = admin("POST", "/streamlets", HttpRequest.BodyPublishers.ofFile(jar), "admin-secret");
        assertEquals(200, reg.statusCode(), reg.body());
        assertTrue(reg.body().contains("\"name\":\"xor\""), reg.body());

        String policy = """
                {"name":"xor-policy","version":0,"system":"GENERIC","bucket":"dyn","keyGlob":"**",
                 "pipeline":[{"name":"xor","parameters":{"mask":"7"}}],"outputBuckets":[]}""";
        HttpResponse<String> def = admin("PUT", "/policies", HttpRequest.BodyPublishers.ofString(policy), "admin-secret");
        assertEquals(200, def.statusCode(), def.body());

        byte[] data = TestData.logLines(300_000, 21);
        s3.putObject(r -> r.bucket("dyn").key("k"), RequestBody.fromBytes(data));
        byte[] stored = Files.readAllBytes(tmp.resolve("backend").resolve("dyn").resolve("k"));
        assertEquals((byte) (data[0] ^ 7), stored[0]);
        // the xored bytes, then the marker trailing them: backend readers see the bytes' length
        assertEquals(data.length, io.xtremehub.nexus.marker.MarkerTrailerBlobStore.over(Backend.filesystem(
                tmp.resolve("backend")).create()).blobMetadata("dyn", "k").contentLength());
        assertArrayEquals(data, s3.getObjectAsBytes(r -> r.bucket("dyn").key("k")).asByteArray());
        assertArrayEquals(java.util.Arrays.copyOfRange(data, 1000, 2000),
                s3.getObjectAsBytes(r -> r.bucket("dyn").key("k").range("bytes=1000-1999")).asByteArray());

        Streamlet instance = nexus.streamlets().create("xor", Map.of());
        assertNotSame(Streamlet.class.getClassLoader(), instance.getClass().getClassLoader());
        assertTrue(instance.getClass().getClassLoader().getName().startsWith("streamlet-"));

        HttpResponse<String> status = admin("GET", "/status", HttpRequest.BodyPublishers.noBody(), "admin-secret");
        assertTrue(status.body().contains("xor-policy@1") && status.body().contains("xor@1"), status.body());
    }

    @Test
    void badPoliciesAndJarsAreRejectedWithOneLine() throws Exception {
        HttpResponse<String> unknown = admin("PUT", "/policies", HttpRequest.BodyPublishers.ofString("""
                {"name":"p","version":0,"system":"GENERIC","bucket":"dyn","keyGlob":"**",
                 "pipeline":[{"name":"no-such","parameters":{}}],"outputBuckets":[]}"""), "admin-secret");
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("unknown streamlet 'no-such'"), unknown.body());
        HttpResponse<String> badParam = admin("PUT", "/policies", HttpRequest.BodyPublishers.ofString("""
                {"name":"p","version":0,"system":"GENERIC","bucket":"dyn","keyGlob":"**",
                 "pipeline":[{"name":"gzip","parameters":{"level":"99"}}],"outputBuckets":[]}"""), "admin-secret");
        assertEquals(400, badParam.statusCode());
        assertTrue(badParam.body().contains("level"), badParam.body());
        HttpResponse<String> badSystem = admin("PUT", "/policies", HttpRequest.BodyPublishers.ofString("""
                {"name":"p","version":0,"system":"HDFS","bucket":"dyn","pipeline":[{"name":"gzip"}]}"""), "admin-secret");
        assertEquals(400, badSystem.statusCode(), badSystem.body());
        HttpResponse<String> notJar = admin("POST", "/streamlets",
                HttpRequest.BodyPublishers.ofString("not a jar"), "admin-secret");
        assertEquals(400, notJar.statusCode(), notJar.body());
        assertTrue(nexus.metadata().activePolicies().stream().noneMatch(p -> p.name().equals("p")));
    }

    @Test
    void throwingStreamletGivesAnS3ErrorAndNoObject() throws Exception {
        Path jar = StreamletJars.build(tmp, "explode", Map.of("demo.fail.Exploding", FAILING));
        nexus.streamlets().register(jar);
        nexus.definePolicy(new io.xtremehub.nexus.policy.Policy("explode", 0,
                io.xtremehub.nexus.policy.SystemType.GENERIC, "boom", "**",
                java.util.List.of(new io.xtremehub.nexus.policy.StreamletRef("explode", Map.of())), java.util.List.of()));
        byte[] data = TestData.logLines(1_000_000, 22);
        S3Exception e = assertThrows(S3Exception.class,
                () -> s3.putObject(r -> r.bucket("boom").key("chunk"), RequestBody.fromBytes(data)));
        assertEquals(500, e.statusCode());
        assertEquals("InternalError", e.awsErrorDetails().errorCode());
        assertTrue(e.awsErrorDetails().errorMessage().contains("chunk rejected"), e.awsErrorDetails().errorMessage());
        assertFalse(Files.exists(tmp.resolve("backend").resolve("boom").resolve("chunk")));
        assertThrows(NoSuchKeyException.class, () -> s3.headObject(r -> r.bucket("boom").key("chunk")));
        assertTrue(s3.listObjectsV2(r -> r.bucket("boom")).contents().isEmpty());
        // a small chunk passes the same streamlet
        s3.putObject(r -> r.bucket("boom").key("small"), RequestBody.fromBytes(new byte[1000]));
        assertEquals(1000, s3.headObject(r -> r.bucket("boom").key("small")).contentLength());
    }

    static int lines(byte[] data) {
        int n = 0;
        for (byte b : data) {
            n += b == '\n' ? 1 : 0;
        }
        return data.length > 0 && data[data.length - 1] != '\n' ? n + 1 : n;
    }

    @Test
    void eventStreamletsSeeTheRecordsOfEveryGetAndMayRefuseIt() throws Exception {
        nexus.streamlets().register(StreamletJars.build(tmp, "guard", Map.of("demo.guard.GetGuard", GUARD)));
        nexus.definePolicy(new io.xtremehub.nexus.policy.Policy("guard", 0,
                io.xtremehub.nexus.policy.SystemType.GENERIC, "guarded", "**", java.util.List.of(
                        new io.xtremehub.nexus.policy.StreamletRef("get-guard", Map.of()),
                        new io.xtremehub.nexus.policy.StreamletRef("zstd", Map.of("blockSize", "65536"))),
                java.util.List.of()));
        byte[] open = TestData.logLines(400_000, 23);
        s3.putObject(r -> r.bucket("guarded").key("open"), RequestBody.fromBytes(open));
        assertEquals(0, GetRecordProbe.take("open"), "PUT does not call processGetRecord");
        assertArrayEquals(open, s3.getObjectAsBytes(r -> r.bucket("guarded").key("open")).asByteArray());
        assertEquals(lines(open), GetRecordProbe.take("open"));
        byte[] range = s3.getObjectAsBytes(r -> r.bucket("guarded").key("open").range("bytes=1000-90999"))
                .asByteArray();
        assertArrayEquals(java.util.Arrays.copyOfRange(open, 1000, 91000), range);
        assertEquals(lines(range), GetRecordProbe.take("open"), "a ranged GET shows the records of the range");

        byte[] head = TestData.logLines(200_000, 24);
        byte[] secret = (new String(head) + "\nCLASSIFIED launch codes\n" + new String(TestData.logLines(100_000, 25)))
                .getBytes();
        s3.putObject(r -> r.bucket("guarded").key("secret"), RequestBody.fromBytes(secret));
        S3Exception refused = assertThrows(S3Exception.class,
                () -> s3.getObjectAsBytes(r -> r.bucket("guarded").key("secret")));
        assertEquals(500, refused.statusCode());
        assertTrue(refused.awsErrorDetails().errorMessage().contains("read of a classified record refused"),
                refused.awsErrorDetails().errorMessage());
        assertArrayEquals(java.util.Arrays.copyOfRange(secret, 0, 100_000), s3.getObjectAsBytes(r -> r.bucket("guarded")
                .key("secret").range("bytes=0-99999")).asByteArray(), "a range without the record is served");
        assertEquals(secret.length, s3.headObject(r -> r.bucket("guarded").key("secret")).contentLength());
    }
}
