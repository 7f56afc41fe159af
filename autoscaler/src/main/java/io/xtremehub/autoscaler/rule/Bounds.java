package io.xtremehub.autoscaler.rule;

/** Inclusive lower and upper bound of a knob. */
public record Bounds(int min, int max) {
    public Bounds {
        if (min < 0) {
            throw new IllegalArgumentException("min must be at least 0, got " + min);
        }
        if (min > max) {
            throw new IllegalArgumentException("min (" + min + ") must not exceed max (" + max + ")");
        }
    }

    public int clamp(int value) {
        return Math.max(min, Math.min(max, value));
    }
}
