package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.swarm.Member;
import io.xtremehub.nexus.swarm.PartitionRing;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Consistent hashing of partitions onto swarmlet workers. */
class PartitionRingTest {
    static Member member(String id) {
        return new Member(id, URI.create("http://" + id + ":1"));
    }

    static List<String> partitions(int n) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add("scope/stream-" + (i % 7) + "/" + i + ".#epoch.0");
        }
        return keys;
    }

    @Test
    void everyWorkerComputesTheSameOwnersAndLoadIsSpread() {
        List<Member> members = List.of(member("w1"), member("w2"), member("w3"), member("w4"));
        PartitionRing a = new PartitionRing(members);
        PartitionRing b = new PartitionRing(List.of(members.get(2), members.get(0), members.get(3), members.get(1)));
        Map<Member, Integer> load = new HashMap<>();
        for (String p : partitions(8000)) {
            assertEquals(a.owner(p), b.owner(p), p);
            load.merge(a.owner(p), 1, Integer::sum);
        }
        assertEquals(4, load.size());
        load.values().forEach(n -> assertTrue(n > 1400 && n < 2600, "uneven spread " + load));
    }

    @Test
    void aJoiningOrLeavingWorkerMovesOnlyItsShare() {
        List<Member> three = List.of(member("w1"), member("w2"), member("w3"));
        List<Member> four = new ArrayList<>(three);
        four.add(member("w4"));
        PartitionRing before = new PartitionRing(three);
        PartitionRing after = new PartitionRing(four);
        int moved = 0;
        List<String> keys = partitions(8000);
        for (String p : keys) {
            Member was = before.owner(p);
            Member now = after.owner(p);
            if (!was.equals(now)) {
                moved++;
                assertEquals("w4", now.id(), "a partition may only move to the new worker");
            }
        }
        assertTrue(moved > keys.size() / 8 && moved < keys.size() * 3 / 8, "moved " + moved + " of " + keys.size());
        assertThrows(IllegalStateException.class, () -> new PartitionRing(List.of()).owner("x"));
    }

    @Test
    void intervalsCoverTheIdSpaceAndContainTheirOwnersPartitions() {
        PartitionRing ring = new PartitionRing(List.of(member("w1"), member("w2"), member("w3")));
        List<PartitionRing.Interval> intervals = ring.intervals();
        assertEquals(0L, intervals.get(0).first());
        assertEquals(-1L, intervals.get(intervals.size() - 1).last(), "the last interval ends at 2^64 - 1");
        double total = 0;
        for (int i = 0; i < intervals.size(); i++) {
            total += intervals.get(i).share();
            if (i > 0) {
                assertEquals(intervals.get(i - 1).last() + 1, intervals.get(i).first(), "a gap before interval " + i);
            }
        }
        assertEquals(1.0, total, 1e-9);
        for (String p : partitions(2000)) {
            long at = PartitionRing.position(p);
            PartitionRing.Interval in = intervals.stream().filter(iv -> Long.compareUnsigned(iv.first(), at) <= 0
                    && Long.compareUnsigned(at, iv.last()) <= 0).findFirst().orElseThrow();
            assertEquals(ring.owner(p).id(), in.owner().id(), p + " at " + Long.toHexString(at));
        }
        assertTrue(new PartitionRing(List.of()).intervals().isEmpty());
    }
}
