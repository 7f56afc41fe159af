package io.xtremehub.faastream.internal.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.faastream.Manager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class ManagerMetricsTest {
    @Test
    void theEndpointServesOnTheAddressItWasGiven() throws Exception {
        try (ManagerMetrics metrics = ManagerMetrics.start("127.0.0.2", 0)) {
            URI endpoint = metrics.endpoint();
            assertEquals("127.0.0.2", endpoint.getHost());
            HttpResponse<String> reply = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, reply.statusCode());
        }
    }

    @Test
    void anAddressThatDoesNotResolveIsOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Manager.builder().metricsHost("no-such-host.invalid"));
        assertEquals("metricsHost 'no-such-host.invalid' is not an address of this machine's (e.g. 127.0.0.1)",
                e.getMessage());
    }
}
