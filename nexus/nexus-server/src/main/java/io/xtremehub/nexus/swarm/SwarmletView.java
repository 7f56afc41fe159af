package io.xtremehub.nexus.swarm;

import java.net.URI;
import java.util.List;

/**
 * A swarmlet as {@code nexus swarmlet list|show} prints it: its labels, endpoint and live workers.
 *
 * @param name the swarmlet name
 * @param labels its location and hardware, as its workers state them
 * @param endpoint its endpoint (load balancer), or null if none was configured
 * @param workers its live workers by id, each with the partitions it owns
 */
public record SwarmletView(String name, SwarmletLabels labels, URI endpoint, List<Worker> workers) {
    /** Copies. */
    public SwarmletView {
        workers = List.copyOf(workers);
    }

    /**
     * A live worker and the part of the partition ID space it owns on the swarmlet's ring.
     *
     * @param id worker id
     * @param s3 its own S3 endpoint, or null
     * @param mesh its mesh endpoint
     * @param share its fraction of the ID space
     * @param intervals its intervals of the ID space [0, 2^64 - 1], as {@code [first, last]} in hex
     */
    public record Worker(String id, URI s3, URI mesh, double share, List<String> intervals) {
        /** Copies. */
        public Worker {
            intervals = List.copyOf(intervals);
        }
    }
}
