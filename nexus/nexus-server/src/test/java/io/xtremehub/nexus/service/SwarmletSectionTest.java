package io.xtremehub.nexus.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.config.ConfigException;
import io.xtremehub.config.YamlConfigReader;
import io.xtremehub.nexus.swarm.SwarmletLabels;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The swarmlet section of Nexus's YAML file: labels are read strictly, and bad ones are one line. */
class SwarmletSectionTest {
    private static NexusServiceConfig.SwarmletSection read(String swarmlet) {
        return YamlConfigReader.parse("nexus.yaml", "swarmlet: " + swarmlet, NexusServiceConfig.class).orElseThrow()
                .swarmlet();
    }

    private static String refused(String swarmlet) {
        String message = assertThrows(ConfigException.class, () -> read(swarmlet)).getMessage();
        assertEquals(1, message.lines().count(), message);
        return message;
    }

    @Test
    void labelsAndEndpointAreRead() {
        NexusServiceConfig.SwarmletSection s = read("{name: edge-gpu, secret: 12345678, location: edge,"
                + " hardware: [tee, gpu, gpu], endpoint: 'http://edge-lb:9000', livenessTtlSeconds: 3,"
                + " meshMaxConnections: 40}");
        SwarmletLabels labels = new SwarmletLabels(s.location(), s.hardware());
        assertEquals("edge", labels.location());
        assertEquals(List.of("gpu", "tee"), labels.hardware());
        assertTrue(labels.hasHardware(List.of("gpu")));
        assertEquals(URI.create("http://edge-lb:9000"), s.endpoint());
        assertEquals(3, s.livenessTtlSeconds());
        assertEquals(40, s.meshMaxConnections());
        assertEquals(SwarmletLabels.DEFAULT_LOCATION, new SwarmletLabels(read("{name: a, secret: 12345678}").location(),
                null).location());
    }

    @Test
    void aMistypedKeyOrABadLabelIsOneLine() {
        String typo = refused("{name: edge, secret: 12345678, locaton: edge}");
        assertTrue(typo.contains("unknown key 'swarmlet.locaton'") && typo.contains("location"), typo);
        String label = refused("{name: edge, secret: 12345678, hardware: [GPU]}");
        assertTrue(label.contains("swarmlet hardware label 'GPU' must be 1-63 lower-case letters"), label);
        String ttl = refused("{name: edge, secret: 12345678, livenessTtlSeconds: 0}");
        assertTrue(ttl.contains("swarmlet.livenessTtlSeconds must be at least 1, not 0"), ttl);
        String cap = refused("{name: edge, secret: 12345678, meshMaxConnections: 0}");
        assertTrue(cap.contains("swarmlet.meshMaxConnections must be at least 1, not 0"), cap);
    }
}
