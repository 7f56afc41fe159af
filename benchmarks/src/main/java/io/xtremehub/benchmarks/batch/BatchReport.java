package io.xtremehub.benchmarks.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Writes a run's rows as {@code <name>.csv} and a short {@code <name>.md} with the FaaStream/Spark ratios. */
final class BatchReport {
    private BatchReport() {
    }

    static void write(Path dir, String name, List<BatchVsSpark.Row> rows, Instant started, String startLoad,
                      String endLoad, long words, int distinct, long sortBytes, int workers, String heap) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(dir.resolve(name + ".csv")))) {
            w.println("started,job,system,total_ms,startup_ms,correct,detail");
            for (BatchVsSpark.Row r : rows) {
                w.printf(Locale.ROOT, "%s,%s,%s,%d,%d,%b,\"%s\"%n", started, r.job(), r.system(), r.totalMs(),
                        r.startupMs(), r.correct(), r.detail().replace("\"", "'"));
            }
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(dir.resolve(name + ".md")))) {
            w.printf("# FaaStream against Apache Spark, batch (%s)%n%n", name);
            w.printf(Locale.ROOT, "Run started %s; load average at start `%s`, at end `%s`.%n", started, startLoad,
                    endLoad);
            w.printf(Locale.ROOT, "WordCount: %,d words, Zipf over %,d distinct words. Sort: %,d bytes of 100-byte "
                    + "records. FaaStream: thread workers, %d per stage, on a running embedded cluster, input in a "
                    + "bucket of its S3 endpoint; Spark 4.0.1 local[2], input in local files. Both JVMs: -Xmx%s.%n%n",
                    words, distinct, sortBytes, workers, heap);
            w.println("| job | Spark, session start to result (start-up) | FaaStream, execute to complete output "
                    + "| FaaStream / Spark | both correct |");
            w.println("|---|---|---|---|---|");
            for (String job : List.of("wordcount", "sort")) {
                Optional<BatchVsSpark.Row> s = find(rows, job, "spark");
                Optional<BatchVsSpark.Row> f = find(rows, job, "faastream");
                if (s.isEmpty() && f.isEmpty()) {
                    continue;
                }
                String ratio = s.isPresent() && f.isPresent()
                        ? String.format(Locale.ROOT, "%.2f", f.get().totalMs() / (double) s.get().totalMs()) : "-";
                w.printf(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", job,
                        s.map(r -> String.format(Locale.ROOT, "%.1f s (%.1f s)", r.totalMs() / 1000.0,
                                r.startupMs() / 1000.0)).orElse("-"),
                        f.map(r -> String.format(Locale.ROOT, "%.1f s", r.totalMs() / 1000.0)).orElse("-"), ratio,
                        s.map(BatchVsSpark.Row::correct).orElse(true) && f.map(BatchVsSpark.Row::correct).orElse(true)
                                ? "yes" : "NO");
            }
            find(rows, "warmup", "faastream").ifPresent(r -> w.printf(Locale.ROOT, "%nFaaStream ran a 4-word "
                    + "WordCount on the fresh cluster first (%.1f s; not part of the ratios): the cluster is a running one.%n",
                    r.totalMs() / 1000.0));
            w.println();
            w.println("Checks:");
            for (BatchVsSpark.Row r : rows) {
                w.printf("- %s, %s: %s%n", r.job(), r.system(), r.detail());
            }
        }
    }

    private static Optional<BatchVsSpark.Row> find(List<BatchVsSpark.Row> rows, String job, String system) {
        return rows.stream().filter(r -> r.job().equals(job) && r.system().equals(system)).findFirst();
    }
}
