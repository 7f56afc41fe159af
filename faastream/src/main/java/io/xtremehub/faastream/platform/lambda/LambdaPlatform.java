package io.xtremehub.faastream.platform.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.faastream.platform.WorkerEntryPoint;
import io.xtremehub.faastream.platform.WorkerHandle;
import io.xtremehub.faastream.platform.WorkerPlatform;
import io.xtremehub.faastream.platform.WorkerRequest;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;

/**
 * Runs workers as AWS Lambda invocations of a function whose handler is {@link LambdaWorkerHandler}.
 * Each worker is a synchronous invocation followed, when the handler hands off before the time
 * limit, by another invocation that continues in the same slot with the saved state (the handler's
 * answer says as which worker). A worker
 * whose invocation errors ends, and the manager restarts its slot.
 */
public final class LambdaPlatform implements WorkerPlatform {
    private static final Logger LOG = LoggerFactory.getLogger(LambdaPlatform.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final LambdaClient lambda;
    private final String functionName;
    private final long marginMillis;
    private final AtomicInteger invocations = new AtomicInteger();

    private LambdaPlatform(Builder b) {
        this.lambda = b.lambda;
        this.functionName = b.functionName;
        this.marginMillis = b.handoffMargin.toMillis();
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public WorkerHandle launch(WorkerRequest request) {
        AtomicBoolean killed = new AtomicBoolean();
        Thread t = new Thread(() -> invokeUntilDone(request, killed), "faastream-lambda-" + request.workerId());
        t.setDaemon(true);
        t.start();
        return new WorkerHandle() {
            @Override public String workerId() { return request.workerId(); }
            @Override public boolean alive() { return t.isAlive(); }
            /**
             * A Lambda invocation cannot be killed; the platform stops re-invoking it (the flag as well as the
             * interrupt, which the HTTP client may swallow: a successor started after the manager gave up on
             * its slot would join the stage's reader group unseen).
             */
            @Override public void kill() {
                killed.set(true);
                t.interrupt();
            }
        };
    }

    private void invokeUntilDone(WorkerRequest request, AtomicBoolean killed) {
        String payload = request.payload();
        while (!Thread.currentThread().isInterrupted() && !killed.get()) {
            InvokeResponse resp;
            try {
                String body = JSON.writeValueAsString(Map.of("payload", payload, "marginMillis", marginMillis));
                invocations.incrementAndGet();
                resp = lambda.invoke(r -> r.functionName(functionName).invocationType(InvocationType.REQUEST_RESPONSE)
                        .payload(SdkBytes.fromUtf8String(body)));
            } catch (IOException | RuntimeException e) {
                LOG.warn("worker {}: invoking {} failed: {}", request.workerId(), functionName, e.toString());
                return;
            }
            if (resp.functionError() != null) {
                LOG.warn("worker {}: function {} error {}: {}", request.workerId(), functionName, resp.functionError(),
                        resp.payload().asUtf8String());
                return;
            }
            JsonNode n;
            try {
                n = JSON.readTree(resp.payload().asUtf8String());
            } catch (IOException e) {
                LOG.warn("worker {}: unreadable response {}", request.workerId(), resp.payload().asUtf8String());
                return;
            }
            if (!"HANDOFF".equals(n.path("outcome").asText())) {
                return;
            }
            // the handler names the next invocation (exactly-once, another worker id restoring the epoch it
            // stopped at); an older handler does not, and its slot goes on as the same worker
            payload = n.hasNonNull("continuation") ? n.get("continuation").asText()
                    : WorkerEntryPoint.continuation(payload);
        }
    }

    /**
     * A Lambda client for long synchronous invocations: its socket timeout exceeds Lambda's
     * 15-minute limit. {@code endpoint} may be null for AWS's regional endpoint.
     */
    public static LambdaClient client(String endpoint, String region, String accessKey, String secretKey) {
        var b = LambdaClient.builder()
                .region(software.amazon.awssdk.regions.Region.of(region))
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(accessKey, secretKey)))
                .httpClient(software.amazon.awssdk.http.apache5.Apache5HttpClient.builder()
                        .socketTimeout(Duration.ofMinutes(16)).build())
                .overrideConfiguration(c -> c.retryStrategy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)
                        .apiCallTimeout(Duration.ofMinutes(16)).apiCallAttemptTimeout(Duration.ofMinutes(16)));
        if (endpoint != null) {
            b.endpointOverride(java.net.URI.create(endpoint));
        }
        return b.build();
    }

    /** Invocations made so far (first calls and re-invocations). */
    public int invocations() {
        return invocations.get();
    }

    @Override
    public String name() {
        return "lambda:" + functionName;
    }

    @Override
    public boolean workersHandOff() {
        return true;
    }

    @Override
    public void close() {
        lambda.close();
    }

    /** Builder for {@link LambdaPlatform}. */
    public static final class Builder {
        private LambdaClient lambda;
        private String functionName;
        private Duration handoffMargin = Duration.ofMinutes(1);

        /** The SDK client; point its endpoint override elsewhere to use a Lambda-compatible service. */
        public Builder client(LambdaClient v) { this.lambda = Objects.requireNonNull(v); return this; }
        public Builder functionName(String v) { this.functionName = Objects.requireNonNull(v); return this; }
        /** Hand off when less than this remains of an invocation (default 1 min of the 15 min limit). */
        public Builder handoffMargin(Duration v) { this.handoffMargin = Objects.requireNonNull(v); return this; }

        public LambdaPlatform build() {
            if (lambda == null || functionName == null) {
                throw new IllegalStateException("a LambdaClient and a function name are required");
            }
            return new LambdaPlatform(this);
        }
    }
}
