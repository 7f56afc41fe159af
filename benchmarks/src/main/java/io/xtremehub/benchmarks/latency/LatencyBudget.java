package io.xtremehub.benchmarks.latency;

import io.xtremehub.benchmarks.LoadAverage;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.standalone.internal.ClusterAddress;
import io.xtremehub.standalone.internal.EmbeddedBookies;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The latency budget of a FaaStream hop, layer by layer, in one run on one embedded cluster: the
 * disk's fsync, one thread hand-off and one loopback TCP round trip (what every layer above pays
 * several times), a raw BookKeeper add (to the cluster's bookie, and to two bookies of the budget's own
 * that differ only in the journal's group commit, the same run's before and after), a Pravega append acknowledged, a Pravega append-to-read (one
 * line per reader setting compared), and one FaaStream hop, for 1 KB events at each rate.
 *
 * <pre>
 * LatencyBudget [--out benchmarks/results] [--name latency-budget] [--rates 1,100,1000]
 *               [--seconds 20] [--slow-events 30] [--rounds 3] [--hop-readers 1000/0,200/0,100/0,20/1000,20/0]
 * </pre>
 * {@code --hop-readers} lists reader settings as {@code timeoutMillis/checkpointMillis[/wake]} ({@code wake}: the
 * reader's client factory has {@code ReaderWakeUp}; checkpoint interval 0: no
 * automatic checkpoints), each measured as its own append-to-read line; the last is also the
 * FaaStream sink's reader. Each rate runs {@code --seconds} of events per line (at 1 event/s
 * {@code --slow-events}), split into {@code --rounds} turns of all layers.
 */
public final class LatencyBudget {
    private LatencyBudget() {
    }

    public static void main(String[] args) throws Exception {
        BudgetOptions o;
        try {
            o = BudgetOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("latency budget: " + e.getMessage());
            System.exit(2);
            return;
        }
        // the machine is shared: the load around the run says how far its figures can be trusted
        double loadBefore = LoadAverage.oneMinute();
        BudgetReport report;
        Path data = Files.createTempDirectory("latency-budget");
        try {
            report = run(data, o);
        } catch (Exception e) {
            // the embedded ZooKeeper's handler would send an escaping exception to the log file only
            System.err.println("latency budget failed: " + e.getMessage() + " (cluster data kept in " + data + ")");
            e.printStackTrace();
            System.exit(1);
            return;
        }
        deleteTree(data);
        double loadAfter = LoadAverage.oneMinute();
        report.write(o.out(), o.name(), String.format(Locale.ROOT,
                "Latency budget of a FaaStream hop, %s (%d cores, load average %.1f before, %.1f after)",
                Instant.now(), Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter));
        System.out.println(report.csv());
        System.exit(0);
    }

    static BudgetReport run(Path data, BudgetOptions o) throws Exception {
        List<ReaderSetting> hopReaders = o.hopReaders();
        int rounds = o.rounds();
        Path clusterDir = data.resolve("cluster");
        BudgetReport report = new BudgetReport();
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(clusterDir));
             PravegaClients pravega = new PravegaClients(cluster.controllerUri(), StandaloneCluster.DEFAULT_SCOPE);
             Manager manager = Manager.builder().controllerUri(cluster.controllerUri())
                     .objectStore(ObjectStoreConfig.of(cluster.s3Endpoint(), cluster.config().ltsRegion(),
                             cluster.config().ltsAccessKey(), cluster.config().ltsSecretKey()))
                     .platform(new ThreadPlatform()).build()) {
            List<LatencyLayer> layers = new ArrayList<>();
            List<BaselineBookie> ownBookies = new ArrayList<>();
            try {
                layers.add(new FsyncLayer(clusterDir.resolve("bookkeeper/bookie-0/journal")));
                layers.add(new ThreadHandOffLayer());
                layers.add(new LoopbackRoundTripLayer());
                layers.add(new BookKeeperAddLayer("zk://127.0.0.1:" + zkPort(clusterDir) + EmbeddedBookies.LEDGERS_PATH));
                for (boolean flushWhenEmpty : new boolean[] {true, false}) {
                    BaselineBookie b = BaselineBookie.start(data.resolve("budget-bookies"), zkPort(clusterDir),
                            ClusterAddress.of(cluster.config()), flushWhenEmpty);
                    ownBookies.add(b);
                    layers.add(new BookKeeperAddLayer(b.metadataServiceUri(), b.line()));
                }
                layers.add(new PravegaAppendLayer(pravega));
                for (ReaderSetting setting : hopReaders) {
                    layers.add(new PravegaHopLayer(pravega, setting));
                }
                layers.add(new FaaStreamHopLayer(pravega, manager, hopReaders.get(hopReaders.size() - 1)));
                for (LatencyLayer layer : layers) {
                    layer.measure(100, 200); // connections, JIT, the pipeline's workers: not part of the budget
                }
                for (int rate : o.rates()) {
                    int events = rate <= 1 ? o.slowEvents() : rate * o.seconds();
                    // layers take turns in short rounds, so a load spike on the shared machine spreads
                    // over all lines of a rate instead of landing on one
                    Map<String, List<double[]>> lines = new LinkedHashMap<>();
                    for (int round = 0; round < rounds; round++) {
                        for (LatencyLayer layer : layers) {
                            int share = events / rounds + (round < events % rounds ? 1 : 0);
                            layer.measure(rate, share).forEach((line, millis) ->
                                    lines.computeIfAbsent(line, k -> new ArrayList<>()).add(millis));
                        }
                    }
                    lines.forEach((line, parts) -> {
                        BudgetRow row = new BudgetRow(line, rate, LatencySummary.of(concat(parts)));
                        report.add(row);
                        LatencySummary l = row.latency();
                        System.out.printf(Locale.ROOT, "BUDGET %5d ev/s  %-72s p50 %8.2f p95 %8.2f p99 %8.2f max %8.2f ms%n",
                                rate, row.layer(), l.p50(), l.p95(), l.p99(), l.max());
                    });
                }
            } finally {
                for (LatencyLayer layer : layers) {
                    layer.close();
                }
                for (BaselineBookie b : ownBookies) {
                    b.close();
                }
            }
        }
        return report;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static double[] concat(List<double[]> parts) {
        return parts.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    // The cluster picked its ports and remembered them in its data directory.
    private static int zkPort(Path clusterDir) throws Exception {
        Properties ports = new Properties();
        try (InputStream in = Files.newInputStream(clusterDir.resolve("ports.properties"))) {
            ports.load(in);
        }
        return Integer.parseInt(ports.getProperty("zk"));
    }
}
