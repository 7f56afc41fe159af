package io.xtremehub.nexus.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StreamletRefTest {
    private static final String POLICY = "{\"name\":\"lts\",\"version\":0,\"system\":\"GENERIC\",\"bucket\":\"b\","
            + "\"keyGlob\":\"**\",\"outputBuckets\":[],\"pipeline\":[%s]}";

    @Test
    void aStepMayCarryALocationAndDefaultsToNone() {
        Policy p = MetadataJson.readPolicy(String.format(POLICY,
                "{\"name\":\"zstd\",\"parameters\":{}},{\"name\":\"aes-gcm\",\"parameters\":{},\"location\":\"cloud\"}"));
        assertNull(p.pipeline().get(0).location());
        assertEquals("cloud", p.pipeline().get(1).location());
        assertEquals(p, MetadataJson.readPolicy(MetadataJson.write(p)));
    }

    @Test
    void aBadLocationIsAOneLineErrorAtDefinition() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MetadataJson.readPolicy(
                String.format(POLICY, "{\"name\":\"zstd\",\"parameters\":{},\"location\":\"Edge Site\"}")));
        assertEquals("invalid policy JSON: streamlet 'zstd' location 'Edge Site' must be a swarmlet location label: 1-63 lower-case"
                + " letters, digits, '.', '_' or '-'", e.getMessage());
            }

    @Test
    void aPolicyPinningStepsMustPinItsLastStep() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Policy("p", 0,
                SystemType.GENERIC, "b", "**", List.of(new StreamletRef("zstd", Map.of(), "edge"),
                new StreamletRef("aes-gcm", Map.of())), List.of()));
        assertEquals("policy 'p' pins steps to locations, so its last step (aes-gcm) must name one too: where its"
                + " chunks are stored", e.getMessage());
    }

    @Test
    void theLocationIsPartOfTheDefinitionButNotOfTheFingerprint() {
        Policy here = new Policy("p", 1, SystemType.GENERIC, "b", "**",
                List.of(new StreamletRef("zstd", Map.of())), List.of());
        Policy edge = new Policy("p", 1, SystemType.GENERIC, "b", "**",
                List.of(new StreamletRef("zstd", Map.of(), "edge")), List.of());
        assertTrue(!here.sameDefinition(edge)); // redefining with a location makes a new version
        assertEquals(here.fingerprint(), edge.fingerprint()); // where a step ran does not change how to read it
    }
}
