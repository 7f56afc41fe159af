package io.xtremehub.nexus.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Issue item 10: PUT and GET throughput of 1, 10 and 100 MiB objects at 1, 4 and 16 parallel
 * clients for S3Proxy alone and Nexus with the no-op, gzip and zstd streamlets, all on the same kind
 * of filesystem backend and all in one run. Every target is up at once; each cell is split into
 * repetitions, and in each repetition every target runs the same batch back to back (rotating
 * order), so a repetition compares targets under the same background load. Reported: the median
 * throughput over repetitions and the median of the per-repetition ratios to S3Proxy alone. Then the compression ratio and the latency of 1 MiB ranged GETs inside a 100 MiB
 * object, compressed versus plain. Writes {@code <name>-throughput.csv} (every repetition),
 * {@code <name>-summary.csv}, {@code <name>-range.csv}, {@code <name>-throughput.png} and
 * {@code <name>-tables.md} into the output directory. Not a test; run {@code scripts/bench-nexus.sh}.
 *
 * <p>Arguments ({@code key=value}, all optional): {@code out} (results directory), {@code work}
 * (scratch directory for the backends), {@code sizes} (MiB, default 1,10,100), {@code clients}
 * (default 1,4,16), {@code cellMiB} (about how much each cell writes per target, default 512),
 * {@code reps} (repetitions per cell, default 10; at least 2, fewer when one batch of {@code clients}
 * objects already exceeds {@code cellMiB / reps}), {@code minReps} (default 3), {@code name} (file
 * prefix, default nexus), {@code replot} (raw CSVs of earlier runs, comma-separated: only redo
 * summary, plot and table, pooling the repetitions of all), {@code targets} (default
 * s3proxy,nexus-noop,nexus-gzip,nexus-zstd,nexus-aes-gcm), {@code rangeSamples} (default 200),
 * {@code rangeOnly} (true: only the ranged-GET latency, every target interleaved sample by sample).
 */
public final class NexusBenchmark {
    private static final String BASELINE = "s3proxy";
    private static final int MIB = 1 << 20;

    private NexusBenchmark() {
    }

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Map<String, String> opt = parse(args);
        Path out = Files.createDirectories(Path.of(opt.getOrDefault("out", "benchmarks/results")));
        Path work = opt.containsKey("work") ? Path.of(opt.get("work")) : Files.createTempDirectory("nexus-bench");
        int[] sizes = ints(opt.getOrDefault("sizes", "1,10,100"));
        int[] clients = ints(opt.getOrDefault("clients", "1,4,16"));
        long cellBytes = Long.parseLong(opt.getOrDefault("cellMiB", "512")) * MIB;
        int reps = Integer.parseInt(opt.getOrDefault("reps", "10"));
        int minReps = Integer.parseInt(opt.getOrDefault("minReps", "3"));
        String prefix = opt.getOrDefault("name", "nexus");
        int rangeSamples = Integer.parseInt(opt.getOrDefault("rangeSamples", "200"));
        boolean rangeOnly = Boolean.parseBoolean(opt.getOrDefault("rangeOnly", "false"));
        List<String> targetNames = List.of(opt.getOrDefault("targets",
                "s3proxy,nexus-noop,nexus-gzip,nexus-zstd,nexus-aes-gcm").split(","));
        if (targetNames.stream().distinct().count() != targetNames.size()) {
            throw new IllegalArgumentException("targets must differ: " + targetNames);
        }
        if (!targetNames.get(0).equals(BASELINE)) {
            throw new IllegalArgumentException("the first target must be the baseline " + BASELINE);
        }
        if (opt.containsKey("replot")) { // summary, plot and tables again from earlier runs' raw CSVs, pooled
            List<String[]> raw = new ArrayList<>();
            String[] files = opt.get("replot").split(",");
            for (int f = 0; f < files.length; f++) {
                String run = f + "-"; // repetitions pair up within their own run only
                Files.readAllLines(Path.of(files[f])).stream().skip(1).map(l -> l.split(",")).forEach(r -> {
                    r[0] = run + r[0];
                    raw.add(r);
                });
            }
            Summary summary = Summary.of(raw, targetNames, sizes, clients);
            summary.write(out.resolve(prefix + "-summary.csv"));
            summary.plot(out.resolve(prefix + "-throughput.png"));
            System.out.println(summary.markdown());
            return;
        }
        int maxSize = Arrays.stream(sizes).max().orElseThrow() * MIB;
        byte[] payload = SyntheticLogs.generate(Math.max(maxSize, 100 * MIB), 1);
        String loadBefore = loadAverage();
        log("payload %d MiB, %d cores, Java %s, started %s, load average %s", payload.length / MIB,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), Instant.now(),
                loadBefore);

        List<BenchTarget> targets = new ArrayList<>();
        try {
            for (String name : targetNames) {
                targets.add(BenchTarget.start(name, Files.createDirectories(work.resolve(name))));
            }
            String throughputTables = "";
            if (!rangeOnly) {
                for (BenchTarget t : targets) {
                    PairedCells.warmUp(t, payload, PairedCells.WARM_UP_REQUESTS);
                }
                List<String[]> raw = PairedCells.run(targets, payload, sizes, clients, cellBytes, reps, minReps);
                writeCsv(out.resolve(prefix + "-throughput.csv"),
                        "rep,target,object_mib,clients,ops,put_mib_s,get_mib_s,put_cpu_ms_per_mib,get_cpu_ms_per_mib", raw);
                Summary summary = Summary.of(raw, targetNames, sizes, clients);
                summary.write(out.resolve(prefix + "-summary.csv"));
                summary.plot(out.resolve(prefix + "-throughput.png"));
                throughputTables = summary.markdown() + "\n";
            }

            byte[] big = Arrays.copyOf(payload, 100 * MIB);
            List<String[]> ranges = new ArrayList<>();
            for (Map.Entry<String, RangeLatency.Result> e : RangeLatency.measure(targets, big, rangeSamples).entrySet()) {
                RangeLatency.Result r = e.getValue();
                ranges.add(new String[] {e.getKey(), Long.toString(r.storedBytes()),
                    String.format("%.2f", (double) big.length / r.storedBytes()), fmt(r.medianMs()), fmt(r.p95Ms()),
                    fmt2(r.medianRatio())});
                log("range %-13s stored %d bytes (ratio %.2f)  1 MiB range GET median %.2f ms, p95 %.2f ms, "
                        + "%.2fx %s", e.getKey(), r.storedBytes(), (double) big.length / r.storedBytes(), r.medianMs(),
                        r.p95Ms(), r.medianRatio(), BASELINE);
            }
            writeCsv(out.resolve(prefix + "-range.csv"), "target,stored_bytes_of_100mib,compression_ratio,"
                    + "range_1mib_median_ms,range_1mib_p95_ms,median_ratio_to_" + BASELINE, ranges);
            String tables = throughputTables + rangeMarkdown(ranges) + "\nLoad average (1/5/15 min) at start "
                    + loadBefore + ", at end " + loadAverage() + "; " + Runtime.getRuntime().availableProcessors()
                    + " cores.\n";
            Files.writeString(out.resolve(prefix + "-tables.md"), tables);
            System.out.println(tables);
        } finally {
            for (BenchTarget t : targets) {
                t.close();
            }
            deleteTree(work);
        }
        log("finished %s; results in %s", Instant.now(), out.toAbsolutePath());
    }

    /** The machine's load average, which says how much other work competed with the run. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " / " + f[1] + " / " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String rangeMarkdown(List<String[]> ranges) {
        StringBuilder sb = new StringBuilder("| target | stored bytes of 100 MiB | compression ratio "
                + "| 1 MiB range GET median (ms) | p95 (ms) | median ratio to " + BASELINE + " (paired) |\n"
                + "|---|---:|---:|---:|---:|---:|\n");
        for (String[] r : ranges) {
            sb.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        return sb.toString();
    }

    static String fmt(double v) {
        return String.format("%.1f", v);
    }

    static String fmt2(double v) {
        return String.format("%.2f", v);
    }

    static void writeCsv(Path file, String header, List<String[]> rows) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            w.println(header);
            rows.forEach(r -> w.println(String.join(",", r)));
        }
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> opt = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument '" + a + "' is not key=value");
            }
            opt.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return opt;
    }

    static int[] ints(String csv) {
        return Arrays.stream(csv.split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
    }

    private static void log(String format, Object... args) {
        System.out.printf(format + "%n", args);
        System.out.flush();
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
