package io.xtremehub.omb.runner;

/**
 * Finds the highest rate a system sustains, as OMB does when a workload's {@code producerRate} is 0:
 * raise the target while producers reach it and consumers keep up; when the backlog grows while
 * consumers read, fall back towards just below what they managed (at most halving per step). Producers that fall short are held back by the system itself
 * (its in-flight window), so the target stays, capped at twice what they reached so that it does not
 * run away from them. Nothing takes the target below half the best rate the system has sustained
 * (producers at the target, no growing backlog): without that floor a stall of a few seconds (a GC
 * pause, a segment store throttling) halved the target every second, down to 12 msg/s in a 10 KB
 * run, and the 1.2x steps needed the rest of the test to climb back. A system that cannot keep up
 * with that floor shows it as a growing backlog in the result.
 */
final class MaxRateSearch {
    private static final double MIN_RATE = 10;
    private long lastSent;
    private long lastReceived;
    private long lastBacklog;
    private double sustained;

    /** The initial target: 10,000 messages per second or 10 MB/s, whichever is fewer messages. */
    static double initialRate(int messageSize) {
        return Math.max(1, Math.min(10_000, 10.0 * 1024 * 1024 / messageSize));
    }

    /** The next target after {@code seconds} at {@code target}; consumers paused do not count. */
    double next(double target, long totalSent, long totalReceived, int subscriptions, boolean consumersPaused,
            double seconds) {
        double published = (totalSent - lastSent) / seconds;
        double consumed = subscriptions == 0 ? published : (totalReceived - lastReceived) / seconds / subscriptions;
        long backlog = subscriptions * totalSent - totalReceived;
        // consumers that read nothing yet are still joining (a Kafka group rebalance): no signal
        boolean backlogGrowing = !consumersPaused && subscriptions > 0 && consumed > 0 && backlog > lastBacklog
                && backlog > target * subscriptions;
        lastSent = totalSent;
        lastReceived = totalReceived;
        lastBacklog = backlog;
        if (backlogGrowing) {
            // at most halve per step: consumers that are still warming up must not collapse the search
            return Math.max(MIN_RATE, Math.max(sustained / 2,
                    Math.max(target / 2, Math.min(published, consumed) * 0.9)));
        }
        if (published >= 0.9 * target) {
            sustained = Math.max(sustained, published);
            return Math.max(target * 1.2, sustained / 2);
        }
        return Math.max(MIN_RATE, Math.min(target, Math.max(published * 2, sustained / 2)));
    }
}
