package io.xtremehub.nexus.streamlet.builtin;

import java.util.Map;

/** Reads typed streamlet parameters with one-line errors. */
final class Params {
    private Params() {
    }

    static int intParam(Map<String, String> params, String name, int defaultValue, int min, int max) {
        String value = params.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed < min || parsed > max) {
                throw new IllegalArgumentException("parameter " + name + "=" + value
                        + " is out of range " + min + ".." + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + "=" + value + " is not an integer");
        }
    }

    static long longParam(Map<String, String> params, String name, long defaultValue, long min) {
        String value = params.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed < min) {
                throw new IllegalArgumentException("parameter " + name + "=" + value + " must be >= " + min);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + "=" + value + " is not an integer");
        }
    }

    /** A fraction in (0, 1]. */
    static double fraction(Map<String, String> params, String name, double defaultValue) {
        String value = params.get(name);
        if (value == null) {
            return defaultValue;
        }
        double parsed;
        try {
            parsed = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + "=" + value + " is not a number");
        }
        if (!(parsed > 0 && parsed <= 1)) {
            throw new IllegalArgumentException("parameter " + name + "=" + value + " must be a fraction in (0, 1]");
        }
        return parsed;
    }

    /** Refuses parameters the streamlet does not know, so a misspelt one is not silently ignored. */
    static void onlyKnown(Map<String, String> params, String streamlet, java.util.Set<String> known) {
        for (String name : params.keySet()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("streamlet " + streamlet + " has no parameter '" + name
                        + "'; known: " + new java.util.TreeSet<>(known));
            }
        }
    }

    static String required(Map<String, String> params, String name, String streamlet) {
        String value = params.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("streamlet " + streamlet + " needs parameter '" + name + "'");
        }
        return value;
    }
}
