package io.xtremehub.nexus.swarm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Consistent hashing of stream partitions onto workers: the 64-bit ID space is cut into contiguous
 * intervals by {@value #VIRTUAL_NODES} points per worker; a partition belongs to the worker of the
 * first point at or after its hash (wrapping around). Every worker computes the same owner from the
 * same member list, and a member joining or leaving moves only the partitions of its intervals.
 */
public final class PartitionRing {
    /** Points per worker; more points spread partitions more evenly. */
    public static final int VIRTUAL_NODES = 128;

    private final TreeMap<Long, Member> points = new TreeMap<>();
    private final List<Member> members;

    /** A ring over the members (ids must be unique). */
    public PartitionRing(Collection<Member> members) {
        this.members = List.copyOf(members);
        for (Member m : this.members) {
            for (int i = 0; i < VIRTUAL_NODES; i++) {
                points.put(hash(m.id() + "#" + i), m);
            }
        }
    }

    /** The members, as given. */
    public List<Member> members() {
        return members;
    }

    /**
     * The worker owning a partition key (e.g. {@code scope/stream/segment}).
     *
     * @throws IllegalStateException if the ring is empty
     */
    public Member owner(String partitionKey) {
        if (points.isEmpty()) {
            throw new IllegalStateException("the swarmlet has no live member");
        }
        Map.Entry<Long, Member> e = points.ceilingEntry(hash(partitionKey));
        return (e != null ? e : points.firstEntry()).getValue();
    }

    /** Position of a key in the ID space: the first 8 bytes of its SHA-256. */
    static long hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            long h = 0;
            for (int i = 0; i < 8; i++) {
                h = (h << 8) | (d[i] & 0xff);
            }
            return h;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
