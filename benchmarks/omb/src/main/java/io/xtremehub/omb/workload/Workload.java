package io.xtremehub.omb.workload;

import java.time.Duration;

/**
 * One OpenMessaging Benchmark workload: the fields and defaults of OMB's workload YAML.
 * Durations are minutes as in OMB; fractions of a minute are accepted for short runs.
 * A {@code producerRate} of 0 asks the runner to discover the maximum sustainable rate.
 */
public record Workload(
        String name,
        int topics,
        int partitionsPerTopic,
        KeyDistributor keyDistributor,
        int messageSize,
        boolean useRandomizedPayloads,
        double randomBytesRatio,
        int randomizedPayloadPoolSize,
        String payloadFile,
        int subscriptionsPerTopic,
        int producersPerTopic,
        int consumerPerSubscription,
        int producerRate,
        long consumerBacklogSizeGB,
        double backlogDrainRatio,
        double testDurationMinutes,
        double warmupDurationMinutes) {

    /** Whether the runner must search for the highest rate the system sustains. */
    public boolean maxRate() {
        return producerRate <= 0;
    }

    /** Whether consumers hold off until a backlog of {@link #consumerBacklogSizeGB} is built. */
    public boolean buildsBacklog() {
        return consumerBacklogSizeGB > 0;
    }

    public Duration testDuration() {
        return minutes(testDurationMinutes);
    }

    public Duration warmupDuration() {
        return minutes(warmupDurationMinutes);
    }

    /** A copy with other durations, for short runs of a published workload. */
    public Workload withDurations(double testMinutes, double warmupMinutes) {
        return new Workload(name, topics, partitionsPerTopic, keyDistributor, messageSize, useRandomizedPayloads,
                randomBytesRatio, randomizedPayloadPoolSize, payloadFile, subscriptionsPerTopic, producersPerTopic,
                consumerPerSubscription, producerRate, consumerBacklogSizeGB, backlogDrainRatio, testMinutes,
                warmupMinutes);
    }

    private static Duration minutes(double m) {
        return Duration.ofMillis(Math.round(m * 60_000));
    }
}
