package io.xtremehub.nexus.tagging;

import java.util.Map;
import java.util.Objects;

/**
 * The client's tags of objects (PutObjectTagging, {@code x-amz-tagging}), kept in the objects'
 * sidecars ({@link TagStore}) and tied to the object version they were set on.
 */
public final class ObjectTags {
    private final TagStore store;

    /** @param store the sidecars */
    public ObjectTags(TagStore store) {
        this.store = store;
    }

    /** The backend bucket the sidecars live in, which clients may not address. */
    public String bucket() {
        return store.bucket();
    }

    /**
     * The client's tags of an object version.
     *
     * @param writeId the write id in the version's marker, or null if it has none
     */
    public TagSet of(String bucket, String key, String writeId) {
        return store.read(bucket, key).userOf(writeId);
    }

    /**
     * Replaces the client's tags of an object version, keeping its context. Without tags and without a
     * sidecar this costs one metadata lookup.
     *
     * @param writeId the write id in the version's marker, or null if it has none
     */
    public void replace(String bucket, String key, String writeId, TagSet tags) {
        store.update(bucket, key, tags.isEmpty(), current -> {
            boolean sameVersion = Objects.equals(current.writeId(), writeId);
            if (sameVersion && current.user().equals(tags)) {
                return current;
            }
            return new TagStore.Stored(tags, writeId, sameVersion ? current.context() : Map.of());
        });
    }

    /**
     * Keeps the tags a multipart upload was started with ({@code x-amz-tagging} on
     * CreateMultipartUpload) until it is completed or aborted, in the backend so that any worker,
     * also after a restart, finds them.
     */
    public void holdForUpload(String uploadId, TagSet tags) {
        store.storeUpload(uploadId, new TagStore.Stored(tags, null, Map.of()));
    }

    /** The tags held for a multipart upload (none if it was started without), no longer held. */
    public TagSet takeForUpload(String uploadId) {
        TagSet held = store.readUpload(uploadId).user();
        if (!held.isEmpty()) {
            store.storeUpload(uploadId, TagStore.Stored.NONE);
        }
        return held;
    }

    /** Forgets the tags held for an aborted multipart upload. */
    public void dropForUpload(String uploadId) {
        store.storeUpload(uploadId, TagStore.Stored.NONE);
    }

    /** Deletes the tags (and with them the context) of a deleted object. */
    public void delete(String bucket, String key) {
        store.delete(bucket, key);
    }
}
