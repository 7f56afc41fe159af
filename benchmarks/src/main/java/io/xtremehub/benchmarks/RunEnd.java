package io.xtremehub.benchmarks;

import java.nio.file.Path;
import java.util.List;

/** The end of a benchmark run: its CSV and result files on the console, and a failure when a check failed. */
public final class RunEnd {
    private RunEnd() {
    }

    /**
     * @param failure what went wrong when {@code failed}, for the exception (the report is named after it)
     * @param report  the Markdown report that shows the failed check
     */
    public static void report(String csv, List<Path> files, boolean failed, String failure, Path report) {
        System.out.println(csv);
        System.out.println("results written:");
        files.forEach(f -> System.out.println("  " + f));
        if (failed) {
            throw new IllegalStateException(failure + ": see " + report);
        }
    }
}
