package io.xtremehub.benchmarks.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The budget's command line, checked before anything starts. */
record BudgetOptions(Path out, String name, int[] rates, int seconds, int slowEvents, int rounds,
        List<ReaderSetting> hopReaders) {

    static BudgetOptions parse(String... args) {
        List<String> a = Arrays.asList(args);
        for (int i = 0; i < args.length; i += 2) {
            if (!List.of("--out", "--name", "--rates", "--seconds", "--slow-events", "--rounds", "--hop-readers")
                    .contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        int[] rates = Arrays.stream(option(a, "--rates", "1,100,1000").split(","))
                .mapToInt(r -> positive("--rates", r)).toArray();
        int seconds = positive("--seconds", option(a, "--seconds", "20"));
        int slowEvents = positive("--slow-events", option(a, "--slow-events", "30"));
        int rounds = positive("--rounds", option(a, "--rounds", "3"));
        if (slowEvents < rounds) {
            throw new IllegalArgumentException("--slow-events " + slowEvents + " is less than --rounds " + rounds
                    + ": every round needs an event");
        }
        List<ReaderSetting> hopReaders = new ArrayList<>();
        for (String s : option(a, "--hop-readers", "1000/0,200/0,100/0,20/1000,20/0").split(",")) {
            String[] p = s.split("/");
            if (p.length < 2 || p.length > 3 || (p.length == 3 && !p[2].equals("wake"))) {
                throw new IllegalArgumentException("--hop-readers takes timeoutMillis/checkpointMillis[/wake], got " + s);
            }
            hopReaders.add(new ReaderSetting(positive("--hop-readers timeout", p[0]),
                    nonNegative("--hop-readers checkpoint interval", p[1]), p.length == 3));
        }
        return new BudgetOptions(Path.of(option(a, "--out", "benchmarks/results")),
                option(a, "--name", "latency-budget"), rates, seconds, slowEvents, rounds, List.copyOf(hopReaders));
    }

    private static String option(List<String> args, String name, String fallback) {
        int i = args.indexOf(name);
        if (i >= 0 && i + 1 >= args.size()) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return i >= 0 ? args.get(i + 1) : fallback;
    }

    private static int positive(String name, String value) {
        int v = nonNegative(name, value);
        if (v == 0) {
            throw new IllegalArgumentException(name + " must be positive, got 0");
        }
        return v;
    }

    private static int nonNegative(String name, String value) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < 0) {
                throw new IllegalArgumentException(name + " must not be negative, got " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a whole number, got '" + value + "'");
        }
    }
}
