package io.xtremehub.omb.runner;

/**
 * Finds the highest rate a system sustains, as OMB does when a workload's {@code producerRate} is 0:
 * raise the target while producers reach it and consumers keep up; when the backlog grows, fall back
 * just below what consumers managed. Producers that fall short are held back by the system itself
 * (its in-flight window), so the target stays, capped at twice what they reached so that it does not
 * run away from them.
 */
final class MaxRateSearch {
    private static final double MIN_RATE = 10;
    private long lastSent;
    private long lastReceived;
    private long lastBacklog;

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
        boolean backlogGrowing = !consumersPaused && subscriptions > 0 && backlog > lastBacklog
                && backlog > target * subscriptions;
        lastSent = totalSent;
        lastReceived = totalReceived;
        lastBacklog = backlog;
        if (backlogGrowing) {
            return Math.max(MIN_RATE, Math.min(published, consumed) * 0.9);
        }
        if (published >= 0.9 * target) {
            return target * 1.2;
        }
        return Math.max(MIN_RATE, Math.min(target, published * 2));
    }
}
