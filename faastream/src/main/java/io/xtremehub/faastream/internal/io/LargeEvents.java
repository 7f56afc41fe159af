package io.xtremehub.faastream.internal.io;

import java.util.UUID;

/**
 * Parks events too large for a Pravega event (8 MB) as objects in the spill bucket; the stream
 * carries only the object key. The manager deletes the job's objects when it ends.
 */
public final class LargeEvents {
    private final ObjectStore store;
    private final String bucket;
    private final String prefix;

    public LargeEvents(ObjectStore store, String bucket, String prefix) {
        this.store = store;
        this.bucket = bucket;
        this.prefix = prefix;
    }

    public String park(byte[] payload) {
        String key = prefix + "large/" + UUID.randomUUID();
        store.put(bucket, key, payload);
        return key;
    }

    public byte[] fetch(String key) {
        return store.get(bucket, key);
    }
}
