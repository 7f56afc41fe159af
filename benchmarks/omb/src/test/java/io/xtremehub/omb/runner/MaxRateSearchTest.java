package io.xtremehub.omb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MaxRateSearchTest {

    @Test
    void raisesWhileTheSystemKeepsUpAndBacksOffWhenTheBacklogGrows() {
        MaxRateSearch search = new MaxRateSearch();
        // reached 1000/s and consumers kept up: 20 % more
        assertEquals(1200, search.next(1000, 1000, 1000, 1, false, 1), 1e-9);
        // producers sent 1500 but consumers read only 100 and the backlog (1400) grew past a second's worth:
        // halve at most
        assertEquals(600, search.next(1200, 2500, 1100, 1, false, 1), 1e-9);
        // still growing (consumers 500/s): just below what consumers read, but not below half of the 1000/s
        // the system sustained
        assertEquals(500, search.next(600, 3500, 1600, 1, false, 1), 1e-9);
        // consumers that read nothing are joining, not slow: the target holds
        assertEquals(500, search.next(500, 3900, 1600, 1, false, 1), 1e-9);
        // the backlog shrinks, producers managed 300 of 500: the system holds them back, the target stays
        assertEquals(500, search.next(500, 4200, 4200, 1, false, 1), 1e-9);
        // producers managed 100 of 500: the target would come down to twice that, but not below the floor
        assertEquals(500, search.next(500, 4300, 4300, 1, false, 1), 1e-9);
    }

    @Test
    void withoutASustainedRateTheSearchFollowsWhatTheSystemDoes() {
        MaxRateSearch search = new MaxRateSearch();
        // producers managed 100 of 1000: twice that
        assertEquals(200, search.next(1000, 100, 100, 1, false, 1), 1e-9);
        // backlog growing (consumers 50/s): halve at most
        assertEquals(100, search.next(200, 400, 150, 1, false, 1), 1e-9);
        assertEquals(50, search.next(100, 550, 200, 1, false, 1), 1e-9);
    }

    @Test
    void aStallOfSeveralSecondsDoesNotCollapseTheSearch() {
        MaxRateSearch search = new MaxRateSearch();
        // 10,000/s reached with consumers keeping up
        assertEquals(12_000, search.next(10_000, 10_000, 10_000, 1, false, 1), 1e-9);
        // consumers stalled (100 a second) while producers sent 13,000 and 6,000: the target halves, then holds
        assertEquals(6_000, search.next(12_000, 23_000, 10_100, 1, false, 1), 1e-9);
        assertEquals(5_000, search.next(6_000, 29_000, 10_200, 1, false, 1), 1e-9);
        // producers stalled too: 300 in a second
        assertEquals(5_000, search.next(5_000, 29_300, 10_300, 1, false, 1), 1e-9);
        // consumers caught up and producers are back to speed: the search climbs on from there
        assertEquals(6_000, search.next(5_000, 34_300, 34_300, 1, false, 1), 1e-9);
    }

    @Test
    void aBacklogBuiltOnPurposeDoesNotSlowTheSearch() {
        MaxRateSearch search = new MaxRateSearch();
        assertEquals(1200, search.next(1000, 1000, 0, 1, true, 1), 1e-9);
    }
}
