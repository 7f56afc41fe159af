package io.xtremehub.nexus.policy;

import java.util.Map;
import java.util.Objects;

/**
 * One step of a policy's pipeline: a registered streamlet and its parameters.
 *
 * @param name registered streamlet name
 * @param parameters parameters handed to {@code Streamlet.configure}
 */
public record StreamletRef(String name, Map<String, String> parameters) {
    /** Validates and copies. */
    public StreamletRef {
        Objects.requireNonNull(name, "streamlet name");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }
}
