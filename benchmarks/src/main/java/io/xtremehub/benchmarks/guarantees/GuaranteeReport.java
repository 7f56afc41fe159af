package io.xtremehub.benchmarks.guarantees;

import io.xtremehub.benchmarks.probe.Percentiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code <name>.csv} (one line per guarantee and round) and {@code <name>.md}: per guarantee the
 * median over rounds, and exactly-once's figures as a ratio of at-least-once's.
 */
final class GuaranteeReport {
    private final List<RoundResult> rounds = new ArrayList<>();

    void add(RoundResult r) {
        rounds.add(r);
    }

    List<RoundResult> rounds() {
        return List.copyOf(rounds);
    }

    String csv() {
        StringBuilder b = new StringBuilder("round,guarantee,events,missing,duplicates,p50_ms,p95_ms,p99_ms,"
                + "burst_events_per_s,load\n");
        for (RoundResult r : rounds) {
            b.append(String.format(Locale.ROOT, "%d,%s,%d,%d,%d,%.1f,%.1f,%.1f,%.0f,%.2f%n", r.round(),
                    r.guarantee().label(), r.events(), r.missing(), r.duplicates(), r.p50Millis(), r.p95Millis(),
                    r.p99Millis(), r.throughput(), r.load()));
        }
        return b.toString();
    }

    /** The median over rounds of one figure for one guarantee. */
    double median(Guarantee g, ToDoubleFunction<RoundResult> figure) {
        return Percentiles.of(rounds.stream().filter(r -> r.guarantee() == g).mapToDouble(figure).toArray(), 50);
    }

    String markdown(String heading, String context) {
        StringBuilder b = new StringBuilder("# ").append(heading).append("\n\n").append(context).append("\n\n");
        b.append("| figure (median of rounds) | at-least-once | exactly-once | exactly-once / at-least-once |\n");
        b.append("|---|---|---|---|\n");
        row(b, "burst throughput, events/s", RoundResult::throughput, "%.0f");
        row(b, "paced p50 time-to-process, ms", RoundResult::p50Millis, "%.0f");
        row(b, "paced p95 time-to-process, ms", RoundResult::p95Millis, "%.0f");
        row(b, "paced p99 time-to-process, ms", RoundResult::p99Millis, "%.0f");
        b.append("\nOutput check per turn (every event reached the sink; exactly-once: none twice):\n\n");
        b.append("| round | guarantee | events | missing | duplicates | correct | load (1 min) |\n|---|---|---|---|---|---|---|\n");
        for (RoundResult r : rounds) {
            b.append(String.format(Locale.ROOT, "| %d | %s | %d | %d | %d | %s | %.1f |%n", r.round(), r.guarantee().label(),
                    r.events(), r.missing(), r.duplicates(), r.correct() ? "yes" : "**no**", r.load()));
        }
        return b.toString();
    }

    private void row(StringBuilder b, String name, ToDoubleFunction<RoundResult> f, String fmt) {
        double alo = median(Guarantee.AT_LEAST_ONCE, f);
        double eo = median(Guarantee.EXACTLY_ONCE, f);
        b.append(String.format(Locale.ROOT, "| %s | " + fmt + " | " + fmt + " | %.2f |%n", name, alo, eo, eo / alo));
    }

    List<Path> write(Path dir, String name, String heading, String context) throws IOException {
        Files.createDirectories(dir);
        return List.of(Files.writeString(dir.resolve(name + ".csv"), csv()),
                Files.writeString(dir.resolve(name + ".md"), markdown(heading, context)));
    }
}
