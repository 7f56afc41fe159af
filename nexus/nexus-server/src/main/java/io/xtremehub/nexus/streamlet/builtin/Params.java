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

    static String required(Map<String, String> params, String name, String streamlet) {
        String value = params.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("streamlet " + streamlet + " needs parameter '" + name + "'");
        }
        return value;
    }
}
