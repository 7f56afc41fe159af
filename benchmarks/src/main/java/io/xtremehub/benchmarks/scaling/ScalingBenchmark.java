package io.xtremehub.benchmarks.scaling;

import io.xtremehub.benchmarks.LoadAverage;

import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.benchmarks.RunEnd;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Coordinated scaling against static provisioning, driven by a time-varying load: a per-minute
 * trace replayed faster than real time (or a sine), for a CPU-bound and an IO-bound FaaStream job,
 * each under three setups one after the other on one embedded cluster (thread workers): the
 * coordinated policy, the maximum workers all the time, and the maximum workers on an input fixed at
 * 10 segments. Every event is numbered and checked at the sink: a run that loses one says so.
 *
 * <pre>
 * ScalingBenchmark [--quick] [--load trace|sine] [--trace FILE] [--seconds S] [--jobs cpu,io]
 *   [--setups coordinated,static-max,fixed-10] [--max-workers 32] [--cool-down S] [--drain S]
 *   [--queue N] [--io-millis 20] [--io-peak R] [--cpu-rounds 4000] [--cpu-peak 200]
 *   [--out benchmarks/results] [--name scaling]
 * </pre>
 */
public final class ScalingBenchmark {
    private ScalingBenchmark() {
    }

    public static void main(String[] args) {
        ScalingOptions o;
        Map<Workload, RateShape> loads = new LinkedHashMap<>();
        try {
            o = ScalingOptions.parse(args);
            // a bad trace is reported before the cluster starts
            for (Workload w : o.workloads()) {
                loads.put(w, o.shape(w.peak()));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("scaling benchmark: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            run(o, loads, String.join(" ", args));
            System.exit(0);
        } catch (Throwable e) {
            // the embedded ZooKeeper would send an escaping exception to its log file only
            System.err.println("scaling benchmark failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(ScalingOptions o, Map<Workload, RateShape> loads, String args) throws Exception {
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String loadBefore = LoadAverage.all();
        Map<String, Double> costs = new LinkedHashMap<>();
        for (Workload w : loads.keySet()) {
            w.medianMillisPerEvent(200); // warm-up
            costs.put(w.name(), w.medianMillisPerEvent(w.name().equals("io") ? 20 : 500));
            System.out.printf(Locale.ROOT, "%s job: %.2f ms per event%n", w.name(), costs.get(w.name()));
        }
        ScalingReport report = new ScalingReport();
        Path data = Files.createTempDirectory("scaling-bench");
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(data.resolve("cluster")));
             PravegaClients pravega = new PravegaClients(cluster.controllerUri(), StandaloneCluster.DEFAULT_SCOPE);
             Manager manager = Manager.builder().controllerUri(cluster.controllerUri())
                     .objectStore(ObjectStoreConfig.of(cluster.s3Endpoint(), cluster.config().ltsRegion(),
                             cluster.config().ltsAccessKey(), cluster.config().ltsSecretKey()))
                     .platform(new ThreadPlatform()).build()) {
            ScalingRun runner = new ScalingRun(manager, pravega, o);
            for (Map.Entry<Workload, RateShape> e : loads.entrySet()) {
                for (Setup setup : o.setups()) {
                    System.out.printf(Locale.ROOT, "%s job, %s: %s (load %s)%n", e.getKey().name(), setup.label(),
                            e.getValue().describe(), LoadAverage.all());
                    RunResult r = runner.run(e.getKey(), setup, e.getValue());
                    System.out.printf(Locale.ROOT, "  %d/%d events processed, %d duplicates, peak %.0f/s, p95 %.0f ms, "
                                    + "%.0f worker-seconds, max %d workers / %d segments%n", r.processed(), r.written(),
                            r.duplicates(), r.peakThroughput(), r.p95Millis(), r.workerSeconds(), r.maxWorkers(),
                            r.maxSegments());
                    report.add(r);
                    // the files are rewritten after every run, so a failure later keeps what was measured
                    report.write(o.out(), o.name(), heading(o), context(o, loads, costs, args, started, loadBefore, null));
                }
            }
        }
        List<Path> files = report.write(o.out(), o.name(), heading(o),
                context(o, loads, costs, args, started, loadBefore, LoadAverage.all()));
        RunEnd.report(report.summaryCsv(), files, report.runs().stream().anyMatch(r -> !r.complete()),
                "some events never reached the sink", o.out().resolve(o.name() + ".md"));
    }

    private static String heading(ScalingOptions o) {
        return "FaaStream coordinated scaling against static provisioning" + (o.quick() ? " (quick run)" : "");
    }

    private static String context(ScalingOptions o, Map<Workload, RateShape> loads, Map<String, Double> costs,
                                  String args, String started,
                                  String loadBefore, String loadAfter) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Started %s on %d cores; load averages (1, 5, 15 min) %s at the start, %s at "
                        + "the end. **The machine is shared with other engineers' builds and benchmarks: these figures "
                        + "come from a loaded machine**; compare setups within a job, not with other runs.%n%n",
                started, Runtime.getRuntime().availableProcessors(), loadBefore,
                loadAfter == null ? "(run not finished)" : loadAfter));
        b.append("Command: `scripts/bench-scaling.sh").append(args.isBlank() ? "" : " " + args).append("`\n\n");
        for (Map.Entry<Workload, RateShape> e : loads.entrySet()) {
            b.append("- **").append(e.getKey().name()).append("**: ").append(e.getKey().describe())
                    .append(String.format(Locale.ROOT, " (median %.2f ms per event in this JVM at the start)",
                            costs.getOrDefault(e.getKey().name(), Double.NaN)))
                    .append("; load: ").append(e.getValue().describe()).append('\n');
        }
        b.append(String.format(Locale.ROOT, "%nSetups, each on a fresh source stream, one after the other on one embedded "
                        + "cluster, workers as threads of one JVM: **coordinated** = `CoordinatedScalingPolicy` with the "
                        + "reference's thresholds (0.40 / 1.95 queued events per worker, x2-3 up, one down, 3-4 segments "
                        + "per worker, 1-%d workers), its 20 s decision interval shortened to %.1f s because the load is "
                        + "time-compressed, the source stream rescaled with the workers; **static-max** = %d workers and "
                        + "%d segments all the time; **fixed-10** = %d workers on a source fixed at 10 segments (a "
                        + "10-partition Kafka topic: at most 10 read). Worker queue capacity %d.%n%n",
                o.maxWorkers(), o.coolDown().toMillis() / 1000.0, o.maxWorkers(), Setup.STATIC_MAX.sourceSegments(o.maxWorkers()),
                o.maxWorkers(), o.queueCapacity()));
        b.append("Time-to-process: from the moment an event was due (the generator writes on schedule) to its first "
                + "arrival at a reader of the sink stream. Peak: the highest 10-second mean of events arriving per "
                + "second. Worker-seconds: live workers summed over the seconds from the start of the load until the "
                + "last event arrived (or the load ended, if later). Every event carries a sequence number; \"all "
                + "processed once\" means every one reached the sink and none twice.\n\n");
        b.append("Reference (FaaStream paper, coordinated auto-scaling experiment, 3-day operating-room trace on AWS "
                + "Lambda): with a 10-partition Kafka topic the CPU-bound job reaches about 40% lower throughput at "
                + "the peaks than FaaStream; the IO-bound job about 2x higher throughput with FaaStream and orders of "
                + "magnitude lower time-to-process; FaaStream's scaling costs about 3 s at p95 over static "
                + "provisioning (cold starts). Here all workers share this machine's cores: a CPU-bound job cannot run "
                + "faster than the cores allow, whatever the segments.");
        return b.toString();
    }
}
