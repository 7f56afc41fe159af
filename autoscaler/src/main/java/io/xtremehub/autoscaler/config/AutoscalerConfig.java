package io.xtremehub.autoscaler.config;

import java.util.List;

/**
 * The service's configuration, as read from {@code autoscaler.yaml}. See the module README for
 * every field; {@link ConfigLoader} reads and checks it.
 *
 * @param periodSeconds seconds between two collections (default 10)
 * @param pravega       where the watched streams are
 * @param flink         the Flink cluster's REST API, or null when no rule or actuator needs Flink
 * @param http          the endpoint serving {@code /metrics} and {@code /status} (on loopback by default)
 * @param streams       the watched streams
 * @param scalers       the knobs under control
 */
public record AutoscalerConfig(Integer periodSeconds, PravegaSection pravega, FlinkSection flink, HttpSection http,
                               List<StreamSection> streams, List<ScalerSection> scalers) {
    public AutoscalerConfig {
        periodSeconds = periodSeconds == null ? 10 : periodSeconds;
        pravega = pravega == null ? new PravegaSection(null, null) : pravega;
        http = http == null ? new HttpSection(null, null) : http;
        streams = streams == null ? List.of() : List.copyOf(streams);
        scalers = scalers == null ? List.of() : List.copyOf(scalers);
    }

    /** Pravega controller and scope; defaults {@code tcp://127.0.0.1:9090} and {@code xtremehub}. */
    public record PravegaSection(String controller, String scope) {
        public PravegaSection {
            controller = controller == null ? "tcp://127.0.0.1:9090" : controller;
            scope = scope == null ? "xtremehub" : scope;
        }
    }

    /** Flink's REST API, e.g. {@code http://127.0.0.1:8081}. */
    public record FlinkSection(String rest) { }

    /**
     * Where the status endpoint listens: {@code host} default 127.0.0.1 (it serves read-only status
     * without authentication, so another address is the operator's choice), {@code port} default
     * 9095, 0 picks a free one.
     */
    public record HttpSection(String host, Integer port) {
        public HttpSection {
            host = host == null || host.isBlank() ? "127.0.0.1" : host;
            port = port == null ? 9095 : port;
        }
    }

    /** A watched stream and, optionally, the reader group whose backlog to collect. */
    public record StreamSection(String name, String readerGroup) { }

    /** One knob: its rule, stabilization and actuators. */
    public record ScalerSection(String name, RuleSection rule, StabilizationSection stabilization,
                                List<ActuatorSection> actuators) {
        public ScalerSection {
            stabilization = stabilization == null ? new StabilizationSection(null, null, null, null) : stabilization;
            actuators = actuators == null ? List.of() : List.copyOf(actuators);
        }
    }

    /** Windows and cool-downs in seconds; defaults 0 / 60 / 30 / 120. */
    public record StabilizationSection(Integer upWindowSeconds, Integer downWindowSeconds,
                                       Integer upCooldownSeconds, Integer downCooldownSeconds) {
        public StabilizationSection {
            upWindowSeconds = upWindowSeconds == null ? 0 : upWindowSeconds;
            downWindowSeconds = downWindowSeconds == null ? 60 : downWindowSeconds;
            upCooldownSeconds = upCooldownSeconds == null ? 30 : upCooldownSeconds;
            downCooldownSeconds = downCooldownSeconds == null ? 120 : downCooldownSeconds;
        }
    }
}
