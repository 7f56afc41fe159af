package io.xtremehub.autoscaler.rule;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a rule wants one knob set to, why, and the inputs it used (they go to the decision log
 * and the metrics unchanged).
 */
public record Recommendation(int value, String reason, Map<String, Object> inputs) {
    public Recommendation {
        inputs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
    }
}
