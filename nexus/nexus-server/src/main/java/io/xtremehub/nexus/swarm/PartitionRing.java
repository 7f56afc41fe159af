package io.xtremehub.nexus.swarm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Consistent hashing of stream partitions onto workers: the ID space [0, 2^64 - 1] is cut into
 * contiguous intervals by {@value #VIRTUAL_NODES} points per worker; a partition belongs to the
 * worker of the first point at or after its position (wrapping around), see {@link #intervals()}. Every worker computes the same owner from the
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

    /**
     * A contiguous part of the ID space, ends included, as unsigned 64-bit positions, and the
     * worker owning the partitions whose position falls in it.
     */
    public record Interval(long first, long last, Member owner) {
        /** Its fraction of the whole ID space. */
        public double share() {
            long span = last - first; // unsigned
            return ((span >= 0 ? span : span + 0x1p64) + 1) / 0x1p64;
        }

        /** {@code [first, last]} as 16 hex digits each. */
        @Override
        public String toString() {
            return String.format("[%016x, %016x]", first, last);
        }
    }

    /**
     * The intervals of the ID space in order, each with its owner, covering it entirely (adjacent
     * intervals of one worker merged). Empty if the ring is.
     */
    public List<Interval> intervals() {
        List<Interval> result = new ArrayList<>();
        if (points.isEmpty()) {
            return result;
        }
        Member wrap = points.firstEntry().getValue(); // positions after the last point wrap to the first
        long from = 0;
        for (Map.Entry<Long, Member> e : points.entrySet()) {
            long at = toUnsigned(e.getKey());
            add(result, from, at, e.getValue());
            from = at + 1;
        }
        if (toUnsigned(points.lastKey()) != -1L) {
            add(result, from, -1L, wrap);
        }
        return result;
    }

    private static void add(List<Interval> result, long first, long last, Member owner) {
        Interval previous = result.isEmpty() ? null : result.get(result.size() - 1);
        if (previous != null && previous.owner().id().equals(owner.id())) {
            result.set(result.size() - 1, new Interval(previous.first(), last, owner));
        } else {
            result.add(new Interval(first, last, owner));
        }
    }

    /** Where a partition key falls in the ID space (unsigned). */
    public static long position(String partitionKey) {
        return toUnsigned(hash(partitionKey));
    }

    /** Points are ordered as signed longs; flipping the sign bit gives the same order over [0, 2^64 - 1]. */
    private static long toUnsigned(long point) {
        return point ^ Long.MIN_VALUE;
    }

    /** Position of a key on the ring (signed order): the first 8 bytes of its SHA-256. */
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
