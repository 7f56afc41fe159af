package io.xtremehub.nexus.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** The budget's own accounting and its one-line refusals (the waiting under load is PartedPutBlobStoreIT's). */
class PartBudgetTest {
    @Test
    void reservationsAreCountedAndGivenBack() {
        PartBudget budget = PartBudget.of(100, Duration.ZERO);
        budget.reserve(60, "b/k1");
        budget.reserve(40, "b/k2");
        assertEquals(100, budget.held());
        S3Exception full = assertThrows(S3Exception.class, () -> budget.reserve(1, "b/k3"));
        assertEquals(503, full.statusCode());
        assertEquals("the worker's part buffers are full (100 bytes held by uploads in flight) and b/k3 waited 0 ms"
                + " for room; retry", full.awsErrorDetails().errorMessage());
        budget.release(60);
        budget.reserve(50, "b/k3");
        assertEquals(90, budget.held());
        assertEquals(100, budget.mostHeld());
        assertEquals(0, budget.waits()); // a zero wait refuses at once, it never waits
    }

    @Test
    void badSettingsAndImpossibleReservationsAreOneLineErrors() {
        assertEquals("part buffer budget must be at least 1 byte, not 0", assertThrows(IllegalArgumentException.class,
                () -> PartBudget.of(0, Duration.ZERO)).getMessage());
        assertEquals("part buffer wait must not be negative, not PT-1S", assertThrows(IllegalArgumentException.class,
                () -> PartBudget.of(10, Duration.ofSeconds(-1))).getMessage());
        assertEquals("a part buffer of 11 bytes does not fit the worker's part buffer budget of 10 bytes: raise the"
                + " budget to at least the part size", assertThrows(IllegalArgumentException.class,
                () -> PartBudget.of(10, Duration.ZERO).reserve(11, "b/k")).getMessage());
    }
}
