package io.xtremehub.faastream.internal.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.StageMetrics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
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
    void eachStagesRollBacksAreACounterWithHelpText() throws Exception {
        JobStatus status = new JobStatus("j1", JobState.RUNNING, Mode.STREAM, -1, List.of(
                new StageMetrics(0, "sum", 1, 2, 10, 10, 0, 1.0, 0, 0, false, 4, 1, 3),
                new StageMetrics(1, "out", 1, 1, 10, 10, 0, 1.0, 0, 0, false, 4, 0, 0)), null);
        try (ManagerMetrics metrics = ManagerMetrics.start("127.0.0.1", 0)) {
            metrics.register(new FixedJob(status), List.of("sum", "out"));
            String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(metrics.endpoint()).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(text.contains("# HELP faastream_stage_roll_backs_total exactly-once: times the stage was rolled "
                    + "back to its last commit\n"), text);
            assertTrue(text.contains("# TYPE faastream_stage_roll_backs_total counter\n"), text);
            assertEquals(List.of("3.0", "0.0"), List.of(sample(text, "0"), sample(text, "1")), text);
        }
    }

    /** The value of {@code faastream_stage_roll_backs_total} of job j1's stage {@code stage}. */
    private static String sample(String text, String stage) {
        return text.lines().filter(l -> l.startsWith("faastream_stage_roll_backs_total{")
                        && l.contains("job=\"j1\"") && l.contains("stage=\"" + stage + "\""))
                .map(l -> l.substring(l.lastIndexOf(' ') + 1)).findFirst().orElse("no sample");
    }

    /** A job whose status is given: the endpoint reads nothing else of it. */
    private record FixedJob(JobStatus status) implements Job {
        @Override
        public String id() {
            return status.jobId();
        }

        @Override
        public JobStatus awaitCompletion(Duration timeout) {
            return status;
        }

        @Override
        public void cancel() {
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
