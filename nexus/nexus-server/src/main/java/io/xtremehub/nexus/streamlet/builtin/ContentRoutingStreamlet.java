package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.Deserializer;
import io.xtremehub.nexus.api.EventStreamlet;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Stores a chunk in another bucket when any of its records (UTF-8 lines) matches a regular
 * expression, e.g. to keep chunks with personal data in a private bucket. Parameters:
 * {@code pattern} (regex, required), {@code bucket} (where matching chunks go, required; must be
 * one of the policy's output buckets). It records {@code routed-by=<pattern>} in the context.
 */
@StreamletInfo(name = "content-router", on = Operation.PUT, type = StreamletType.ROUTING)
public final class ContentRoutingStreamlet implements EventStreamlet<String> {
    private Pattern pattern;
    private String bucket;

    @Override
    public void configure(Map<String, String> parameters) {
        String regex = Params.required(parameters, "pattern", "content-router");
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("content-router parameter 'pattern' is not a valid regex: "
                    + e.getDescription());
        }
        bucket = Params.required(parameters, "bucket", "content-router");
    }

    @Override
    public Deserializer<String> deserializer() {
        return new LineDeserializer();
    }

    @Override
    public void processPutRecord(String record, StreamletContext context) {
        if (pattern.matcher(record).find() && context.get("routed-by").isEmpty()) {
            context.routeTo(bucket);
            context.put("routed-by", "content-router");
        }
    }
}
