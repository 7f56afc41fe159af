package io.xtremehub.nexus.service;

import io.xtremehub.config.YamlConfigReader;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.backend.S3Uploads;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.swarm.SwarmletLabels;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Everything a stand-alone Nexus service is started with, as read from its YAML file (see
 * {@code nexus/examples/*.yaml}), before flags and environment variables override single values.
 * Every section is optional; the defaults serve on 127.0.0.1:9000 (admin 9001) with the built-in
 * credentials, from a filesystem backend and a metadata file under the work directory.
 *
 * @param listen where the S3 endpoint and the admin API listen
 * @param credentials what S3 clients sign with
 * @param adminToken bearer token of the admin API (default: random, written to {@code <workDir>/admin-token})
 * @param workDir metadata file, spool, registered jars (default {@code nexus-data})
 * @param backend where objects are stored
 * @param metadata where policies live
 * @param swarmlet membership of a swarmlet, or null for a lone worker
 * @param policies policies defined at start (a policy identical to its stored version keeps it)
 * @param buckets backend buckets created at start if missing
 */
public record NexusServiceConfig(Listen listen, Credentials credentials, String adminToken, Path workDir,
                                 BackendSection backend, MetadataSection metadata, SwarmletSection swarmlet,
                                 List<Policy> policies, List<String> buckets) {
    /** Fills in defaults. */
    public NexusServiceConfig {
        listen = listen == null ? new Listen(null, null, null, null) : listen;
        credentials = credentials == null ? new Credentials(null, null, false) : credentials;
        workDir = workDir == null ? Path.of("nexus-data") : workDir;
        backend = backend == null ? new BackendSection(null, null, null, null, null, null, null, null) : backend;
        metadata = metadata == null ? new MetadataSection(null) : metadata;
        policies = policies == null ? List.of() : List.copyOf(policies);
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
    }

    /** The configuration with every default: what {@code nexus serve} runs without a file. */
    public static NexusServiceConfig defaults() {
        return new NexusServiceConfig(null, null, null, null, null, null, null, null, null);
    }

    /**
     * Reads a YAML file.
     *
     * @throws io.xtremehub.config.ConfigException one line naming the file and the key or value that is wrong
     */
    public static NexusServiceConfig load(Path file) {
        return YamlConfigReader.read(file, NexusServiceConfig.class).orElseGet(NexusServiceConfig::defaults);
    }

    /**
     * Listen addresses.
     *
     * @param host address to bind (default 127.0.0.1)
     * @param port S3 HTTP port (default 9000; 0 picks a free one)
     * @param adminPort admin API and {@code /metrics} port (default 9001; 0 picks one, -1 disables it)
     * @param https HTTPS, or null for HTTP only
     */
    public record Listen(String host, Integer port, Integer adminPort, Https https) {
        /** Fills in defaults. */
        public Listen {
            host = host == null || host.isBlank() ? "127.0.0.1" : host;
            port = port == null ? 9000 : port;
            adminPort = adminPort == null ? 9001 : adminPort;
            checkPort("listen.port", port, 0);
            checkPort("listen.adminPort", adminPort, -1);
        }
    }

    /**
     * HTTPS beside HTTP.
     *
     * @param port HTTPS port (0 picks one)
     * @param keyStore JKS or PKCS12 key store
     * @param keyStorePassword its password
     */
    public record Https(Integer port, Path keyStore, String keyStorePassword) {
        /** Validates. */
        public Https {
            port = port == null ? 9443 : port;
            checkPort("listen.https.port", port, 0);
            if (keyStore == null || keyStorePassword == null) {
                throw new IllegalArgumentException("listen.https needs keyStore and keyStorePassword");
            }
        }
    }

    /**
     * S3 credentials clients sign with.
     *
     * @param accessKey access key (default {@code nexus})
     * @param secretKey secret key (default the built-in one, refused beyond loopback)
     * @param anonymous no authentication at all (refused beyond loopback)
     */
    public record Credentials(String accessKey, String secretKey, boolean anonymous) {
        @Override
        public String toString() {
            return "Credentials[accessKey=" + accessKey + ", anonymous=" + anonymous + "]";
        }
    }

    /**
     * The backend.
     *
     * @param type {@code filesystem} (default), {@code transient} or {@code s3}
     * @param path directory of the filesystem backend (default {@code <workDir>/objects})
     * @param endpoint S3 endpoint URI (s3 only)
     * @param region S3 region (default us-east-1)
     * @param accessKey S3 access key
     * @param secretKey S3 secret key
     * @param tagBucket backend bucket Nexus keeps object tags in, closed to S3 clients (default
     *     {@value NexusServer#DEFAULT_TAG_BUCKET}); a Nexus in front of another Nexus needs another
     *     name, since the one behind keeps its own tag bucket to itself
     * @param uploads how bodies of unknown length are stored as multipart uploads (s3 only)
     */
    public record BackendSection(String type, Path path, URI endpoint, String region, String accessKey,
                                 String secretKey, String tagBucket, Uploads uploads) {
        /** Validates. */
        public BackendSection {
            type = type == null ? "filesystem" : type.toLowerCase(Locale.ROOT);
            uploads = uploads == null ? new Uploads(null, null, null, null, null) : uploads;
            tagBucket = tagBucket == null || tagBucket.isBlank() ? NexusServer.DEFAULT_TAG_BUCKET : tagBucket;
            if (!List.of("filesystem", "transient", "s3").contains(type)) {
                throw new IllegalArgumentException("backend.type must be filesystem, transient or s3, not '" + type + "'");
            }
        }

        @Override
        public String toString() {
            return "BackendSection[type=" + type + ", path=" + path + ", endpoint=" + endpoint + ", region=" + region
                    + ", accessKey=" + accessKey + ", tagBucket=" + tagBucket + ", uploads=" + uploads + "]";
        }
    }

    /**
     * How an S3 backend stores bodies of unknown length (transformed chunks streamed in): as multipart
     * uploads of 5 MiB parts, buffered one part per upload.
     *
     * @param partBufferMiB MiB all part buffers of the worker may hold together (default 64, at least 5);
     *     an upload beyond it waits for room
     * @param partBufferWaitSeconds how long it waits, then is answered 503 SlowDown (default 30)
     * @param journalBucket backend bucket recording the open uploads of Nexus workers (default
     *     {@value S3Uploads#DEFAULT_JOURNAL_BUCKET})
     * @param abandonedAfterSeconds seconds an open upload may go without a new part before it is taken
     *     as left by a killed worker and aborted (default 3600; must exceed the longest a part takes)
     * @param sweepEverySeconds how often a worker looks for abandoned uploads, besides at start (default 600)
     */
    public record Uploads(Integer partBufferMiB, Integer partBufferWaitSeconds, String journalBucket,
                          Integer abandonedAfterSeconds, Integer sweepEverySeconds) {
        /** Validates. */
        public Uploads {
            if (partBufferMiB != null && partBufferMiB < 5) {
                throw new IllegalArgumentException("backend.uploads.partBufferMiB must be at least 5 (one part), not "
                        + partBufferMiB);
            }
            if (partBufferWaitSeconds != null && partBufferWaitSeconds < 0) {
                throw new IllegalArgumentException("backend.uploads.partBufferWaitSeconds must not be negative, not "
                        + partBufferWaitSeconds);
            }
            if (journalBucket != null && journalBucket.isBlank()) {
                throw new IllegalArgumentException("backend.uploads.journalBucket must not be blank");
            }
            if (abandonedAfterSeconds != null && abandonedAfterSeconds < 0) {
                throw new IllegalArgumentException("backend.uploads.abandonedAfterSeconds must not be negative, not "
                        + abandonedAfterSeconds);
            }
            if (sweepEverySeconds != null && sweepEverySeconds < 1) {
                throw new IllegalArgumentException("backend.uploads.sweepEverySeconds must be at least 1, not "
                        + sweepEverySeconds);
            }
        }

        /** The settings, defaults filled in. */
        public S3Uploads settings() {
            S3Uploads.Builder b = S3Uploads.builder();
            if (partBufferMiB != null) {
                b.partBufferBudget((long) partBufferMiB << 20);
            }
            if (partBufferWaitSeconds != null) {
                b.partBufferWait(Duration.ofSeconds(partBufferWaitSeconds));
            }
            if (journalBucket != null) {
                b.journalBucket(journalBucket);
            }
            if (abandonedAfterSeconds != null) {
                b.abandonedAfter(Duration.ofSeconds(abandonedAfterSeconds));
            }
            if (sweepEverySeconds != null) {
                b.sweepEvery(Duration.ofSeconds(sweepEverySeconds));
            }
            return b.build();
        }
    }

    /**
     * The metadata store.
     *
     * @param redis {@code redis://host:port/namespace}, or null for the file in the work directory
     */
    public record MetadataSection(URI redis) {
        /** Validates. */
        public MetadataSection {
            if (redis != null && (!"redis".equals(redis.getScheme()) || redis.getHost() == null)) {
                throw new IllegalArgumentException("metadata.redis must look like redis://host:6379/namespace, not '"
                        + redis + "'");
            }
        }

        /** The Redis key namespace (the URI's path, default {@code nexus}). */
        public String namespace() {
            String p = redis == null || redis.getPath() == null ? "" : redis.getPath().replaceFirst("^/", "");
            return p.isEmpty() ? "nexus" : p;
        }
    }

    /**
     * Swarmlet membership (needs {@code metadata.redis}).
     *
     * @param name swarmlet name
     * @param secret shared secret of the workers' mesh, at least 8 characters
     * @param workerId this worker's id (default random)
     * @param meshPort mesh port (default 0: a free one)
     * @param advertisedHost host the other workers reach this one at
     * @param livenessTtlSeconds the membership lease: a crashed worker leaves the others' views within
     *     this many seconds and a third (default 10)
     * @param partitionRouting route stateful chunks to their partition's owner (default true)
     * @param location where the swarmlet runs, e.g. {@code edge} or {@code cloud} (default {@code default})
     * @param hardware specialized hardware of its workers, e.g. {@code [gpu]} (default none)
     * @param endpoint the swarmlet's endpoint, the load balancer in front of its workers (optional)
     * @param meshMaxConnections the most mesh connections served at once, a thread each (default 256);
     *     more are answered 503 and retried by their senders
     */
    public record SwarmletSection(String name, String secret, String workerId, Integer meshPort,
                                  String advertisedHost, Integer livenessTtlSeconds, Boolean partitionRouting,
                                  String location, List<String> hardware, URI endpoint, Integer meshMaxConnections) {
        /** Validates. */
        public SwarmletSection {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("swarmlet.name is required");
            }
            if (secret == null || secret.length() < 8) {
                throw new IllegalArgumentException("swarmlet.secret must have at least 8 characters");
            }
            if (livenessTtlSeconds != null && livenessTtlSeconds < 1) {
                throw new IllegalArgumentException("swarmlet.livenessTtlSeconds must be at least 1, not "
                        + livenessTtlSeconds);
            }
            if (meshMaxConnections != null && meshMaxConnections < 1) {
                throw new IllegalArgumentException("swarmlet.meshMaxConnections must be at least 1, not "
                        + meshMaxConnections);
            }
            new SwarmletLabels(location, hardware); // a bad label is a one-line error at load time
        }

        @Override
        public String toString() {
            return "SwarmletSection[name=" + name + ", workerId=" + workerId + ", location=" + location
                    + ", hardware=" + hardware + "]";
        }
    }

    private static void checkPort(String key, int port, int min) {
        if (port < min || port > 65535) {
            throw new IllegalArgumentException(key + " must be between " + min + " and 65535, not " + port);
        }
    }
}
