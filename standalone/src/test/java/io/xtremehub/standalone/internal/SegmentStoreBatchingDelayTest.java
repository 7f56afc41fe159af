package io.xtremehub.standalone.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The segment store's batching pause: ours by default, a benchmark's own when set, a bad value named. */
class SegmentStoreBatchingDelayTest {

    @AfterEach
    void clearProperty() {
        System.clearProperty(EmbeddedSegmentStore.MAX_BATCHING_DELAY_PROPERTY);
    }

    @Test
    void withoutThePropertyTheSegmentStorePausesAtMostOneMillisecond() {
        assertEquals(1, EmbeddedSegmentStore.maxBatchingDelayMillis());
    }

    @Test
    void thePropertyGivesABenchmarkPravegasDefault() {
        System.setProperty(EmbeddedSegmentStore.MAX_BATCHING_DELAY_PROPERTY, " 50 ");
        assertEquals(50, EmbeddedSegmentStore.maxBatchingDelayMillis());
    }

    @Test
    void zeroOrTextIsRefusedWithThePropertyNameAndTheValue() {
        for (String bad : new String[] {"0", "-3", "fast"}) {
            System.setProperty(EmbeddedSegmentStore.MAX_BATCHING_DELAY_PROPERTY, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    EmbeddedSegmentStore::maxBatchingDelayMillis);
            assertEquals(EmbeddedSegmentStore.MAX_BATCHING_DELAY_PROPERTY
                    + " must be a whole number of milliseconds above 0 (Pravega's default is 50), got '" + bad + "'",
                    e.getMessage());
        }
    }
}
