package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReadAheadTest {
    private static final long MS = 1_000_000L;

    @Test
    void aSlowFunctionKeepsAboutHalfASecondOfWorkQueued() {
        ReadAhead r = new ReadAhead(1_024, 500);
        assertEquals(1_024, r.limit(), "nothing measured yet: the whole queue");
        r.processed(1, 20 * MS);
        assertEquals(25, r.limit());
        assertTrue(r.full(25));
        assertFalse(r.full(24));
    }

    @Test
    void aFastFunctionKeepsTheWholeQueueAndAVerySlowOneTheMinimum() {
        ReadAhead fast = new ReadAhead(1_024, 500);
        fast.processed(100, MS);
        assertEquals(1_024, fast.limit());

        ReadAhead slow = new ReadAhead(1_024, 500);
        slow.processed(1, 2_000 * MS);
        assertEquals(ReadAhead.MIN_EVENTS, slow.limit());
    }

    @Test
    void theLimitFollowsTheRecentPaceGradually() {
        ReadAhead r = new ReadAhead(1_024, 500);
        r.processed(1, 20 * MS);
        for (int i = 0; i < 200; i++) {
            r.processed(1, MS);
        }
        // 1 ms per event now: 500 events fit in half a second
        assertTrue(r.limit() > 400 && r.limit() <= 500, "limit " + r.limit());
        r.processed(0, 5_000 * MS);
        assertTrue(r.limit() > 400, "a call with no events changes nothing");
    }

    @Test
    void aTargetOfZeroKeepsTheWholeQueue() {
        ReadAhead off = new ReadAhead(1_024, 0);
        off.processed(1, 20 * MS);
        assertEquals(1_024, off.limit());
    }
}
