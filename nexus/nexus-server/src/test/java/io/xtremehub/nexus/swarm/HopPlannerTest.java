package io.xtremehub.nexus.swarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HopPlannerTest {
    private static final List<String> NONE = List.of();
    private static final List<String> GPU = List.of("gpu");

    private final HopPlanner planner = new HopPlanner(Map.of(
            "edge-a", new SwarmletLabels("edge", NONE),
            "edge-gpu", new SwarmletLabels("edge", GPU),
            "cloud", new SwarmletLabels("cloud", NONE),
            "cloud-tee", new SwarmletLabels("cloud", List.of("tee"))));

    /** Steps given as "streamlet" or "streamlet@location". */
    private static Policy policy(String... steps) {
        List<StreamletRef> refs = new ArrayList<>();
        for (String s : steps) {
            String[] parts = s.split("@");
            refs.add(new StreamletRef(parts[0], Map.of(), parts.length > 1 ? parts[1] : null));
        }
        return new Policy("p", 3, SystemType.GENERIC, "b", "**", refs, List.of());
    }

    @SafeVarargs
    private static List<List<String>> hardware(List<String>... perStep) {
        return Arrays.asList(perStep);
    }

    @Test
    void stepsWithoutLocationRunWhereTheRequestArrivedInOneHop() {
        assertEquals(List.of(new Hop("edge-a", 0, 2)),
                planner.plan(policy("zstd", "aes-gcm"), hardware(NONE, NONE), "edge-a"));
        assertEquals(List.of(new Hop("cloud", 0, 2)),
                planner.plan(policy("zstd", "aes-gcm"), hardware(NONE, NONE), "cloud"));
    }

    @Test
    void compressAtTheEdgeThenEncryptAndStoreInTheCloud() {
        Policy p = policy("zstd@edge", "aes-gcm@cloud", "counter@cloud");
        assertEquals(List.of(new Hop("edge-a", 0, 1), new Hop("cloud", 1, 3)),
                planner.plan(p, hardware(NONE, NONE, NONE), "edge-a"));
        // arriving in the cloud, the edge step still runs at the edge, then comes back
        assertEquals(List.of(new Hop("edge-a", 0, 1), new Hop("cloud", 1, 3)),
                planner.plan(p, hardware(NONE, NONE, NONE), "cloud"));
    }

    @Test
    void aStepNeedingHardwareTheSwarmletLacksRunsOnOneOfTheSameLocationThatHasIt() {
        Policy p = policy("zstd", "detect", "aes-gcm@cloud");
        assertEquals(List.of(new Hop("edge-a", 0, 1), new Hop("edge-gpu", 1, 2), new Hop("cloud", 2, 3)),
                planner.plan(p, hardware(NONE, GPU, NONE), "edge-a"));
        // the gpu swarmlet keeps the chunk for the following steps that need nothing special
        assertEquals(List.of(new Hop("edge-gpu", 0, 2), new Hop("cloud", 2, 3)),
                planner.plan(policy("detect", "zstd", "aes-gcm@cloud"), hardware(GPU, NONE, NONE), "edge-a"));
    }

    @Test
    void theStoringSwarmletIsTheSameWhereverTheChunkComesFrom() {
        Policy p = policy("zstd@cloud", "aes-gcm@cloud");
        assertEquals(List.of(new Hop("cloud", 0, 2)), planner.plan(p, hardware(NONE, NONE), "edge-a"));
        // arriving at cloud-tee, the first step runs there, but the chunk is stored where reads look
        assertEquals(List.of(new Hop("cloud-tee", 0, 1), new Hop("cloud", 1, 2)),
                planner.plan(p, hardware(NONE, NONE), "cloud-tee"));
    }

    @Test
    void aLocationWithNoSwarmletIsAOneLineError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(policy("zstd@moon"), hardware(NONE), "edge-a"));
        assertEquals("policy p@3 step 1 (zstd) runs at location 'moon' but no swarmlet is registered there"
                + " (registered: cloud at cloud, cloud-tee at cloud, edge-a at edge, edge-gpu at edge); start one with"
                + " that location or fix the policy", e.getMessage());
    }

    @Test
    void hardwareNoSwarmletOfTheLocationHasIsAOneLineError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(policy("zstd", "detect@cloud"), hardware(NONE, GPU), "edge-a"));
        assertEquals("policy p@3 step 2 (detect) needs hardware gpu but no swarmlet at location 'cloud' has it"
                + " (cloud: location=cloud hardware=none, cloud-tee: location=cloud hardware=tee)", e.getMessage());
    }

    @Test
    void anUnregisteredArrivalSwarmletIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(policy("zstd"), hardware(NONE), "nowhere"));
        assertEquals("swarmlet 'nowhere' is not registered", e.getMessage());
    }
}
