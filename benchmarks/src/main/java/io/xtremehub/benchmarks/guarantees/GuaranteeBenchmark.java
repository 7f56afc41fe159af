package io.xtremehub.benchmarks.guarantees;

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
import java.util.List;
import java.util.Locale;

/**
 * Exactly-once against at-least-once on the same FaaStream job in the same run: a stateful running
 * sum on a fixed number of thread workers, each guarantee in turn in every round (so a load spike on
 * the shared machine lands on both), measuring time-to-process at a fixed rate and the throughput of
 * a burst, and checking the output of every turn.
 *
 * <pre>
 * GuaranteeBenchmark [--quick] [--rounds 3] [--workers 2] [--rate 200] [--seconds 20] [--burst 50000]
 *   [--window-ms 2000] [--out benchmarks/results] [--name guarantees]
 * </pre>
 */
public final class GuaranteeBenchmark {
    private GuaranteeBenchmark() {
    }

    public static void main(String[] args) {
        GuaranteeOptions o;
        try {
            o = GuaranteeOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("guarantee benchmark: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            run(o, String.join(" ", args));
            System.exit(0);
        } catch (Throwable e) {
            // the embedded ZooKeeper would send an escaping exception to its log file only
            System.err.println("guarantee benchmark failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(GuaranteeOptions o, String args) throws Exception {
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String loadBefore = LoadAverage.all();
        GuaranteeReport report = new GuaranteeReport();
        Path data = Files.createTempDirectory("guarantee-bench");
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(data.resolve("cluster")));
             PravegaClients pravega = new PravegaClients(cluster.controllerUri(), StandaloneCluster.DEFAULT_SCOPE);
             Manager manager = Manager.builder().controllerUri(cluster.controllerUri())
                     .objectStore(ObjectStoreConfig.of(cluster.s3Endpoint(), cluster.config().ltsRegion(),
                             cluster.config().ltsAccessKey(), cluster.config().ltsSecretKey()))
                     .platform(new ThreadPlatform()).build()) {
            GuaranteeRound turn = new GuaranteeRound(manager, pravega, o);
            for (int round = 1; round <= o.rounds(); round++) {
                // alternate which goes first, so neither always runs on the warmer cluster
                List<Guarantee> order = round % 2 == 1 ? List.of(Guarantee.AT_LEAST_ONCE, Guarantee.EXACTLY_ONCE)
                        : List.of(Guarantee.EXACTLY_ONCE, Guarantee.AT_LEAST_ONCE);
                for (Guarantee g : order) {
                    System.out.printf(Locale.ROOT, "round %d, %s (load %s)%n", round, g.label(), LoadAverage.all());
                    RoundResult r = turn.run(round, g);
                    System.out.printf(Locale.ROOT, "  %d events, %d missing, %d duplicates; p50 %.0f / p95 %.0f ms; "
                            + "burst %.0f events/s%n", r.events(), r.missing(), r.duplicates(), r.p50Millis(),
                            r.p95Millis(), r.throughput());
                    report.add(r);
                    report.write(o.out(), o.name(), heading(o), context(o, args, started, loadBefore, null));
                }
            }
        }
        List<Path> files = report.write(o.out(), o.name(), heading(o),
                context(o, args, started, loadBefore, LoadAverage.all()));
        RunEnd.report(report.csv(), files, report.rounds().stream().anyMatch(r -> !r.correct()),
                "an output check failed", o.out().resolve(o.name() + ".md"));
    }

    private static String heading(GuaranteeOptions o) {
        return "FaaStream exactly-once against at-least-once" + (o.quick() ? " (quick run)" : "");
    }

    private static String context(GuaranteeOptions o, String args, String started, String loadBefore,
                                  String loadAfter) {
        return String.format(Locale.ROOT, "Started %s on %d cores; load averages (1, 5, 15 min) %s at the start, %s at "
                        + "the end. **The machine is shared with other engineers' builds and benchmarks: these figures "
                        + "come from a loaded machine**; read the ratio, not the absolute numbers.%n%n"
                        + "Command: `scripts/bench-guarantees.sh%s`%n%n"
                        + "The same job under both guarantees: a running sum kept in `@State`, %d thread workers "
                        + "(`ScalingPolicy.fixed`), a source stream of %d segments, 256-byte events. Rounds: %d; each "
                        + "runs both guarantees in turn on fresh streams (the order alternates): %d s at %d events/s "
                        + "(time-to-process: from the moment an event was due to its arrival at a reader of the sink), "
                        + "then a burst of %d events written as fast as the writer goes (throughput: burst events over "
                        + "the time from its first write to its last arrival). Exactly-once commits every %d ms "
                        + "(`transactionWindow`): its results become visible only at a commit, which bounds its "
                        + "latency from below.",
                started, Runtime.getRuntime().availableProcessors(), loadBefore,
                loadAfter == null ? "(run not finished)" : loadAfter, args.isBlank() ? "" : " " + args, o.workers(),
                2 * o.workers(), o.rounds(), o.seconds(), o.rate(), o.burst(), o.window().toMillis());
    }
}
