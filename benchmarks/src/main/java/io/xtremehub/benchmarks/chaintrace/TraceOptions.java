package io.xtremehub.benchmarks.chaintrace;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** The chain trace's command line, checked before the cluster starts. */
record TraceOptions(Path out, String name, int[] rates, int seconds, int minEvents, int rounds, List<String> systems,
        long stallMillis, Pattern threads) {
    static final List<String> SYSTEMS = List.of("pravega-raw", "pravega-raw/wake", "faastream", "faastream/wake");
    /** FaaStream with its stages' reader groups refreshed and checkpointed at the given intervals. */
    static final Pattern READER_GROUP = Pattern.compile("faastream/rg=(\\d+):(\\d+)");
    private static final List<String> NAMES = List.of("--out", "--name", "--rates", "--seconds", "--min-events",
            "--rounds", "--systems", "--stall-ms", "--threads");

    static TraceOptions parse(String... args) {
        List<String> a = Arrays.asList(args);
        for (int i = 0; i < args.length; i += 2) {
            if (!NAMES.contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + " (options: " + String.join(", ", NAMES) + ")");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
        }
        int[] rates = Arrays.stream(option(a, "--rates", "1,100").split(",")).mapToInt(r -> positive("--rates", r)).toArray();
        List<String> systems = List.of(option(a, "--systems", "pravega-raw,faastream").split(","));
        for (String s : systems) {
            if (!SYSTEMS.contains(s) && !READER_GROUP.matcher(s).matches()) {
                throw new IllegalArgumentException("--systems: unknown system '" + s + "' (known: " + String.join(", ", SYSTEMS)
                        + ", and faastream/rg=REFRESH_MS:CHECKPOINT_MS for FaaStream's reader groups refreshed and "
                        + "checkpointed that often)");
            }
        }
        if (systems.size() != systems.stream().distinct().count()) {
            throw new IllegalArgumentException("--systems names a system twice: " + String.join(",", systems));
        }
        String threads = option(a, "--threads", "");
        return new TraceOptions(Path.of(option(a, "--out", "benchmarks/results")), option(a, "--name", "chain-trace"),
                rates, positive("--seconds", option(a, "--seconds", "10")),
                positive("--min-events", option(a, "--min-events", "30")),
                positive("--rounds", option(a, "--rounds", "3")), systems,
                positive("--stall-ms", option(a, "--stall-ms", "6")), threads.isEmpty() ? null : Pattern.compile(threads));
    }

    /** Events per run at a rate: the rate's seconds' worth, at least {@link #minEvents}. */
    int events(int rate) {
        return Math.max(minEvents, rate * seconds);
    }

    private static String option(List<String> args, String name, String fallback) {
        int i = args.indexOf(name);
        return i >= 0 ? args.get(i + 1) : fallback;
    }

    private static int positive(String name, String value) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v <= 0) {
                throw new IllegalArgumentException(name + " must be positive, got " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a whole number, got '" + value + "'");
        }
    }
}
