package io.xtremehub.nexus.swarm;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * How a worker joins a swarmlet (see {@code NexusServer.Builder#swarmlet}). The workers of one
 * swarmlet share a Redis metadata store, a name and a secret; each runs a mesh endpoint the others
 * forward chunks to.
 *
 * <pre>{@code
 * SwarmletConfig.builder("edge-gpu").secret("s3cr3t").location("edge").hardware(List.of("gpu")).build()
 * }</pre>
 *
 * @param name swarmlet name (several swarmlets may share one Redis namespace)
 * @param secret what the workers' mesh endpoints authenticate each other with
 * @param workerId this worker's id (default random)
 * @param meshPort port of this worker's mesh endpoint (0 picks a free one)
 * @param advertisedHost host the other workers reach this one at (default the server's bind host)
 * @param livenessTtl the membership lease: a silent (crashed) worker leaves every view within
 *     this TTL plus a third of it
 * @param partitionRouting route chunks of stateful policies to their partition's owner (default
 *     true); false lets every worker process any chunk, claiming partition state each time
 * @param labels the swarmlet's location and hardware (every worker of a swarmlet states the same)
 * @param endpoint the swarmlet's endpoint, the load balancer in front of its workers, if any
 * @param meshMaxConnections the most mesh connections this worker serves at once, a thread each;
 *     more wait briefly, then are answered 503 and their senders' clients retry
 */
public record SwarmletConfig(String name, String secret, String workerId, int meshPort, String advertisedHost,
                             Duration livenessTtl, boolean partitionRouting, SwarmletLabels labels, URI endpoint,
                             int meshMaxConnections) {
    /** Default of {@link #meshMaxConnections}: far above what the workers of a mesh keep open to one worker. */
    public static final int DEFAULT_MESH_MAX_CONNECTIONS = 256;

    /** Validates. */
    public SwarmletConfig {
        Objects.requireNonNull(name, "swarmlet name");
        if (secret == null || secret.length() < 8) {
            throw new IllegalArgumentException("swarmlet '" + name + "' needs a secret of at least 8 characters");
        }
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(livenessTtl, "livenessTtl");
        if (livenessTtl.toMillis() < 300) {
            throw new IllegalArgumentException("swarmlet '" + name + "' liveness TTL must be at least 300 ms, not "
                    + livenessTtl.toMillis() + " ms");
        }
        labels = labels == null ? SwarmletLabels.none() : labels;
        if (meshMaxConnections < 1) {
            throw new IllegalArgumentException("swarmlet '" + name + "' mesh connection limit must be at least 1, not "
                    + meshMaxConnections);
        }
    }

    /** A builder for the named swarmlet. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds a {@link SwarmletConfig}. */
    public static final class Builder {
        private final String name;
        private String secret;
        private String workerId = UUID.randomUUID().toString();
        private int meshPort;
        private String advertisedHost;
        private Duration livenessTtl = Duration.ofSeconds(10);
        private boolean partitionRouting = true;
        private String location;
        private List<String> hardware = List.of();
        private URI endpoint;
        private int meshMaxConnections = DEFAULT_MESH_MAX_CONNECTIONS;

        private Builder(String name) {
            this.name = name;
        }

        /** The shared secret (required, at least 8 characters). */
        public Builder secret(String value) {
            this.secret = value;
            return this;
        }

        /** This worker's id (default random). */
        public Builder workerId(String value) {
            this.workerId = value;
            return this;
        }

        /** Mesh port (default 0: a free one). */
        public Builder meshPort(int value) {
            this.meshPort = value;
            return this;
        }

        /** Host the other workers use to reach this one (default the bind host). */
        public Builder advertisedHost(String value) {
            this.advertisedHost = value;
            return this;
        }

        /** The membership lease: how long a silent worker stays a member (default 10 s, at least 300 ms). */
        public Builder livenessTtl(Duration value) {
            this.livenessTtl = value;
            return this;
        }

        /** Whether chunks of stateful policies go to their partition's owner (default true). */
        public Builder partitionRouting(boolean value) {
            this.partitionRouting = value;
            return this;
        }

        /** Where the swarmlet runs, e.g. {@code edge} or {@code cloud} (default {@value SwarmletLabels#DEFAULT_LOCATION}). */
        public Builder location(String value) {
            this.location = value;
            return this;
        }

        /** Specialized hardware of every worker, e.g. {@code gpu}, {@code tee} (default none). */
        public Builder hardware(List<String> value) {
            this.hardware = List.copyOf(value);
            return this;
        }

        /** The swarmlet's endpoint, the load balancer in front of its workers (default none). */
        public Builder endpoint(URI value) {
            this.endpoint = value;
            return this;
        }

        /** The most mesh connections served at once (default {@value #DEFAULT_MESH_MAX_CONNECTIONS}, at least 1). */
        public Builder meshMaxConnections(int value) {
            this.meshMaxConnections = value;
            return this;
        }

        /** The configuration. */
        public SwarmletConfig build() {
            return new SwarmletConfig(name, secret, workerId, meshPort, advertisedHost, livenessTtl, partitionRouting,
                    new SwarmletLabels(location, hardware), endpoint, meshMaxConnections);
        }
    }
}
