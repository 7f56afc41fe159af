package io.xtremehub.benchmarks.scaling;

import io.xtremehub.benchmarks.LoadAverage;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.benchmarks.probe.Percentiles;
import io.xtremehub.benchmarks.probe.ProbeEvent;
import io.xtremehub.benchmarks.probe.ProbeSink;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.StageMetrics;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * One job under one setup: fresh source and sink streams, the job started and given time to get its
 * workers reading, the load written on schedule, then waiting until every event has come out of the
 * sink (or the drain time is up, which the result reports as missing events).
 */
final class ScalingRun {
    private final Manager manager;
    private final PravegaClients pravega;
    private final ScalingOptions options;

    ScalingRun(Manager manager, PravegaClients pravega, ScalingOptions options) {
        this.manager = manager;
        this.pravega = pravega;
        this.options = options;
    }

    RunResult run(Workload work, Setup setup, RateShape shape) throws Exception {
        int max = options.maxWorkers();
        String in = pravega.stream("scale-in-" + work.name(), setup.sourceSegments(max));
        String out = pravega.stream("scale-out-" + work.name(), 4);
        Pipeline<byte[]> pipeline = Pipeline.fromStream(in, Serializers.bytes())
                .map(work.function(), Serializers.bytes()).named(work.name())
                .parallelism(setup.initialWorkers(max))
                .writeToStream(out);
        double loadBefore = LoadAverage.oneMinute();
        Job job = manager.execute(pipeline, setup.options(max, options.coolDown(), options.queueCapacity()));
        try {
            awaitWorkers(job, setup.initialWorkers(max));
            long[] due = EventSchedule.of(shape);
            long start = System.nanoTime();
            try (ProbeSink sink = new ProbeSink(pravega.reader(out), start);
                 Timeline timeline = new Timeline(job, start, setup.sourceSegments(max));
                 EventStreamWriter<byte[]> writer = pravega.writer(in)) {
                write(writer, due, start, work.eventBytes());
                boolean all = sink.awaitAll(due.length, options.drain());
                if (!all) {
                    System.out.printf(Locale.ROOT, "%s %s: %d of %d events still missing after %d s of draining%n",
                            work.name(), setup.label(), due.length - sink.arrivedCount(due.length), due.length,
                            options.drain().toSeconds());
                }
                // a moment for duplicates that trail the last first arrival
                Thread.sleep(1_000);
                return result(work, setup, shape, due.length, sink, timeline.samples(), loadBefore);
            }
        } finally {
            job.cancel();
        }
    }

    private static void write(EventStreamWriter<byte[]> writer, long[] due, long start, int eventBytes) {
        for (int i = 0; i < due.length; i++) {
            long at = start + due[i];
            for (long wait = at - System.nanoTime(); wait > 0; wait = at - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            writer.writeEvent(ProbeEvent.encode(i, due[i], eventBytes));
        }
        writer.flush();
    }

    /** Workers of a fresh job take seconds to start and join the reader group: the load waits for them. */
    private static void awaitWorkers(Job job, int workers) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (Timeline.stageOf(job.status()).map(StageMetrics::workers).orElse(0) < workers) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the job's " + workers + " workers did not all start within 3 minutes"
                        + " (status: " + job.status() + ")");
            }
            if (job.status().state().terminal()) {
                throw new IllegalStateException("the job ended before its load: " + job.status());
            }
            Thread.sleep(200);
        }
        // joining readers take their share of the segments over the next moments
        Thread.sleep(3_000);
    }

    private RunResult result(Workload work, Setup setup, RateShape shape, long written, ProbeSink sink,
                             List<Timeline.Sample> samples, double loadBefore) {
        double[] lat = sink.latencies();
        int[] arrivals = sink.perSecond();
        double done = sink.lastArrivalSeconds();
        double[] target = new double[(int) Math.ceil(shape.seconds())];
        for (int s = 0; s < target.length; s++) {
            target[s] = shape.rateAt(s + 0.5);
        }
        double until = Double.isNaN(done) ? samples.size() : Math.max(done, shape.seconds());
        return new RunResult(work.name(), setup, written, sink.unique(), sink.duplicates(), shape.seconds(), done,
                Percentiles.of(lat, 50), Percentiles.of(lat, 95), Percentiles.of(lat, 99),
                RunResult.peakMean(arrivals, 10), RunResult.workerSeconds(samples, until),
                samples.stream().mapToInt(Timeline.Sample::workers).max().orElse(0),
                samples.stream().mapToInt(Timeline.Sample::segments).max().orElse(0),
                loadBefore, LoadAverage.oneMinute(), target, arrivals, samples);
    }
}
