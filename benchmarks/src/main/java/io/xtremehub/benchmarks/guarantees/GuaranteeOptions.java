package io.xtremehub.benchmarks.guarantees;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** The guarantee benchmark's command line, checked before anything starts; {@code --quick} shortens every phase. */
record GuaranteeOptions(Path out, String name, int rounds, int workers, int rate, int seconds, int burst,
                        Duration window, boolean quick) {

    private static final Set<String> VALUED = Set.of("--out", "--name", "--rounds", "--workers", "--rate", "--seconds",
            "--burst", "--window-ms");

    static GuaranteeOptions parse(String... args) {
        Map<String, String> o = new HashMap<>();
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--quick")) {
                quick = true;
            } else if (VALUED.contains(args[i])) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                o.put(args[i], args[++i]);
            } else {
                throw new IllegalArgumentException("unknown option " + args[i] + " (options: --quick, "
                        + String.join(", ", VALUED.stream().sorted().toList()) + ")");
            }
        }
        return new GuaranteeOptions(Path.of(o.getOrDefault("--out", "benchmarks/results")),
                o.getOrDefault("--name", quick ? "guarantees-quick" : "guarantees"),
                positive(o, "--rounds", quick ? 1 : 3), positive(o, "--workers", 2),
                positive(o, "--rate", quick ? 100 : 200), positive(o, "--seconds", quick ? 10 : 20),
                positive(o, "--burst", quick ? 10_000 : 50_000),
                Duration.ofMillis(positive(o, "--window-ms", 2_000)), quick);
    }

    private static int positive(Map<String, String> o, String name, int fallback) {
        String v = o.get(name);
        if (v == null) {
            return fallback;
        }
        int n;
        try {
            n = Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a whole number, got '" + v + "'");
        }
        if (n < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + n);
        }
        return n;
    }
}
