package io.xtremehub.benchmarks.chaintrace;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;

/**
 * The chain trace's results: percentiles of every interval of every chain and rate, pooled over the
 * rounds (each round's end to end beside them, to see the rounds agree), where the late events were
 * when they were late, and every event's steps in a CSV.
 */
final class TraceReport {
    /** One chain at one rate in one round. */
    record Run(String system, int rate, int round, MarkTable table, List<TracedChain.Interval> intervals, int[] path,
               List<StallSampler.Sample> samples, String loadBefore, String loadAfter, Awaited awaited) {
    }

    /** Whether a thread is the one an event waits for after a step ({@link TracedChain#awaited}). */
    interface Awaited {
        boolean test(int step, String threadName);
    }

    /**
     * Frames of a reader's group work (Pravega's reader group state, FaaStream's segment share check and
     * checkpoint sync), done on the reader's own thread inside or between reads.
     */
    static final List<String> GROUP_WORK = List.of("ReaderGroupStateManager.", "StateSynchronizerImpl.",
            "ReaderGroupState.", "EventStreamReaderImpl.updateGroupStateIfNeeded", "SegmentShare.",
            "InputReader.awaitSynced", "SyncHandshake.");

    private final List<Run> runs = new ArrayList<>();

    void add(Run run) {
        runs.add(run);
    }

    /** Nearest-rank percentile of the values that are not NaN (NaN when none is). */
    static double percentile(double[] values, double p) {
        double[] s = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (s.length == 0) {
            return Double.NaN;
        }
        int idx = (int) Math.ceil(p / 100.0 * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, idx))];
    }

    static long count(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).count();
    }

    String markdown(String header) {
        StringBuilder md = new StringBuilder(header);
        for (int rate : rates()) {
            md.append(String.format(Locale.ROOT, "%n## %d events/s%n%n", rate));
            md.append("| chain | interval | events | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|\n");
            for (String system : systems()) {
                List<Run> rs = select(system, rate);
                for (TracedChain.Interval iv : rs.get(0).intervals()) {
                    double[] all = pooled(rs, iv);
                    md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.2f | %.2f | %.2f | %.2f |%n", system,
                            iv.name(), count(all), percentile(all, 50), percentile(all, 95), percentile(all, 99),
                            percentile(all, 100)));
                }
            }
            md.append("\nEnd to end per round, p50 / p95 ms (load average before → after):\n\n");
            for (String system : systems()) {
                md.append("- ").append(system).append(':');
                for (Run r : select(system, rate)) {
                    TracedChain.Interval e2e = r.intervals().get(r.intervals().size() - 1);
                    double[] v = r.table().millis(e2e.from(), e2e.to());
                    md.append(String.format(Locale.ROOT, " round %d %.2f / %.2f (%s → %s);", r.round(),
                            percentile(v, 50), percentile(v, 95), r.loadBefore(), r.loadAfter()));
                }
                md.append('\n');
            }
            md.append(heldByGroupWork(rate));
            md.append(stalls(rate));
        }
        return md.toString();
    }

    /**
     * How many late events were, at some sample, waiting for a reader that was busy with its group's
     * work rather than waiting for the event's data, and in which frames.
     */
    private String heldByGroupWork(int rate) {
        StringBuilder md = new StringBuilder("\nLate events held by the very reader they waited for doing its group's work "
                + "(reader-group state, checkpoints, lag updates, FaaStream's spread check and checkpoint sync):\n\n");
        for (String system : systems()) {
            Set<String> late = new HashSet<>();
            Set<String> held = new HashSet<>();
            Map<String, Integer> where = new TreeMap<>();
            for (Run r : select(system, rate)) {
                for (StallSampler.Sample s : r.samples()) {
                    if (s.seq() >= r.table().events()) {
                        continue;
                    }
                    String ev = r.round() + ":" + s.seq();
                    late.add(ev);
                    int step = r.table().stepBefore((int) s.seq(), s.nanos(), r.path());
                    String work = GROUP_WORK.stream().filter(s.signature()::contains).findFirst().orElse(null);
                    if (step >= 0 && work != null && r.awaited().test(step, s.thread())) {
                        held.add(ev);
                        String frame = s.signature().contains(" ... in ") ? s.signature().substring(
                                s.signature().indexOf(" ... in ") + 8) : s.signature().substring(s.signature().indexOf(' ') + 1);
                        where.merge(frame, 1, Integer::sum);
                    }
                }
            }
            md.append(String.format(Locale.ROOT, "- %s: %d of %d late events%s%n", system, held.size(), late.size(),
                    where.isEmpty() ? "" : " (samples: " + where.entrySet().stream()
                            .sorted((a, b) -> b.getValue() - a.getValue()).limit(6)
                            .map(e -> e.getKey() + " " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("") + ")"));
        }
        return md.toString();
    }

    /** Where late events were, and what the sampled threads did meanwhile, most frequent first. */
    private String stalls(int rate) {
        StringBuilder md = new StringBuilder();
        md.append("\nLate events (on their way longer than the threshold): the gap of the path each sample fell in, "
                + "and the sampled thread's state and top frames (samples; distinct late events):\n\n");
        for (String system : systems()) {
            Map<String, Integer> counts = new TreeMap<>();
            Map<String, Set<String>> events = new TreeMap<>();
            for (Run r : select(system, rate)) {
                List<String> steps = r.table().steps();
                for (StallSampler.Sample s : r.samples()) {
                    if (s.seq() >= r.table().events()) {
                        continue;
                    }
                    int step = r.table().stepBefore((int) s.seq(), s.nanos(), r.path());
                    String gap = step < 0 ? "before source write" : "after " + steps.get(step);
                    String key = gap + " | " + s.thread() + " | " + s.signature();
                    counts.merge(key, 1, Integer::sum);
                    events.computeIfAbsent(key, k -> new HashSet<>()).add(r.round() + ":" + s.seq());
                }
            }
            md.append("- ").append(system).append(counts.isEmpty() ? ": none\n" : ":\n");
            counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(20)
                    .forEach(e -> md.append(String.format(Locale.ROOT, "  - %d; %d: %s%n", e.getValue(),
                            events.get(e.getKey()).size(), e.getKey())));
        }
        return md.toString();
    }

    /** Every event's steps, in milliseconds after its source write call. */
    void writeEvents(Path csv) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("system,rate,round,seq,step,ms_after_write");
        for (Run r : runs) {
            for (int i = 0; i < r.table().events(); i++) {
                long t0 = r.table().at(i, 0);
                for (int s = 1; s < r.table().steps().size(); s++) {
                    long t = r.table().at(i, s);
                    if (t0 != 0 && t != 0) {
                        lines.add(String.format(Locale.ROOT, "%s,%d,%d,%d,%s,%.3f", r.system(), r.rate(), r.round(), i,
                                r.table().steps().get(s), (t - t0) / 1e6));
                    }
                }
            }
        }
        Files.write(csv, lines);
    }

    /** Every late-event sample with the gap it fell in (the report lists only the most frequent), gzipped: tens of MB. */
    void writeSamples(Path csvGz) throws IOException {
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(csvGz)), StandardCharsets.UTF_8)) {
            w.write("system,rate,round,seq,ms_after_write,gap,thread,signature\n");
            for (Run r : runs) {
                for (StallSampler.Sample s : r.samples()) {
                    if (s.seq() >= r.table().events()) {
                        continue;
                    }
                    int step = r.table().stepBefore((int) s.seq(), s.nanos(), r.path());
                    long sent = r.table().at((int) s.seq(), 0);
                    w.write(String.format(Locale.ROOT, "%s,%d,%d,%d,%.3f,%s,%s,\"%s\"%n", r.system(), r.rate(),
                            r.round(), s.seq(), sent == 0 ? Double.NaN : (s.nanos() - sent) / 1e6,
                            step < 0 ? "before source write" : "after " + r.table().steps().get(step), s.thread(),
                            s.signature()));
                }
            }
        }
    }

    private double[] pooled(List<Run> rs, TracedChain.Interval iv) {
        return rs.stream().flatMapToDouble(r -> Arrays.stream(r.table().millis(iv.from(), iv.to()))).toArray();
    }

    private List<Run> select(String system, int rate) {
        return runs.stream().filter(r -> r.system().equals(system) && r.rate() == rate).toList();
    }

    private List<Integer> rates() {
        return runs.stream().map(Run::rate).distinct().toList();
    }

    private List<String> systems() {
        Map<String, Boolean> seen = new LinkedHashMap<>();
        runs.forEach(r -> seen.put(r.system(), true));
        return List.copyOf(seen.keySet());
    }
}
