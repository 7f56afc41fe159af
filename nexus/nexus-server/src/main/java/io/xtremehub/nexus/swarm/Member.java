package io.xtremehub.nexus.swarm;

import java.net.URI;
import java.util.Objects;

/**
 * A live worker of a swarmlet.
 *
 * @param id unique worker id
 * @param mesh where the worker accepts chunks forwarded by the other workers
 */
public record Member(String id, URI mesh) {
    /** Validates. */
    public Member {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(mesh, "mesh");
    }
}
