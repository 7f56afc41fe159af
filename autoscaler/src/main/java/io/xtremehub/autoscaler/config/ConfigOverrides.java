package io.xtremehub.autoscaler.config;

import io.xtremehub.config.ConfigException;
import java.util.Map;

/**
 * Values set by environment variables or flags over what {@code autoscaler.yaml} says; null leaves
 * the file's value. {@link #fromEnvironment} reads {@code AUTOSCALER_CONTROLLER}, {@code AUTOSCALER_SCOPE},
 * {@code AUTOSCALER_FLINK_REST}, {@code AUTOSCALER_PORT} and {@code AUTOSCALER_PERIOD_SECONDS}.
 */
public record ConfigOverrides(String controller, String scope, String flinkRest, Integer port, Integer periodSeconds) {
    public static final ConfigOverrides NONE = new ConfigOverrides(null, null, null, null, null);

    public static ConfigOverrides fromEnvironment(Map<String, String> env) {
        return new ConfigOverrides(env.get("AUTOSCALER_CONTROLLER"), env.get("AUTOSCALER_SCOPE"),
                env.get("AUTOSCALER_FLINK_REST"), integer(env, "AUTOSCALER_PORT"), integer(env, "AUTOSCALER_PERIOD_SECONDS"));
    }

    /** These values over {@code lower}'s: flags over the environment. */
    public ConfigOverrides over(ConfigOverrides lower) {
        return new ConfigOverrides(pick(controller, lower.controller), pick(scope, lower.scope),
                pick(flinkRest, lower.flinkRest), pick(port, lower.port), pick(periodSeconds, lower.periodSeconds));
    }

    AutoscalerConfig applyTo(AutoscalerConfig c) {
        AutoscalerConfig.PravegaSection pravega = new AutoscalerConfig.PravegaSection(
                pick(controller, c.pravega().controller()), pick(scope, c.pravega().scope()));
        AutoscalerConfig.FlinkSection flink = flinkRest != null ? new AutoscalerConfig.FlinkSection(flinkRest) : c.flink();
        AutoscalerConfig.HttpSection http = new AutoscalerConfig.HttpSection(c.http().host(), pick(port, c.http().port()));
        return new AutoscalerConfig(pick(periodSeconds, c.periodSeconds()), pravega, flink, http, c.streams(), c.scalers());
    }

    private static <T> T pick(T over, T under) {
        return over != null ? over : under;
    }

    private static Integer integer(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(v.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(name + " must be a whole number, not '" + v + "'");
        }
    }
}
