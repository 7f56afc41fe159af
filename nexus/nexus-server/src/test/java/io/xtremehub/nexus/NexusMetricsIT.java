package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.testkit.S3Clients;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/** The Prometheus endpoint, scraped over HTTP after real S3 requests. */
class NexusMetricsIT {
    @TempDir
    Path tmp;

    private static String get(URI uri) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    @Test
    void scrapeShowsRequestsErrorsBytesPerPolicyAndStreamletTime() throws Exception {
        try (NexusServer nexus = NexusServer.builder().backend(Backend.filesystem(tmp.resolve("b")))
                .workDir(tmp.resolve("w")).build().start();
             S3Client s3 = S3Clients.sync(nexus.endpoint(), nexus.accessKey(), nexus.secretKey())) {
            nexus.definePolicy(new Policy("logs-zstd", 0, SystemType.GENERIC, "logs", "**",
                    List.of(new StreamletRef("zstd", Map.of())), List.of()));
            s3.createBucket(b -> b.bucket("logs"));
            byte[] data = "2026-11-23 INFO block received from 10.0.0.1\n".repeat(40_000).getBytes(StandardCharsets.UTF_8);
            s3.putObject(b -> b.bucket("logs").key("a"), RequestBody.fromBytes(data));
            assertEquals(data.length, s3.getObjectAsBytes(b -> b.bucket("logs").key("a")).asByteArray().length);
            assertEquals(1000, s3.getObjectAsBytes(b -> b.bucket("logs").key("a").range("bytes=0-999"))
                    .asByteArray().length);
            assertThrows(NoSuchKeyException.class, () -> s3.getObjectAsBytes(b -> b.bucket("logs").key("missing")));

            URI metrics = nexus.adminEndpoint().resolve("/metrics");
            String text = get(metrics); // no token needed
            assertEquals(1, PrometheusText.value(text, "nexus_requests_seconds_count",
                    "operation", "PutObject", "status", "200"), text);
            assertEquals(2, PrometheusText.value(text, "nexus_requests_seconds_count",
                    "operation", "GetObject", "status", "206") + PrometheusText.value(text,
                    "nexus_requests_seconds_count", "operation", "GetObject", "status", "200"), text);
            assertEquals(1, PrometheusText.value(text, "nexus_errors_total", "operation", "GetObject", "status", "404"));
            assertEquals(1, PrometheusText.value(text, "nexus_requests_seconds_count", "operation", "CreateBucket"));
            assertEquals(0, PrometheusText.value(text, "nexus_requests_in_flight"));

            double received = PrometheusText.value(text, "nexus_client_bytes_total", "policy", "logs-zstd",
                    "direction", "received");
            double written = PrometheusText.value(text, "nexus_backend_bytes_total", "policy", "logs-zstd",
                    "direction", "written");
            assertEquals(data.length, received);
            assertTrue(written > 0 && written * 10 < received, "compression ratio visible: " + received + "/" + written);
            assertEquals(data.length + 1000, PrometheusText.value(text, "nexus_client_bytes_total",
                    "policy", "logs-zstd", "direction", "sent"));
            assertTrue(PrometheusText.value(text, "nexus_backend_reads_total", "policy", "logs-zstd") >= 2);
            assertEquals(1, PrometheusText.value(text, "nexus_streamlet_seconds_count", "streamlet", "zstd",
                    "operation", "put"));
            assertEquals(2, PrometheusText.value(text, "nexus_streamlet_seconds_count", "streamlet", "zstd",
                    "operation", "get"));
            assertTrue(PrometheusText.value(text, "nexus_streamlet_seconds_sum", "streamlet", "zstd",
                    "operation", "put") > 0);

            // everything else on the admin API still needs the token
            HttpResponse<String> status = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    nexus.adminEndpoint().resolve("/status")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, status.statusCode());
        }
    }
}
