package io.xtremehub.omb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MaxRateSearchTest {

    @Test
    void raisesWhileTheSystemKeepsUpAndBacksOffWhenTheBacklogGrows() {
        MaxRateSearch search = new MaxRateSearch();
        // reached 1000/s and consumers kept up: 20 % more
        assertEquals(1200, search.next(1000, 1000, 1000, 1, false, 1), 1e-9);
        // producers sent 1500 but consumers read only 100 and the backlog (1400) grew past a second's worth
        assertEquals(90, search.next(1200, 2500, 1100, 1, false, 1), 1e-9);
        // the backlog shrinks, producers managed 60 of 90: the system holds them back, the target stays
        assertEquals(90, search.next(90, 2560, 2000, 1, false, 1), 1e-9);
        // producers managed 10 of 90: the target comes down to twice that
        assertEquals(20, search.next(90, 2570, 2570, 1, false, 1), 1e-9);
    }

    @Test
    void aBacklogBuiltOnPurposeDoesNotSlowTheSearch() {
        MaxRateSearch search = new MaxRateSearch();
        assertEquals(1200, search.next(1000, 1000, 0, 1, true, 1), 1e-9);
    }
}
