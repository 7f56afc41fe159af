package io.xtremehub.benchmarks.scaling;

import java.util.List;

/**
 * One setup's run of one job.
 *
 * @param job            workload name
 * @param setup          how the job was provisioned
 * @param written        events the generator wrote
 * @param processed      distinct events that reached the sink
 * @param duplicates     events that reached the sink more than once
 * @param loadSeconds    length of the load
 * @param doneSeconds    from the start to the last event's arrival (NaN if none arrived)
 * @param p50Millis      median time from an event's due time to its arrival at the sink
 * @param p95Millis      95th percentile of the same
 * @param p99Millis      99th percentile of the same
 * @param peakThroughput highest 10-second mean of events arriving per second
 * @param workerSeconds  live workers summed over the seconds until the last event arrived
 * @param maxWorkers     most live workers seen
 * @param maxSegments    most input segments seen
 * @param loadBefore     1-minute load average when the run started
 * @param loadAfter      1-minute load average when it ended
 * @param targetRate     events per second due in each second
 * @param arrivals       events first arriving in each second
 * @param timeline       the job's state in each second
 */
record RunResult(String job, Setup setup, long written, long processed, long duplicates, double loadSeconds,
                 double doneSeconds, double p50Millis, double p95Millis, double p99Millis, double peakThroughput,
                 double workerSeconds, int maxWorkers, int maxSegments, double loadBefore, double loadAfter,
                 double[] targetRate, int[] arrivals, List<Timeline.Sample> timeline) {

    boolean complete() {
        return processed == written;
    }

    /** Events per second from the start until the last one arrived. */
    double meanThroughput() {
        return processed / doneSeconds;
    }

    /** Highest mean of {@code perSecond} over any {@code window} consecutive seconds (all of them if fewer). */
    static double peakMean(int[] perSecond, int window) {
        int w = Math.max(1, Math.min(window, perSecond.length));
        double best = 0;
        long sum = 0;
        for (int i = 0; i < perSecond.length; i++) {
            sum += perSecond[i];
            if (i >= w) {
                sum -= perSecond[i - w];
            }
            if (i >= w - 1) {
                best = Math.max(best, (double) sum / w);
            }
        }
        return best;
    }

    /** Live workers summed over whole seconds sampled before {@code untilSecond}. */
    static double workerSeconds(List<Timeline.Sample> samples, double untilSecond) {
        return samples.stream().filter(s -> s.second() < untilSecond).mapToLong(Timeline.Sample::workers).sum();
    }
}
