package io.xtremehub.benchmarks.guarantees;

import io.xtremehub.benchmarks.LoadAverage;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.benchmarks.probe.Percentiles;
import io.xtremehub.benchmarks.probe.ProbeEvent;
import io.xtremehub.benchmarks.probe.ProbeSink;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.Serializers;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * One guarantee's turn: the running-sum job on fresh streams, first fed at a fixed rate (latency),
 * then a burst written as fast as the writer goes (throughput: the job's backlog drains at its own
 * pace), then every event checked at the sink.
 */
final class GuaranteeRound {
    private static final int EVENT_BYTES = 256;
    private final Manager manager;
    private final PravegaClients pravega;
    private final GuaranteeOptions options;

    GuaranteeRound(Manager manager, PravegaClients pravega, GuaranteeOptions options) {
        this.manager = manager;
        this.pravega = pravega;
        this.options = options;
    }

    RoundResult run(int round, Guarantee g) throws Exception {
        String in = pravega.stream("g-in", 2 * options.workers());
        String out = pravega.stream("g-out", options.workers());
        Job job = manager.execute(Pipeline.fromStream(in, Serializers.bytes())
                .map(new RunningSum(), Serializers.bytes()).named("running-sum").parallelism(options.workers())
                .writeToStream(out), JobOptions.builder().name("guarantees-" + g.label()).mode(Mode.STREAM)
                .scalingPolicy(ScalingPolicy.fixed(options.workers())).exactlyOnce(g.exactlyOnce())
                .transactionWindow(options.window()).build());
        try {
            awaitWorkers(job);
            int paced = options.rate() * options.seconds();
            long total = paced + (long) options.burst();
            long start = System.nanoTime();
            try (ProbeSink sink = new ProbeSink(pravega.reader(out), start);
                 EventStreamWriter<byte[]> writer = pravega.writer(in)) {
                long period = 1_000_000_000L / options.rate();
                for (int i = 0; i < paced; i++) {
                    long due = i * period;
                    for (long wait = start + due - System.nanoTime(); wait > 0; wait = start + due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    writer.writeEvent(ProbeEvent.encode(i, due, EVENT_BYTES));
                }
                writer.flush();
                Duration drain = Duration.ofSeconds(120);
                require(sink.awaitAll(paced, drain), g, "paced", paced, sink);
                long burstStart = System.nanoTime();
                for (long i = paced; i < total; i++) {
                    writer.writeEvent(ProbeEvent.encode(i, burstStart - start, EVENT_BYTES));
                }
                writer.flush();
                boolean all = sink.awaitAll(total, drain);
                double burstSeconds = sink.lastArrivalSeconds() - (burstStart - start) / 1e9;
                // results repeated by a retry trail the first copies: give them a moment to show
                Thread.sleep(2_000);
                double[] lat = sink.latencies(0, paced);
                return new RoundResult(round, g, total, total - sink.arrivedCount(total), sink.duplicates(),
                        Percentiles.of(lat, 50), Percentiles.of(lat, 95), Percentiles.of(lat, 99),
                        all ? options.burst() / burstSeconds : Double.NaN,
                        LoadAverage.oneMinute());
            }
        } finally {
            job.cancel();
        }
    }

    private static void require(boolean all, Guarantee g, String phase, long expected, ProbeSink sink) {
        if (!all) {
            throw new IllegalStateException(g.label() + ": " + (expected - sink.arrivedCount(expected)) + " of the "
                    + expected + " " + phase + " events did not reach the sink within 120 s");
        }
    }

    private void awaitWorkers(Job job) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (job.status().stages().isEmpty() || job.status().stages().get(0).workers() < options.workers()) {
            if (System.nanoTime() > deadline || job.status().state().terminal()) {
                throw new IllegalStateException("the job's workers did not start: " + job.status());
            }
            Thread.sleep(200);
        }
        // joining readers take their share of the segments over the next moments
        Thread.sleep(3_000);
    }
}
