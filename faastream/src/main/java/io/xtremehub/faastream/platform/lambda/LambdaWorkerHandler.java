package io.xtremehub.faastream.platform.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.faastream.platform.WorkerEntryPoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The AWS Lambda handler of FaaStream workers (deploy the faastream jar with its dependencies and
 * set this class as the handler). The invocation payload is {@code {"payload": "...", "marginMillis": n}}
 * from {@link LambdaPlatform}; the handler runs the worker until it is done or until less than
 * {@code marginMillis} of the invocation's time remain, then answers
 * {@code {"outcome": "HANDOFF", "continuation": "<payload of the next invocation>"}} so the platform
 * re-invokes it before Lambda's 15-minute limit (exactly-once, the next invocation is another worker
 * of the slot, which goes on from the epoch checkpoint this one stopped at). Pravega and S3 clients stay
 * cached between invocations of a warm container.
 */
public final class LambdaWorkerHandler implements RequestStreamHandler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final WorkerEntryPoint ENTRY = new WorkerEntryPoint();

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        JsonNode req = JSON.readTree(input);
        if (req == null || !req.hasNonNull("payload")) {
            throw new IllegalArgumentException("invocation payload must be {\"payload\": \"<worker launch>\"}");
        }
        long margin = req.path("marginMillis").asLong(60_000);
        WorkerEntryPoint.Ended ended = ENTRY.run(req.get("payload").asText(), context::getRemainingTimeInMillis, margin);
        Map<String, String> response = new LinkedHashMap<>();
        response.put("outcome", ended.outcome().name());
        if (ended.continuation() != null) {
            response.put("continuation", ended.continuation());
        }
        JSON.writeValue(output, response);
    }
}
