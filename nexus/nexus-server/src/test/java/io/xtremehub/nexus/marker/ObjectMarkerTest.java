package io.xtremehub.nexus.marker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ObjectMarkerTest {
    @Test
    void roundTripsInOneMetadataEntry() {
        ObjectMarker marker = new ObjectMarker("p-1", 3, "abcd", 1000, "", List.of(
                new ObjectMarker.Step(0, "zstd@builtin", 400), new ObjectMarker.Step(1, "aes-gcm@builtin", 420)),
                "out&bucket", Map.of(), ObjectMarker.newWriteId());
        Map<String, String> metadata = marker.addTo(Map.of("user-key", "v"));
        assertEquals(2, metadata.size(), metadata::toString);
        assertEquals(Optional.of(marker), ObjectMarker.from(metadata));
        Map<String, String> upper = new LinkedHashMap<>();
        metadata.forEach((k, v) -> upper.put(k.toUpperCase(), v));
        assertEquals(Optional.of(marker), ObjectMarker.from(upper));
        assertEquals(Map.of("user-key", "v"), ObjectMarker.strip(metadata));
    }

    @Test
    void readsTheMarkerOfEarlierVersions() {
        Map<String, String> legacy = Map.of("nexus-policy", "gz@2", "nexus-size", "77", "nexus-etag", "e1",
                "nexus-steps", "0:gzip@builtin:30", "nexus-ctx-label", "x", "other", "y");
        ObjectMarker m = ObjectMarker.from(legacy).orElseThrow();
        assertEquals("gz", m.policyName());
        assertEquals(2, m.policyVersion());
        assertEquals(77, m.originalLength());
        assertEquals(List.of(new ObjectMarker.Step(0, "gzip@builtin", 30)), m.steps());
        assertEquals(Map.of("label", "x"), m.context());
        assertEquals(null, m.writeId());
        assertTrue(ObjectMarker.from(Map.of("other", "y")).isEmpty());
        assertThrows(IllegalStateException.class, () -> ObjectMarker.from(Map.of("nexus-marker", "p=broken")));
    }
}
