package io.xtremehub.nexus.service;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.metadata.RedisMetadataStore;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.swarm.SwarmletConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a stand-alone Nexus from a {@link NexusServiceConfig}: refuses unsafe settings, then
 * serves, creates the configured buckets and defines the configured policies. What {@code nexus
 * serve} runs; the caller closes the returned server (a graceful stop that lets in-flight requests
 * finish).
 */
public final class NexusService {
    private static final Logger LOG = LoggerFactory.getLogger(NexusService.class);

    /** File under the work directory holding the admin token when none is configured. */
    public static final String ADMIN_TOKEN_FILE = "admin-token";

    private NexusService() {
    }

    /**
     * Starts serving.
     *
     * @throws IllegalArgumentException one line saying which setting is wrong; nothing is left running
     */
    public static NexusServer start(NexusServiceConfig config) throws Exception {
        checkExposure(config);
        Path work = Files.createDirectories(config.workDir());
        RedisMetadataStore redis = config.metadata().redis() == null ? null
                : new RedisMetadataStore(config.metadata().redis().getHost(),
                config.metadata().redis().getPort() < 0 ? 6379 : config.metadata().redis().getPort(),
                config.metadata().namespace());
        NexusServer server = null;
        try {
            NexusServer.Builder b = NexusServer.builder()
                    .host(config.listen().host())
                    .port(config.listen().port())
                    .adminPort(config.listen().adminPort())
                    .adminToken(adminToken(config, work))
                    .workDir(work)
                    .tagBucket(config.backend().tagBucket())
                    .backend(backend(config));
            if (config.listen().https() != null) {
                b.https(config.listen().https().port(), config.listen().https().keyStore(),
                        config.listen().https().keyStorePassword());
            }
            NexusServiceConfig.Credentials c = config.credentials();
            if (c.anonymous()) {
                b.anonymous();
            } else if (c.accessKey() != null || c.secretKey() != null) {
                if (c.accessKey() == null || c.secretKey() == null) {
                    throw new IllegalArgumentException("credentials need both accessKey and secretKey");
                }
                b.credentials(c.accessKey(), c.secretKey());
            }
            if (redis != null) {
                b.metadata(redis);
            }
            if (config.swarmlet() != null) {
                if (redis == null) {
                    throw new IllegalArgumentException("swarmlet '" + config.swarmlet().name()
                            + "' needs metadata.redis: the workers of a swarmlet share their metadata");
                }
                b.swarmlet(swarmlet(config.swarmlet()));
            }
            server = b.build().start();
            for (String bucket : config.buckets()) {
                server.ensureBucket(bucket);
            }
            for (Policy policy : config.policies()) {
                server.definePolicy(policy);
            }
            NexusServer started = server;
            if (redis != null) {
                return started.closing(redis);
            }
            return started;
        } catch (Exception | Error e) {
            if (server != null) {
                server.close();
            }
            if (redis != null) {
                redis.close();
            }
            throw e;
        }
    }

    /** Beyond loopback, S3 must be authenticated with a secret of the operator's own. */
    static void checkExposure(NexusServiceConfig config) {
        String host = config.listen().host();
        if (isLoopback(host)) {
            return;
        }
        NexusServiceConfig.Credentials c = config.credentials();
        if (c.anonymous()) {
            throw new IllegalArgumentException("refusing to serve S3 without authentication on " + host
                    + " (not a loopback address): drop credentials.anonymous or listen on 127.0.0.1");
        }
        if (c.secretKey() == null || c.secretKey().equals(NexusServer.DEFAULT_SECRET_KEY)) {
            throw new IllegalArgumentException("refusing to listen on " + host + " with the built-in default secret"
                    + " key: set credentials.secretKey (or NEXUS_SECRET_KEY / --secret-key)");
        }
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("listen.host '" + host + "' does not resolve: " + e.getMessage());
        }
    }

    private static Backend backend(NexusServiceConfig config) {
        NexusServiceConfig.BackendSection s = config.backend();
        return switch (s.type()) {
            case "transient" -> Backend.transientStore();
            case "s3" -> {
                if (s.endpoint() == null || s.accessKey() == null || s.secretKey() == null) {
                    throw new IllegalArgumentException("backend type s3 needs endpoint, accessKey and secretKey");
                }
                yield Backend.s3(s.endpoint(), s.region(), s.accessKey(), s.secretKey(), s.uploads().settings());
            }
            default -> Backend.filesystem(s.path() != null ? s.path() : config.workDir().resolve("objects"));
        };
    }

    private static SwarmletConfig swarmlet(NexusServiceConfig.SwarmletSection s) {
        SwarmletConfig.Builder b = SwarmletConfig.builder(s.name()).secret(s.secret());
        if (s.workerId() != null) {
            b.workerId(s.workerId());
        }
        if (s.meshPort() != null) {
            b.meshPort(s.meshPort());
        }
        if (s.advertisedHost() != null) {
            b.advertisedHost(s.advertisedHost());
        }
        if (s.livenessTtlSeconds() != null) {
            b.livenessTtl(Duration.ofSeconds(s.livenessTtlSeconds()));
        }
        if (s.partitionRouting() != null) {
            b.partitionRouting(s.partitionRouting());
        }
        if (s.meshMaxConnections() != null) {
            b.meshMaxConnections(s.meshMaxConnections());
        }
        if (s.hardware() != null) {
            b.hardware(s.hardware());
        }
        return b.location(s.location()).endpoint(s.endpoint()).build();
    }

    /** The configured token, else the one kept in the work directory, else a new one kept there. */
    private static String adminToken(NexusServiceConfig config, Path work) throws IOException {
        if (config.adminToken() != null && !config.adminToken().isBlank()) {
            return config.adminToken();
        }
        Path file = work.resolve(ADMIN_TOKEN_FILE);
        if (Files.isRegularFile(file)) {
            return Files.readString(file).trim();
        }
        String token = UUID.randomUUID().toString();
        Files.writeString(file, token);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            LOG.debug("no POSIX permissions on {}", file);
        }
        LOG.info("admin token written to {}", file);
        return token;
    }
}
