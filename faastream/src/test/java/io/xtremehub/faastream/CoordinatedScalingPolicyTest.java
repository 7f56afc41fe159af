package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CoordinatedScalingPolicyTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final CoordinatedScalingPolicy policy = ScalingPolicy.coordinated().clock(clock::get).build();

    private void report(int stage, String worker, int queue) {
        policy.addWorkerStats(new WorkerStats(stage, worker, queue, 0, 0, 0, 0, clock.get()));
    }

    @Test
    void scalesUpByTheRoundedLoadBetweenTwoAndThreeTimesAfterTheCoolDown() {
        policy.initialize(1, 2, 2);
        report(1, "a", 3);
        report(1, "b", 2);
        assertEquals(2, policy.getWorkers(1), "within the 20 s cool-down nothing changes");
        clock.addAndGet(20_000);
        report(1, "a", 3);
        report(1, "b", 2);
        assertEquals(6, policy.getWorkers(1), "a load of 2.5 triples the workers");
        report(1, "a", 5);
        clock.addAndGet(19_999);
        assertEquals(6, policy.getWorkers(1), "a fresh cool-down follows each change");
        clock.addAndGet(1);
        report(1, "a", 5);
        assertEquals(18, policy.getWorkers(1), "a load of 5 still only triples them");
        clock.addAndGet(20_000);
        report(1, "a", 2);
        assertEquals(32, policy.getWorkers(1), "never beyond the maximum");
    }

    @Test
    void aLoadJustOverTheThresholdDoublesTheWorkers() {
        policy.initialize(1, 3, 3);
        clock.addAndGet(20_000);
        report(1, "a", 2);
        assertEquals(6, policy.getWorkers(1));
    }

    @Test
    void segmentsStayBetweenThreeAndFourPerWorkerAndJumpToTheFarEndWhenOutOfRange() {
        policy.initialize(1, 1, 1);
        assertEquals(4, policy.getPartitions(1), "1 segment is below 3 per worker: up to 4 per worker");
        clock.addAndGet(20_000);
        report(1, "a", 2);
        assertEquals(2, policy.getWorkers(1));
        assertEquals(8, policy.getPartitions(1));
        clock.addAndGet(20_000);
        report(1, "a", 0);
        assertEquals(1, policy.getWorkers(1));
        assertEquals(3, policy.getPartitions(1), "8 segments for 1 worker is above 4 per worker: down to 3");
        policy.initialize(2, 4, 14);
        assertEquals(14, policy.getPartitions(2), "3.5 per worker is in range: no rescale");
    }

    @Test
    void scalesDownOneWorkerAtATimeBelowTheLowerThresholdButNeverBelowTheMinimum() {
        policy.initialize(0, 3, 3);
        clock.addAndGet(20_000);
        report(0, "a", 0);
        report(0, "b", 0);
        assertEquals(2, policy.getWorkers(0));
        clock.addAndGet(20_000);
        report(0, "a", 0);
        assertEquals(1, policy.getWorkers(0));
        clock.addAndGet(20_000);
        report(0, "a", 0);
        assertEquals(1, policy.getWorkers(0));
    }

    @Test
    void anUnreadBacklogInTheInputStreamKeepsTheWorkersThoughTheirQueuesAreEmpty() {
        policy.initialize(0, 4, 16);
        clock.addAndGet(20_000);
        report(0, "a", 0);
        policy.addInputBacklog(0, 64 * 1024 + 1);
        assertEquals(4, policy.getWorkers(0), "events wait in the stream: no worker may go");
        policy.addInputBacklog(0, 64 * 1024);
        assertEquals(3, policy.getWorkers(0), "at most 64 KiB unread (a trickle in flight) lets one go");
        clock.addAndGet(20_000);
        report(0, "a", 0);
        policy.addInputBacklog(0, 1 << 20);
        clock.addAndGet(CoordinatedScalingPolicy.REPORT_MAX_AGE_MILLIS + 1);
        report(0, "a", 0);
        assertEquals(2, policy.getWorkers(0), "a backlog report that is no longer fresh does not count");
    }

    @Test
    void aWorkerThatStoppedReportingNoLongerCounts() {
        policy.initialize(1, 2, 8);
        clock.addAndGet(20_000);
        report(1, "gone", 3);
        clock.addAndGet(CoordinatedScalingPolicy.REPORT_MAX_AGE_MILLIS + 1);
        report(1, "a", 0);
        assertEquals(1, policy.getWorkers(1), "only the live worker's empty queue counts");
    }

    @Test
    void betweenThresholdsTheStageKeepsItsWorkers() {
        policy.initialize(0, 3, 3);
        clock.addAndGet(30_000);
        report(0, "a", 1);
        report(0, "b", 1);
        assertEquals(3, policy.getWorkers(0));
    }

    @Test
    void inconsistentSettingsAreRejectedWithTheirValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScalingPolicy.coordinated().downThreshold(2).upThreshold(1).build());
        assertEquals("downThreshold (2.0) must be below upThreshold (1.0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ScalingPolicy.coordinated().segmentsPerWorker(4, 3));
        assertEquals("the largest segments per worker (3) must be at least the smallest (4)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ScalingPolicy.coordinated().upFactor(1, 3));
        assertEquals("the smallest up factor must be at least 2, got 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ScalingPolicy.coordinated().minWorkers(4).maxWorkers(2).build());
        assertEquals("maxWorkers (2) must be at least minWorkers (4)", e.getMessage());
    }

    @Test
    void fixedPolicyKeepsTheConfiguredParallelism() {
        ScalingPolicy fixed = ScalingPolicy.fixed();
        fixed.initialize(0, 3, 3);
        fixed.addWorkerStats(new WorkerStats(0, "a", 100, 0, 0, 0, 0, 0));
        assertEquals(3, fixed.getWorkers(0));
        assertEquals(5, ScalingPolicy.fixed(5).getPartitions(2));
    }
}
