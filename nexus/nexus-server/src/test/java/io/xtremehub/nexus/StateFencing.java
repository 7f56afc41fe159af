package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metadata.StateClaim;
import io.xtremehub.nexus.metadata.StateFencedException;
import io.xtremehub.nexus.metadata.StoredState;
import java.util.List;
import java.util.Map;

/**
 * What every metadata store promises about partition state: a claim returns what was stored with
 * a newer epoch, and a write under an older claim is refused and leaves the state as it was.
 */
final class StateFencing {
    private StateFencing() {
    }

    /** {@code first} and {@code second} are two workers' views of one store (or the same one). */
    static void staleClaimsCannotWrite(MetadataStore first, MetadataStore second, String unit) {
        String key = unit + "/state";
        StateClaim a = first.claimState(unit, "worker-a", List.of(key));
        assertTrue(a.states().isEmpty(), "nothing stored yet: " + a.states());
        first.saveState(unit, a.epoch(), Map.of(key, new StoredState("{\"n\":1}", "b/chunk-1", "{\"n\":0}")));

        StateClaim b = second.claimState(unit, "worker-b", List.of(key));
        assertTrue(b.epoch() > a.epoch(), "a later claim has a later epoch");
        assertEquals(new StoredState("{\"n\":1}", "b/chunk-1", "{\"n\":0}"), b.states().get(key));

        StateFencedException fenced = assertThrows(StateFencedException.class, () -> first.saveState(unit, a.epoch(),
                Map.of(key, new StoredState("{\"n\":2}", "b/chunk-2", "{\"n\":1}"))));
        assertTrue(fenced.getMessage().contains("worker-b"), fenced.getMessage());
        assertEquals("{\"n\":1}", first.readState(List.of(key)).get(key).json(), "the stale write left no trace");

        second.saveState(unit, b.epoch(), Map.of(key, new StoredState("{\"n\":2}", "b/chunk-2", "{\"n\":1}")));
        assertEquals(new StoredState("{\"n\":2}", "b/chunk-2", "{\"n\":1}"), first.readState(List.of(key)).get(key));
    }
}
