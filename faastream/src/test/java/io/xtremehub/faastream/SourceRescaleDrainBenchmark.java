package io.xtremehub.faastream;

import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long a job takes to read everything after a large rescale of its source, with and without the
 * time bound on its workers' read-ahead ({@code faastream.readAheadMillis}: 0 is the queue's whole
 * 1,024 events, as before; 500 the default): {@link BacklogRescale} on one embedded cluster, the
 * variants alternating trial by trial so that both see the same machine load.
 *
 * <p>Not a test: run it by hand (see README.md, "Sealed segments after a rescale"); it writes
 * {@code source-rescale-drain.csv} into the directory given as first argument.
 */
public final class SourceRescaleDrainBenchmark {
    private static final Duration GIVE_UP = Duration.ofSeconds(150);

    private SourceRescaleDrainBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "benchmarks/results");
        int trials = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Files.createDirectories(out);
        List<String> rows = new ArrayList<>();
        rows.add("variant,trial,all_out_ms,after_down_ms,longest_gap_ms,load_avg");
        try (TestCluster cluster = TestCluster.start();
             Manager manager = Manager.builder().controllerUri(cluster.controllerUri())
                     .objectStore(ObjectStores.of(cluster)).platform(new ThreadPlatform()).build()) {
            for (int t = 1; t <= trials; t++) {
                for (String variant : List.of("before", "after")) {
                    System.setProperty("faastream.readAheadMillis", variant.equals("before") ? "0" : "500");
                    BacklogRescale.Result r = new BacklogRescale(cluster, manager, 4, 800)
                            .run(cluster.newStream("drained", 1), GIVE_UP);
                    String row = String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.1f", variant, t, r.allOutMillis(),
                            r.afterDownMillis(), r.longestGapMillis(), loadAverage());
                    System.out.println(row + (r.unread() == null ? "" : " " + r.unread()));
                    rows.add(row);
                }
            }
        }
        Files.write(out.resolve("source-rescale-drain.csv"), rows);
        System.out.println("wrote " + out.resolve("source-rescale-drain.csv"));
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
