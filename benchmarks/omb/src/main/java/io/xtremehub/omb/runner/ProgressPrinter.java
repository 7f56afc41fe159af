package io.xtremehub.omb.runner;

import java.io.PrintStream;

/** One console line per sample, in the spirit of OMB's progress lines. */
final class ProgressPrinter {
    private final PrintStream out;

    ProgressPrinter(PrintStream out) {
        this.out = out;
    }

    void line(String phase, RunStats.Sample s, double targetRate) {
        LatencySummary pub = LatencySummary.of(s.publish());
        LatencySummary delay = LatencySummary.of(s.delay());
        LatencySummary e2e = LatencySummary.of(s.endToEnd());
        out.printf("%-8s target %9.0f msg/s | Pub %9.1f msg/s %7.2f MB/s | err %5.1f/s | Cons %9.1f msg/s %7.2f MB/s"
                        + " | Backlog %8.1f K | Pub lat ms p50 %6.2f p99 %7.2f max %7.2f | Pub delay us p50 %7d p99 %8d"
                        + " | E2E ms p50 %6.2f p99 %7.2f max %7.2f%n",
                phase, targetRate, s.publishRate(), s.publishMBps(), s.errorRate(), s.consumeRate(), s.consumeMBps(),
                s.backlog() / 1000.0, LatencySummary.millis(pub.p50()), LatencySummary.millis(pub.p99()),
                LatencySummary.millis(pub.max()), delay.p50(), delay.p99(), LatencySummary.millis(e2e.p50()),
                LatencySummary.millis(e2e.p99()), LatencySummary.millis(e2e.max()));
        out.flush();
    }

    void note(String text) {
        out.println(text);
        out.flush();
    }
}
