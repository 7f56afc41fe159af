package io.xtremehub.autoscaler;

import java.time.Instant;
import java.util.Map;

/**
 * One evaluation of one scaler: what it did to its knob and why.
 *
 * @param action        {@code scale-up}, {@code scale-down}, {@code hold}, {@code no-data} or {@code failed}
 * @param from          the knob's value before
 * @param to            the knob's value after (equal to {@code from} unless it scaled)
 * @param recommended   what the rule asked for (-1 with no data)
 * @param reason        the rule's reason and the stabilizer's, in words
 * @param inputs        the metrics the rule used
 */
public record Decision(Instant time, String scaler, String rule, String action, int from, int to, int recommended,
                       String reason, Map<String, Object> inputs, Instant nextUpAllowed, Instant nextDownAllowed) {
    public Decision {
        inputs = Map.copyOf(inputs);
    }

    public boolean acted() {
        return action.startsWith("scale-");
    }

    /** The decision log's line. */
    public String line() {
        return "scaler=" + scaler + " rule=" + rule + " action=" + action + " " + from + "->" + to
                + " recommended=" + recommended + " reason=\"" + reason + "\" inputs=" + inputs;
    }
}
