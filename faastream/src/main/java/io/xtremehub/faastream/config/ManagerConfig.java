package io.xtremehub.faastream.config;

import io.xtremehub.config.ConfigException;
import io.xtremehub.config.YamlConfigReader;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * A FaaStream Manager's configuration file ({@code manager.yaml}, every key in
 * {@code faastream/manager.example.yaml}). Every key is optional; the defaults reach the zero-config
 * standalone cluster on this machine. Precedence, lowest first: defaults, the file, environment
 * variables ({@code FAASTREAM_*}, see {@link #withEnvironment}), flags of the program that reads it.
 *
 * <pre>{@code
 * try (Manager manager = Manager.builder().config(ManagerConfig.resolve(null, System.getenv())).build()) {
 *     ...
 * }
 * }</pre>
 *
 * @param controller  the Pravega controller, {@code tcp://} or {@code tls://}
 * @param scope       scope of sources, sinks and the jobs' own streams
 * @param objectStore the S3-compatible store of bucket sources and sinks and large events
 * @param platform    where workers run
 * @param metricsHost address of the jobs' Prometheus endpoint (default 127.0.0.1)
 * @param metricsPort its port (0: a free port; absent: no endpoint)
 */
public record ManagerConfig(String controller, String scope, ObjectStoreSection objectStore, PlatformSection platform,
                            String metricsHost, Integer metricsPort) {
    private static final Set<String> CONTROLLER_SCHEMES = Set.of("tcp", "tls");

    public ManagerConfig {
        controller = controller == null ? "tcp://127.0.0.1:9090" : controller;
        scope = scope == null ? "xtremehub" : scope;
        objectStore = objectStore == null ? new ObjectStoreSection(null, null, null, null, null) : objectStore;
        platform = platform == null ? new PlatformSection.Processes(null, null, null, null, null) : platform;
        metricsHost = metricsHost == null ? "127.0.0.1" : metricsHost;
        URI uri = parseUri(controller);
        if (uri.getScheme() == null || !CONTROLLER_SCHEMES.contains(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("controller must look like tcp://host:9090, not '" + controller + "'");
        }
        if (scope.isBlank()) {
            throw new IllegalArgumentException("scope must not be empty");
        }
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
            throw new IllegalArgumentException("metricsPort must be between 0 and 65535, not " + metricsPort);
        }
    }

    /** Nothing set: the zero-config defaults. */
    public static ManagerConfig defaults() {
        return new ManagerConfig(null, null, null, null, null, null);
    }

    /**
     * Reads a file.
     *
     * @throws ConfigException one line naming the file and the key or value that is wrong
     */
    public static ManagerConfig load(Path file) {
        return YamlConfigReader.read(file, ManagerConfig.class).orElseGet(ManagerConfig::defaults);
    }

    /**
     * The file given ({@code null}: {@code $FAASTREAM_CONFIG}, or none), then the environment over it.
     *
     * @throws ConfigException one line when the file or a variable is wrong
     */
    public static ManagerConfig resolve(Path file, Map<String, String> env) {
        String fromEnv = blankToNull(env.get("FAASTREAM_CONFIG"));
        Path chosen = file != null ? file : fromEnv != null ? Path.of(fromEnv) : null;
        return (chosen == null ? defaults() : load(chosen)).withEnvironment(env);
    }

    /**
     * This configuration with what the environment sets over it: {@code FAASTREAM_CONTROLLER},
     * {@code FAASTREAM_SCOPE}, {@code FAASTREAM_S3_ENDPOINT}, {@code FAASTREAM_S3_REGION},
     * {@code FAASTREAM_S3_ACCESS_KEY}, {@code FAASTREAM_S3_SECRET_KEY}, {@code FAASTREAM_METRICS_PORT}.
     */
    public ManagerConfig withEnvironment(Map<String, String> env) {
        ObjectStoreSection s = objectStore;
        ObjectStoreSection store = new ObjectStoreSection(
                pick(env, "FAASTREAM_S3_ENDPOINT", s.endpoint()), pick(env, "FAASTREAM_S3_REGION", s.region()),
                pick(env, "FAASTREAM_S3_ACCESS_KEY", s.accessKey()), pick(env, "FAASTREAM_S3_SECRET_KEY", s.secretKey()),
                s.spillBucket());
        String port = blankToNull(env.get("FAASTREAM_METRICS_PORT"));
        try {
            return new ManagerConfig(pick(env, "FAASTREAM_CONTROLLER", controller), pick(env, "FAASTREAM_SCOPE", scope),
                    store, platform, metricsHost, port == null ? metricsPort : Integer.valueOf(port));
        } catch (NumberFormatException e) {
            throw new ConfigException("FAASTREAM_METRICS_PORT must be a whole number, not '" + port + "'");
        } catch (IllegalArgumentException e) {
            throw new ConfigException("environment FAASTREAM_*: " + e.getMessage(), e);
        }
    }

    /** This configuration with another controller and scope (null keeps the current one), as flags give them. */
    public ManagerConfig with(String controller, String scope) {
        try {
            return new ManagerConfig(controller != null ? controller : this.controller, scope != null ? scope : this.scope,
                    objectStore, platform, metricsHost, metricsPort);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    public URI controllerUri() {
        return URI.create(controller);
    }

    /** Sets every value of this configuration on a Manager builder, the worker platform included. */
    public Manager.Builder applyTo(Manager.Builder b) {
        b.controllerUri(controllerUri()).scope(scope).objectStore(objectStore.toObjectStoreConfig())
                .platform(platform.create());
        if (metricsPort != null) {
            b.metricsHost(metricsHost).metricsPort(metricsPort);
        }
        return b;
    }

    /**
     * The object store; defaults are the standalone cluster's embedded S3 endpoint and credentials.
     *
     * @param endpoint    endpoint URL; the literal {@code aws} for AWS's regional endpoint
     * @param spillBucket bucket for events too large for a stream (created if missing)
     */
    public record ObjectStoreSection(String endpoint, String region, String accessKey, String secretKey,
                                     String spillBucket) {
        public ObjectStoreSection {
            endpoint = endpoint == null ? "http://127.0.0.1:9000" : endpoint;
            region = region == null ? "us-east-1" : region;
            accessKey = accessKey == null ? "xtremehub" : accessKey;
            secretKey = secretKey == null ? "xtremehub-secret" : secretKey;
            spillBucket = spillBucket == null ? "faastream-spill" : spillBucket;
            if (!endpoint.equals("aws")) {
                URI uri = parseUri(endpoint);
                if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                    throw new IllegalArgumentException("objectStore.endpoint must be an http(s) URL or 'aws', not '"
                            + endpoint + "'");
                }
            }
        }

        ObjectStoreConfig toObjectStoreConfig() {
            return new ObjectStoreConfig(endpoint.equals("aws") ? null : endpoint, region, accessKey, secretKey, spillBucket);
        }
    }

    private static URI parseUri(String value) {
        try {
            return new URI(value);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("'" + value + "' is not a URI: " + e.getReason());
        }
    }

    private static String pick(Map<String, String> env, String name, String otherwise) {
        String v = blankToNull(env.get(name));
        return v != null ? v : otherwise;
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v;
    }
}
