package io.xtremehub.benchmarks.scaling;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scaling experiment's command line, checked before anything starts. {@code --quick} changes the
 * defaults (shorter load, shorter cool-down, its own result name); explicit options still win.
 */
record ScalingOptions(Path out, String name, String load, Path trace, double loadSeconds, List<String> jobs,
                      List<Setup> setups, int maxWorkers, Duration coolDown, Duration drain, int queueCapacity,
                      long ioMillis, double ioPeak, int cpuRounds, double cpuPeak, double sineValleyShare,
                      boolean quick) {

    static final Path DEFAULT_TRACE = Path.of("benchmarks/traces/operating-rooms-day.csv");
    private static final Set<String> FLAGS = Set.of("--quick");
    private static final Set<String> VALUED = Set.of("--out", "--name", "--load", "--trace", "--seconds", "--jobs",
            "--setups", "--max-workers", "--cool-down", "--drain", "--queue", "--io-millis", "--io-peak",
            "--cpu-rounds", "--cpu-peak");

    static ScalingOptions parse(String... args) {
        Map<String, String> o = new HashMap<>();
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (FLAGS.contains(a)) {
                quick = true;
            } else if (VALUED.contains(a)) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                o.put(a, args[++i]);
            } else {
                throw new IllegalArgumentException("unknown option " + a + " (options: --quick, "
                        + String.join(", ", VALUED.stream().sorted().toList()) + ")");
            }
        }
        String load = o.getOrDefault("--load", "trace");
        if (!load.equals("trace") && !load.equals("sine")) {
            throw new IllegalArgumentException("--load takes trace or sine, got '" + load + "'");
        }
        List<String> jobs = list(o.getOrDefault("--jobs", "cpu,io"));
        for (String j : jobs) {
            if (!j.equals("cpu") && !j.equals("io")) {
                throw new IllegalArgumentException("--jobs takes cpu and/or io, got '" + j + "'");
            }
        }
        List<Setup> setups = new ArrayList<>();
        for (String s : list(o.getOrDefault("--setups", "coordinated,static-max,fixed-10"))) {
            setups.add(Setup.of(s));
        }
        int maxWorkers = (int) positive(o, "--max-workers", 32);
        long ioMillis = (long) positive(o, "--io-millis", 20);
        // the IO peak needs about 70% of the maximum workers: more than a 10-segment input lets read
        double ioPeak = positive(o, "--io-peak", 0.7 * maxWorkers * 1000.0 / ioMillis);
        Path trace = Path.of(o.getOrDefault("--trace", DEFAULT_TRACE.toString()));
        if (load.equals("trace") && !trace.toFile().isFile()) {
            throw new IllegalArgumentException("trace file " + trace + " does not exist (run from the repository root "
                    + "or pass --trace FILE)");
        }
        return new ScalingOptions(Path.of(o.getOrDefault("--out", "benchmarks/results")),
                o.getOrDefault("--name", quick ? "scaling-quick" : "scaling"), load, trace,
                positive(o, "--seconds", quick ? 60 : 150), jobs, List.copyOf(setups), maxWorkers,
                Duration.ofMillis((long) (1000 * positive(o, "--cool-down", quick ? 3 : 5))),
                Duration.ofSeconds((long) positive(o, "--drain", 120)),
                (int) positive(o, "--queue", 1024), ioMillis, ioPeak,
                (int) positive(o, "--cpu-rounds", 4000), positive(o, "--cpu-peak", 200), 0.02, quick);
    }

    /** The load each job follows: the trace replayed over the run's length, or one sine period. */
    RateShape shape(double peak) {
        if (load.equals("sine")) {
            return new SineRate(peak * sineValleyShare, peak, loadSeconds, loadSeconds);
        }
        return TraceRate.over(trace, loadSeconds, peak);
    }

    List<Workload> workloads() {
        List<Workload> w = new ArrayList<>();
        for (String j : jobs) {
            w.add(j.equals("cpu") ? Workload.cpu(cpuRounds, cpuPeak) : Workload.io(ioMillis, ioPeak));
        }
        return w;
    }

    private static List<String> list(String v) {
        List<String> l = Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (l.isEmpty()) {
            throw new IllegalArgumentException("an empty list where a comma-separated list was due: '" + v + "'");
        }
        return l;
    }

    private static double positive(Map<String, String> o, String name, double fallback) {
        String v = o.get(name);
        if (v == null) {
            return fallback;
        }
        double d;
        try {
            d = Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a number, got '" + v + "'");
        }
        if (!(d > 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(name + " must be a positive number, got " + v);
        }
        return d;
    }
}
