package io.xtremehub.nexus.swarm;

import java.net.URI;
import java.util.Objects;

/**
 * A live worker of a swarmlet, as its membership record says.
 *
 * @param id unique worker id
 * @param mesh where the worker accepts chunks forwarded by the other workers
 * @param s3 the worker's own S3 endpoint, or null if not known
 * @param endpoint the swarmlet's endpoint (its load balancer) as the worker was configured, or null
 * @param labels the swarmlet's location and hardware, as the worker was configured
 */
public record Member(String id, URI mesh, URI s3, URI endpoint, SwarmletLabels labels) {
    /** Validates; records written without labels get {@link SwarmletLabels#none()}. */
    public Member {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(mesh, "mesh");
        labels = labels == null ? SwarmletLabels.none() : labels;
    }

    /** A worker known by its id and mesh endpoint only. */
    public Member(String id, URI mesh) {
        this(id, mesh, null, null, null);
    }
}
