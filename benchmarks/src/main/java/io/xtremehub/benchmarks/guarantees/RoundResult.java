package io.xtremehub.benchmarks.guarantees;

/**
 * One guarantee's turn in one round.
 *
 * @param round          1-based round number
 * @param guarantee      the job's delivery guarantee
 * @param events         events written (paced and burst)
 * @param missing        events that never reached the sink
 * @param duplicates     events that reached the sink more than once
 * @param p50Millis      paced phase: median time from due to arrival at the sink
 * @param p95Millis      paced phase: 95th percentile
 * @param p99Millis      paced phase: 99th percentile
 * @param throughput     burst phase: events per second from the first write to the last arrival
 * @param load           1-minute load average at the end of the turn
 */
record RoundResult(int round, Guarantee guarantee, long events, long missing, long duplicates, double p50Millis,
                   double p95Millis, double p99Millis, double throughput, double load) {

    /** Exactly-once: every event once; at-least-once: every event, repeats allowed. */
    boolean correct() {
        return missing == 0 && (guarantee == Guarantee.AT_LEAST_ONCE || duplicates == 0);
    }
}
