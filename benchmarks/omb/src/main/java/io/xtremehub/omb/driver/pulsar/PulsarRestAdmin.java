package io.xtremehub.omb.driver.pulsar;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The few calls of Pulsar's admin REST API (v2) the driver makes: tenant, namespace and its policies,
 * partitioned topics. Pulsar's Java admin client is a 30 MB shaded jar that brings Avro and a second
 * copy of the client's classes; this JVM already holds Pravega, Kafka and the Pulsar client, so the
 * driver speaks the REST API with the JDK's HTTP client instead.
 */
final class PulsarRestAdmin {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final Map<String, String> headers;

    /** {@code headers}: what the configured authentication adds to HTTP requests. */
    PulsarRestAdmin(String httpUrl, Map<String, String> headers) {
        this.base = httpUrl.endsWith("/") ? httpUrl.substring(0, httpUrl.length() - 1) : httpUrl;
        this.headers = headers;
    }

    List<String> clusters() throws IOException, InterruptedException {
        return JSON.readValue(call("GET", "/admin/v2/clusters", null, false), new TypeReference<List<String>>() { });
    }

    /** Creates the tenant, allowed on {@code clusters}, unless it exists. */
    void createTenantIfAbsent(String tenant, List<String> clusters) throws IOException, InterruptedException {
        call("PUT", "/admin/v2/tenants/" + tenant, Map.of("adminRoles", List.of(), "allowedClusters", clusters), true);
    }

    void createNamespace(String namespace) throws IOException, InterruptedException {
        call("PUT", "/admin/v2/namespaces/" + namespace, null, false);
    }

    void setPersistence(String namespace, int ensemble, int writeQuorum, int ackQuorum)
            throws IOException, InterruptedException {
        call("POST", "/admin/v2/namespaces/" + namespace + "/persistence", Map.of("bookkeeperEnsemble", ensemble,
                "bookkeeperWriteQuorum", writeQuorum, "bookkeeperAckQuorum", ackQuorum,
                "managedLedgerMaxMarkDeleteRate", 1.0), false);
    }

    /** No backlog limit: a backlog workload must not have its producers refused. */
    void setUnlimitedBacklog(String namespace) throws IOException, InterruptedException {
        call("POST", "/admin/v2/namespaces/" + namespace + "/backlogQuota",
                Map.of("limitSize", -1, "limitTime", -1, "policy", "producer_exception"), false);
    }

    void setDeduplication(String namespace, boolean enabled) throws IOException, InterruptedException {
        call("POST", "/admin/v2/namespaces/" + namespace + "/deduplication", enabled, false);
    }

    /** {@code topic}: a full name, {@code persistent://tenant/namespace/name}. */
    void createPartitionedTopic(String topic, int partitions) throws IOException, InterruptedException {
        call("PUT", "/admin/v2/" + topic.replace("://", "/") + "/partitions", partitions, false);
    }

    private String call(String method, String path, Object body, boolean conflictIsFine)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .header("Content-Type", "application/json");
        headers.forEach(request::header);
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        int status = response.statusCode();
        if (status / 100 != 2 && !(conflictIsFine && status == 409)) {
            throw new IOException("Pulsar admin " + method + " " + base + path + " answered " + status + ": "
                    + response.body().replace('\n', ' '));
        }
        return response.body();
    }
}
