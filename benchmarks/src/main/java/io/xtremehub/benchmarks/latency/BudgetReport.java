package io.xtremehub.benchmarks.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The budget as CSV (one row per layer and rate) and as a Markdown table per rate, with each
 * layer's p50/p95/p99 also as a multiple of the disk's fsync in the same run: the floor.
 */
final class BudgetReport {
    static final String CSV_HEADER = "layer,events_per_s,events,p50_ms,p95_ms,p99_ms,max_ms";
    private static final String FLOOR = FsyncLayer.NAME;

    private final List<BudgetRow> rows = new ArrayList<>();

    void add(BudgetRow row) {
        rows.add(row);
    }

    String csv() {
        StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (BudgetRow r : rows) {
            LatencySummary l = r.latency();
            // layer names hold commas ("append-to-read, readNextEvent(20), ..."): quoted, as CSV wants
            out.append(String.format(Locale.ROOT, "\"%s\",%d,%d,%.3f,%.3f,%.3f,%.3f%n", r.layer(), r.eventsPerSecond(),
                    l.count(), l.p50(), l.p95(), l.p99(), l.max()));
        }
        return out.toString();
    }

    String markdown(String heading) {
        StringBuilder out = new StringBuilder("# ").append(heading).append("\n\n");
        rows.stream().map(BudgetRow::eventsPerSecond).distinct().forEach(rate -> {
            out.append("## 1 KB events at ").append(rate).append(rate == 1 ? " event/s\n\n" : " events/s\n\n")
                    .append("| layer | events | p50 ms | p95 ms | p99 ms | max ms | p95 / fsync p95 |\n")
                    .append("|---|---|---|---|---|---|---|\n");
            LatencySummary floor = rows.stream().filter(r -> r.eventsPerSecond() == rate && r.layer().equals(FLOOR))
                    .map(BudgetRow::latency).findFirst().orElse(null);
            for (BudgetRow r : rows) {
                if (r.eventsPerSecond() != rate) {
                    continue;
                }
                LatencySummary l = r.latency();
                String ratio = floor == null || floor.p95() <= 0 ? "-"
                        : String.format(Locale.ROOT, "%.1fx", l.p95() / floor.p95());
                out.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %s |%n", r.layer(),
                        l.count(), l.p50(), l.p95(), l.p99(), l.max(), ratio));
            }
            out.append('\n');
        });
        return out.toString();
    }

    void write(Path dir, String name, String heading) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".csv"), csv());
        Files.writeString(dir.resolve(name + ".md"), markdown(heading));
    }
}
