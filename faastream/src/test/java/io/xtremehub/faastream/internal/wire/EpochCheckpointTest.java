package io.xtremehub.faastream.internal.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class EpochCheckpointTest {
    @Test
    void aNameCarriesGenerationEpochAndNextTransaction() {
        EpochCheckpoint c = new EpochCheckpoint(3, 41, UUID.randomUUID());
        assertEquals(c, EpochCheckpoint.parse(c.name()));
    }

    @Test
    void otherCheckpointNamesAreNotEpochCheckpoints() {
        assertNull(EpochCheckpoint.parse(null));
        assertNull(EpochCheckpoint.parse("ACP-1"));
        assertNull(EpochCheckpoint.parse("eo-g1-e2-not-a-uuid"));
        assertNull(EpochCheckpoint.parse("x" + new EpochCheckpoint(1, 2, UUID.randomUUID()).name()));
    }
}
