package io.xtremehub.nexus.cli;

import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.service.NexusService;
import io.xtremehub.nexus.service.NexusServiceConfig;
import io.xtremehub.nexus.service.NexusServiceConfig.BackendSection;
import io.xtremehub.nexus.service.NexusServiceConfig.Credentials;
import io.xtremehub.nexus.service.NexusServiceConfig.Listen;
import io.xtremehub.nexus.service.NexusServiceConfig.MetadataSection;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nexus serve}: runs Nexus on its own in front of a backend until Ctrl-C (SIGINT/SIGTERM),
 * then drains in-flight requests and stops. Settings come from the YAML file, then environment
 * variables, then flags (the last wins).
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run Nexus as a service until Ctrl-C (config file, then env, then flags).")
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--config", description = "YAML config file (see nexus/examples)")
    Path config;

    @Option(names = "--host", description = "address to listen on (default 127.0.0.1; env NEXUS_HOST)",
            defaultValue = "${env:NEXUS_HOST}")
    String host;

    @Option(names = "--port", description = "S3 port (default 9000; env NEXUS_PORT)", defaultValue = "${env:NEXUS_PORT}")
    Integer port;

    @Option(names = "--admin-port", description = "admin API and /metrics port (default 9001; env NEXUS_ADMIN_PORT)",
            defaultValue = "${env:NEXUS_ADMIN_PORT}")
    Integer adminPort;

    @Option(names = "--work-dir", description = "metadata, spool, admin token (default nexus-data; env NEXUS_WORK_DIR)",
            defaultValue = "${env:NEXUS_WORK_DIR}")
    Path workDir;

    @Option(names = "--access-key", description = "S3 access key (env NEXUS_ACCESS_KEY)",
            defaultValue = "${env:NEXUS_ACCESS_KEY}")
    String accessKey;

    @Option(names = "--secret-key", description = "S3 secret key (env NEXUS_SECRET_KEY)",
            defaultValue = "${env:NEXUS_SECRET_KEY}")
    String secretKey;

    @Option(names = "--admin-token", description = "admin API token (env NEXUS_ADMIN_TOKEN)",
            defaultValue = "${env:NEXUS_ADMIN_TOKEN}")
    String adminToken;

    @Option(names = "--backend", description = "filesystem:DIR | transient | s3:ENDPOINT (env NEXUS_BACKEND)",
            defaultValue = "${env:NEXUS_BACKEND}")
    String backend;

    @Option(names = "--backend-region", description = "S3 backend region (env NEXUS_BACKEND_REGION)",
            defaultValue = "${env:NEXUS_BACKEND_REGION}")
    String backendRegion;

    @Option(names = "--backend-access-key", description = "S3 backend access key (env NEXUS_BACKEND_ACCESS_KEY)",
            defaultValue = "${env:NEXUS_BACKEND_ACCESS_KEY}")
    String backendAccessKey;

    @Option(names = "--backend-secret-key", description = "S3 backend secret key (env NEXUS_BACKEND_SECRET_KEY)",
            defaultValue = "${env:NEXUS_BACKEND_SECRET_KEY}")
    String backendSecretKey;

    @Option(names = "--redis", description = "metadata in Redis: redis://host:port/namespace (env NEXUS_REDIS_URL)",
            defaultValue = "${env:NEXUS_REDIS_URL}")
    URI redis;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile NexusServer server;

    @Override
    public Integer call() throws Exception {
        NexusServiceConfig effective;
        try {
            effective = effectiveConfig();
            server = NexusService.start(effective);
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("nexus serve: " + e.getMessage());
            return 2;
        } catch (java.io.IOException | RuntimeException e) { // e.g. the port is taken, the backend refuses us
            System.err.println("nexus serve: cannot start: " + e.getMessage());
            return 2;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "nexus-shutdown"));
        System.out.println("Nexus serving S3 at " + server.endpoint()
                + (effective.listen().adminPort() >= 0 ? ", admin API and /metrics at " + server.adminEndpoint() : "")
                + "; Ctrl-C stops");
        stopped.await();
        return 0;
    }

    /** Drains in-flight requests and stops; called by the shutdown hook (Ctrl-C) or a test. */
    void stop() {
        NexusServer s = server;
        try {
            if (s != null) {
                s.close();
                System.out.println("Nexus stopped");
            }
        } catch (Exception e) {
            System.err.println("nexus serve: stop failed: " + e.getMessage());
        } finally {
            stopped.countDown();
        }
    }

    /** The server, once started (tests). */
    NexusServer server() {
        return server;
    }

    /** The file (or defaults) with environment variables and flags applied. */
    NexusServiceConfig effectiveConfig() {
        NexusServiceConfig c = config == null ? NexusServiceConfig.defaults() : NexusServiceConfig.load(config);
        Listen l = c.listen();
        Listen listen = new Listen(host != null ? host : l.host(), port != null ? port : l.port(),
                adminPort != null ? adminPort : l.adminPort(), l.https());
        Credentials cr = c.credentials();
        Credentials credentials = new Credentials(accessKey != null ? accessKey : cr.accessKey(),
                secretKey != null ? secretKey : cr.secretKey(), cr.anonymous() && accessKey == null && secretKey == null);
        BackendSection b = backend == null ? c.backend() : parseBackend(backend, c.backend());
        BackendSection backendSection = new BackendSection(b.type(), b.path(), b.endpoint(),
                backendRegion != null ? backendRegion : b.region(),
                backendAccessKey != null ? backendAccessKey : b.accessKey(),
                backendSecretKey != null ? backendSecretKey : b.secretKey(), b.tagBucket(), b.uploads());
        MetadataSection metadata = redis != null ? new MetadataSection(redis) : c.metadata();
        return new NexusServiceConfig(listen, credentials, adminToken != null ? adminToken : c.adminToken(),
                workDir != null ? workDir : c.workDir(), backendSection, metadata, c.swarmlet(), c.policies(),
                c.buckets());
    }

    private static BackendSection parseBackend(String value, BackendSection fromFile) {
        if (value.equals("transient")) {
            return new BackendSection("transient", null, null, fromFile.region(), fromFile.accessKey(),
                    fromFile.secretKey(), fromFile.tagBucket(), fromFile.uploads());
        }
        if (value.startsWith("filesystem:")) {
            return new BackendSection("filesystem", Path.of(value.substring("filesystem:".length())), null, null,
                    null, null, fromFile.tagBucket(), fromFile.uploads());
        }
        if (value.startsWith("s3:")) {
            return new BackendSection("s3", null, URI.create(value.substring("s3:".length())), fromFile.region(),
                    fromFile.accessKey(), fromFile.secretKey(), fromFile.tagBucket(), fromFile.uploads());
        }
        throw new IllegalArgumentException("--backend must be filesystem:DIR, transient or s3:ENDPOINT, not '"
                + value + "'");
    }
}
