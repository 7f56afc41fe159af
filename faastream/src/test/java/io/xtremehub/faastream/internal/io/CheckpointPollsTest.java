package io.xtremehub.faastream.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Pravega's 500 ms checkpoint poll, and any other delay, is cut to the scheduler's maximum. */
class CheckpointPollsTest {
    @Test
    void longerDelaysAreCutShorterOnesKept() throws Exception {
        CheckpointPolls polls = new CheckpointPolls(Duration.ofMillis(50));
        try {
            // as Pravega's Futures.delayedTask schedules the poll (a Callable, 500 ms)
            ScheduledFuture<String> poll = polls.schedule(() -> "polled", 500, TimeUnit.MILLISECONDS);
            assertTrue(poll.getDelay(TimeUnit.MILLISECONDS) <= 50, "scheduled in " + poll.getDelay(TimeUnit.MILLISECONDS));
            ScheduledFuture<?> later = polls.schedule(() -> { }, 1, TimeUnit.HOURS);
            assertTrue(later.getDelay(TimeUnit.MILLISECONDS) <= 50, "scheduled in " + later.getDelay(TimeUnit.MILLISECONDS));
            ScheduledFuture<?> sooner = polls.schedule(() -> { }, 0, TimeUnit.MILLISECONDS);
            assertTrue(sooner.getDelay(TimeUnit.MILLISECONDS) <= 0);
            assertEquals("polled", poll.get(30, TimeUnit.SECONDS));
        } finally {
            polls.shutdownNow();
        }
    }
}
