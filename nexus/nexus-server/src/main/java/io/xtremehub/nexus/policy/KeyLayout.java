package io.xtremehub.nexus.policy;

import java.util.Optional;

/** Tells chunks of stream data from a system's own metadata objects by their object key. */
@FunctionalInterface
public interface KeyLayout {
    /**
     * Classifies a key.
     *
     * @return the chunk's stream/partition if the key names a chunk of stream data; empty if it is
     *     the system's own metadata (which Nexus passes through untouched)
     */
    Optional<ChunkId> classify(String key);
}
