package io.xtremehub.autoscaler.config;

import io.xtremehub.config.ConfigException;
import io.xtremehub.config.YamlConfigReader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code autoscaler.yaml} and refuses, with one line, anything it would have to guess
 * about: unknown fields, unknown rule or actuator types, min above max, a rule on a stream that
 * is not watched, a job rule without Flink.
 */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    public static AutoscalerConfig load(Path file) {
        return load(file, ConfigOverrides.NONE);
    }

    /** Reads the file, sets what the environment or flags override, then checks the result. */
    public static AutoscalerConfig load(Path file, ConfigOverrides overrides) {
        return checked(file.toString(), YamlConfigReader.read(file, AutoscalerConfig.class).map(overrides::applyTo));
    }

    /** Parses and checks YAML text; {@code source} names it in error messages. */
    public static AutoscalerConfig parse(String source, String yaml) {
        return checked(source, YamlConfigReader.parse(source, yaml, AutoscalerConfig.class));
    }

    private static AutoscalerConfig checked(String source, Optional<AutoscalerConfig> config) {
        AutoscalerConfig c = config.orElseThrow(() -> new ConfigException(source + ": empty configuration"));
        check(source, c);
        return c;
    }

    private static void check(String source, AutoscalerConfig c) {
        if (c.periodSeconds() < 1) {
            fail(source, "periodSeconds must be at least 1, got " + c.periodSeconds());
        }
        if (c.http().port() < 0 || c.http().port() > 65535) {
            fail(source, "http.port must be between 0 and 65535, got " + c.http().port());
        }
        if (new InetSocketAddress(c.http().host(), 0).isUnresolved()) {
            fail(source, "http.host '" + c.http().host() + "' is not an address of this machine's (e.g. 127.0.0.1)");
        }
        Set<String> streams = new HashSet<>();
        for (int i = 0; i < c.streams().size(); i++) {
            AutoscalerConfig.StreamSection s = c.streams().get(i);
            if (s.name() == null || s.name().isBlank()) {
                fail(source, "streams[" + i + "] needs a name");
            }
            streams.add(s.name());
        }
        if (c.scalers().isEmpty()) {
            fail(source, "no scalers: add at least one under 'scalers'");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < c.scalers().size(); i++) {
            AutoscalerConfig.ScalerSection s = c.scalers().get(i);
            String where = "scalers[" + i + "]" + (s.name() == null ? "" : " '" + s.name() + "'");
            if (s.name() == null || s.name().isBlank()) {
                fail(source, where + " needs a name");
            }
            if (!names.add(s.name())) {
                fail(source, where + ": the name is used twice");
            }
            checkRule(source, where, s.rule(), streams, c.flink());
            checkStabilization(source, where, s.stabilization());
            if (s.actuators().isEmpty()) {
                fail(source, where + " needs at least one actuator");
            }
            for (ActuatorSection a : s.actuators()) {
                checkActuator(source, where, a, streams, c.flink());
            }
        }
    }

    private static void checkRule(String source, String where, RuleSection r, Set<String> streams,
                                  AutoscalerConfig.FlinkSection flink) {
        if (r == null) {
            fail(source, where + " needs a rule");
        }
        if (r.stream() == null || !streams.contains(r.stream())) {
            fail(source, where + ": rule stream '" + r.stream() + "' is not under 'streams' (watched: " + streams + ")");
        }
        int min = r.min() == null ? 1 : r.min();
        int max = r.max() == null ? 64 : r.max();
        if (min < 0 || min > max) {
            fail(source, where + ": rule min (" + min + ") must be between 0 and max (" + max + ")");
        }
        if (r instanceof RuleSection.StreamRate sr) {
            if ((sr.eventsPerSegment() == null) == (sr.kbytesPerSegment() == null)) {
                fail(source, where + ": stream-rate needs exactly one of 'eventsPerSegment' and 'kbytesPerSegment'");
            }
            double target = sr.eventsPerSegment() != null ? sr.eventsPerSegment() : sr.kbytesPerSegment();
            if (!(target > 0) || min < 1) {
                fail(source, where + ": stream-rate needs a target above 0 and min at least 1 (a stream has a segment)");
            }
        }
        String job = r instanceof RuleSection.ComputeAware ca ? ca.job()
                : r instanceof RuleSection.StreamMinSegments sm ? sm.job() : "";
        if (job == null || (!job.isEmpty() && flink == null)) {
            fail(source, where + ": a " + (job == null ? "rule of this type needs 'job' (the Flink job's name)"
                    : "rule on a job needs the 'flink.rest' address"));
        }
    }

    private static void checkStabilization(String source, String where, AutoscalerConfig.StabilizationSection s) {
        if (s.upWindowSeconds() < 0 || s.downWindowSeconds() < 0 || s.upCooldownSeconds() < 0
                || s.downCooldownSeconds() < 0) {
            fail(source, where + ": stabilization windows and cool-downs must not be negative");
        }
    }

    private static void checkActuator(String source, String where, ActuatorSection a, Set<String> streams,
                                      AutoscalerConfig.FlinkSection flink) {
        if (a instanceof ActuatorSection.FlinkResourceRequirements f && (f.job() == null || flink == null)) {
            fail(source, where + ": flink-resource-requirements needs 'job' and the 'flink.rest' address");
        }
        if (a instanceof ActuatorSection.LocalProcesses l
                && (l.jobManager() == null || !l.jobManager().matches("[^:]+:\\d+"))) {
            fail(source, where + ": local-processes needs 'jobManager' as host:rpcPort, got " + l.jobManager());
        }
        if (a instanceof ActuatorSection.Kubernetes k && (k.namespace() == null || k.deployment() == null)) {
            fail(source, where + ": kubernetes needs 'namespace' and 'deployment'");
        }
        if (a instanceof ActuatorSection.StreamMinSegments s) {
            checkWatched(source, where + ": stream-min-segments", s.stream(), streams);
        }
        if (a instanceof ActuatorSection.StreamSegments s) {
            checkWatched(source, where + ": stream-segments", s.stream(), streams);
        }
    }

    private static void checkWatched(String source, String what, String stream, Set<String> streams) {
        if (stream == null || !streams.contains(stream)) {
            fail(source, what + " stream '" + stream + "' is not under 'streams'");
        }
    }

    private static void fail(String source, String message) {
        throw new ConfigException(source + ": " + message);
    }
}
