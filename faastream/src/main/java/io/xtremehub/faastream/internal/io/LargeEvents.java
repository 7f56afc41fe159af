package io.xtremehub.faastream.internal.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Parks events too large for a Pravega event (8 MB) as objects in the spill bucket; the stream
 * carries only the object key. A batch's full shuffle packs go to the job's local shuffle directory
 * instead when it has one (its workers share the manager's host): written and read once as files,
 * as Spark's shuffle does, without the object store's HTTP round trips, signing and checksums.
 * The manager deletes the job's objects and its shuffle directory when it ends.
 */
public final class LargeEvents {
    /** Marks a reference to a file of the local shuffle directory (object keys start with "jobs/"). */
    static final String LOCAL = "local:";

    private final ObjectStore store;
    private final String bucket;
    private final Path shuffleDir;
    /** Where {@link #park} puts events; exactly-once jobs park under the current epoch. */
    private String parkPrefix;

    /** @param shuffleDir the job's local shuffle directory, or null to park packs in the object store */
    public LargeEvents(ObjectStore store, String bucket, String prefix, Path shuffleDir) {
        this.store = store;
        this.bucket = bucket;
        this.shuffleDir = shuffleDir;
        this.parkPrefix = prefix + "large/";
    }

    /** Parks from now on under {@code keyPrefix}, so that an aborted epoch's events can be deleted with it. */
    public void parkUnder(String keyPrefix) {
        this.parkPrefix = keyPrefix;
    }

    public String park(byte[] payload) {
        String key = parkPrefix + UUID.randomUUID();
        store.put(bucket, key, payload);
        return key;
    }

    /** Parks one full pack of a batch shuffle. */
    public String parkPack(byte[] pack) {
        if (shuffleDir == null) {
            return park(pack);
        }
        try {
            Files.createDirectories(shuffleDir);
            // written whole before its reference goes out, so a reader never sees part of it
            Path file = shuffleDir.resolve(UUID.randomUUID().toString());
            Files.write(file, pack);
            return LOCAL + file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot park a shuffle pack in " + shuffleDir + ": " + e.getMessage(), e);
        }
    }

    public byte[] fetch(String key) {
        if (!key.startsWith(LOCAL)) {
            return store.get(bucket, key);
        }
        Path file = Path.of(key.substring(LOCAL.length()));
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the parked shuffle pack " + file + ": " + e.getMessage(), e);
        }
    }
}
