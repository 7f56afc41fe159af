package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class QueueScalingPolicyTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final QueueScalingPolicy policy = ScalingPolicy.queueBased().clock(clock::get).build();

    private void report(int stage, String worker, int queue) {
        policy.addWorkerStats(new WorkerStats(stage, worker, queue, 0, 0, 0, 0, clock.get()));
    }

    @Test
    void scalesUpByTheFactorWhenQueuesExceedTheUpperThresholdAfterTheCoolDown() {
        policy.initialize(1, 2, 2);
        report(1, "a", 3);
        report(1, "b", 2);
        assertEquals(2, policy.getWorkers(1), "within the 20 s cool-down nothing changes");
        clock.addAndGet(20_000);
        assertEquals(4, policy.getWorkers(1));
        assertEquals(12, policy.getPartitions(1), "3 segments per worker");
        report(1, "a", 5);
        clock.addAndGet(19_999);
        assertEquals(4, policy.getWorkers(1), "a fresh cool-down follows each change");
    }

    @Test
    void scalesDownOneWorkerAtATimeBelowTheLowerThresholdButNeverBelowTheMinimum() {
        policy.initialize(0, 2, 2);
        clock.addAndGet(20_000);
        report(0, "a", 0);
        report(0, "b", 0);
        assertEquals(1, policy.getWorkers(0));
        clock.addAndGet(20_000);
        report(0, "a", 0);
        assertEquals(1, policy.getWorkers(0));
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
    void inconsistentThresholdsAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> ScalingPolicy.queueBased().downThreshold(2).upThreshold(1).build());
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
