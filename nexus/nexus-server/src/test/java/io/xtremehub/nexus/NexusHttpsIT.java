package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Nexus serving HTTPS with a self-signed certificate made by the JDK's keytool for this test: an
 * AWS SDK client that trusts the certificate writes and reads compressed chunks (over TLS the SDK
 * sends unsigned streaming payloads with checksum trailers, another body encoding than plain
 * HTTP); a client that does not trust it is refused; plain HTTP keeps working alongside.
 */
class NexusHttpsIT {
    private static final String PASSWORD = "changeit-nexus";

    @TempDir
    Path tmp;

    private Path selfSignedKeyStore() throws Exception {
        Path keyStore = tmp.resolve("nexus.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "nexus", "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "2", "-dname", "CN=localhost", "-ext",
                "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore", keyStore.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD).redirectErrorStream(true).start();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes());
        }
        assertEquals(0, p.waitFor(), "keytool failed: " + output);
        return keyStore;
    }

    private static TrustManagerFactory trusting(Path keyStore) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        return tmf;
    }

    private static S3AsyncClient client(NexusServer nexus, TrustManagerFactory trust) {
        NettyNioAsyncHttpClient.Builder http = NettyNioAsyncHttpClient.builder();
        if (trust != null) {
            http.tlsTrustManagersProvider(trust::getTrustManagers);
        }
        return S3AsyncClient.builder().endpointOverride(nexus.secureEndpoint()).region(Region.US_EAST_1)
                .forcePathStyle(true).httpClientBuilder(http)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(nexus.accessKey(), nexus.secretKey())))
                .build();
    }

    @Test
    void sdkClientTrustingTheCertificateWritesAndReadsOverHttps() throws Exception {
        Path keyStore = selfSignedKeyStore();
        try (NexusServer nexus = NexusServer.builder().backend(Backend.filesystem(tmp.resolve("backend")))
                .workDir(tmp.resolve("work")).adminPort(-1).https(0, keyStore, PASSWORD).build().start();
             S3AsyncClient s3 = client(nexus, trusting(keyStore))) {
            assertEquals("https", nexus.secureEndpoint().getScheme());
            s3.createBucket(r -> r.bucket("tls")).join();
            nexus.definePolicy(new Policy("tls-zstd", 0, SystemType.GENERIC, "tls", "**",
                    List.of(new StreamletRef("zstd", Map.of())), List.of()));
            byte[] data = TestData.logLines(2_500_003, 71);
            s3.putObject(r -> r.bucket("tls").key("chunk"), AsyncRequestBody.fromBytes(data)).join();
            assertTrue(Files.size(tmp.resolve("backend").resolve("tls").resolve("chunk")) * 3 < data.length);
            assertArrayEquals(data, s3.getObject(r -> r.bucket("tls").key("chunk"), AsyncResponseTransformer.toBytes())
                    .join().asByteArray());
            assertArrayEquals(Arrays.copyOfRange(data, 777_777, 1_888_888), s3.getObject(r -> r.bucket("tls")
                    .key("chunk").range("bytes=777777-1888887"), AsyncResponseTransformer.toBytes()).join()
                    .asByteArray());

            try (S3AsyncClient untrusting = client(nexus, null)) {
                CompletionException e = assertThrows(CompletionException.class,
                        () -> untrusting.headObject(r -> r.bucket("tls").key("chunk")).join());
                assertTrue(hasCause(e, SSLException.class), "expected a TLS failure, got " + e);
            }
            try (S3Client plain = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
                assertArrayEquals(data, plain.getObjectAsBytes(r -> r.bucket("tls").key("chunk")).asByteArray());
                plain.putObject(r -> r.bucket("tls").key("http"), RequestBody.fromBytes(data));
            }
            assertEquals(data.length, s3.headObject(r -> r.bucket("tls").key("http")).join().contentLength());
        }
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
