package io.xtremehub.nexus.metadata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.nexus.policy.Policy;

/** JSON form of policies and registrations, shared by the Redis store, the admin API and the CLI. */
public final class MetadataJson {
    /** The mapper; unknown fields are errors so typos in policy files are caught. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private MetadataJson() {
    }

    /** Serializes any metadata value. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value, e);
        }
    }

    /** Parses a policy; the message of the exception says which field is wrong. */
    public static Policy readPolicy(String json) {
        return read(json, Policy.class);
    }

    /** Parses any metadata value. */
    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            String msg = cause == e ? e.getOriginalMessage() : cause.getMessage();
            throw new IllegalArgumentException("invalid " + type.getSimpleName().toLowerCase() + " JSON: " + msg, e);
        }
    }
}
