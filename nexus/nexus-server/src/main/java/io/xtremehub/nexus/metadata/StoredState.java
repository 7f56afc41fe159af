package io.xtremehub.nexus.metadata;

/**
 * The persistent state of one stateful streamlet step for one stream partition, as stored: the
 * state after the partition's last chunk and the state before it. Keeping the state before the
 * last chunk lets a retry of that chunk (its PUT was applied but never acknowledged, e.g. the
 * worker crashed) be applied to the state it was first applied to, so it counts once.
 *
 * @param json the state after {@code lastChunk} (the streamlet's persistent fields as a JSON object)
 * @param lastChunk the chunk ({@code bucket/key}) that produced {@code json}, or null if unknown
 * @param before the state {@code lastChunk} was applied to, or null if unknown
 */
public record StoredState(String json, String lastChunk, String before) {
    /** A state stored without chunk history (by an older Nexus). */
    public static StoredState of(String json) {
        return new StoredState(json, null, null);
    }
}
