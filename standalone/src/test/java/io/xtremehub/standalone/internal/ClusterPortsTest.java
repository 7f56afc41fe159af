package io.xtremehub.standalone.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.standalone.ClusterConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterPortsTest {

    @Test
    void freePortsAreDistinctBelowTheKernelsEphemeralRangeAndRemembered(@TempDir Path dir) throws Exception {
        ClusterConfig config = ClusterConfig.builder().dataDir(dir).allPortsEphemeral().bookies(3).build();
        ClusterPorts ports = ClusterPorts.resolve(config);
        List<Integer> all = List.of(ports.zk, ports.controller, ports.segmentStore, ports.s3, ports.nexusAdmin,
                ports.bookies[0], ports.bookies[1], ports.bookies[2]);
        Set<Integer> distinct = new HashSet<>(all);
        assertEquals(all.size(), distinct.size(), all.toString());
        // no outgoing connection or bind to port 0 can take them between this check and the bind
        int ephemeralStart = Integer.parseInt(
                Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim().split("\\s+")[0]);
        assertTrue(all.stream().allMatch(p -> p >= 15_000 && p < ephemeralStart), all.toString());

        ClusterPorts again = ClusterPorts.resolve(config);
        assertEquals(ports.zk, again.zk);
        assertEquals(ports.nexusAdmin, again.nexusAdmin);
        assertArrayEquals(ports.bookies, again.bookies);
    }
}
