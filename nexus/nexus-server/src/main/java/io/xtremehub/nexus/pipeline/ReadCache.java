package io.xtremehub.nexus.pipeline;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import io.xtremehub.nexus.marker.ObjectMarker;
import java.util.Optional;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * What ranged reads of transformed objects remember, so that a ranged GET of a known object costs
 * one backend read (the frames it returns) instead of four (metadata, footer, index, frames):
 *
 * <ul>
 *   <li>per object key, the stored version last read (backend metadata and marker). A read that
 *   uses it asks the backend for that version only ({@code If-Match} on its ETag, and the answer's
 *   ETag checked), so an object overwritten or deleted meanwhile, even by another worker, is
 *   noticed and read the slow way;</li>
 *   <li>per stored version, the small structural reads of streamlets ({@code RangeSource#readStructure}:
 *   headers, footers, block indexes), keyed by the backend ETag and write id, so an overwrite is
 *   never served its predecessor's index.</li>
 * </ul>
 * Both are bounded; this worker's own writes and deletes drop an object's entry at once.
 */
final class ReadCache {
    private static final long MAX_OBJECTS = 10_000;
    private static final long MAX_STRUCTURE_BYTES = 64L << 20;

    /** A stored version: the backend's metadata (whole-object length, no range) and its marker. */
    record Known(GetObjectResponse stored, ObjectMarker marker) {
    }

    /** One structural read of one layer of one stored version. */
    record StructureKey(String bucket, String key, String backendETag, String writeId, int layer, long offset,
                        int length) {
    }

    private final Cache<String, Known> known = CacheBuilder.newBuilder().maximumSize(MAX_OBJECTS).build();
    private final Cache<StructureKey, byte[]> structures = CacheBuilder.newBuilder()
            .maximumWeight(MAX_STRUCTURE_BYTES)
            .weigher((StructureKey k, byte[] v) -> v.length + 64)
            .build();

    private static String id(String bucket, String key) {
        return bucket + '\u0000' + key;
    }

    Optional<Known> known(String bucket, String key) {
        return Optional.ofNullable(known.getIfPresent(id(bucket, key)));
    }

    void remember(String bucket, String key, GetObjectResponse stored, ObjectMarker marker) {
        known.put(id(bucket, key), new Known(stored, marker));
    }

    void forget(String bucket, String key) {
        known.invalidate(id(bucket, key));
    }

    byte[] structure(StructureKey k) {
        return structures.getIfPresent(k);
    }

    void structure(StructureKey k, byte[] bytes) {
        structures.put(k, bytes);
    }
}
