package io.xtremehub.benchmarks.scaling;

import io.xtremehub.benchmarks.charts.TimeSeriesChart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The experiment's files: {@code <name>-summary.csv} (one line per job and setup),
 * {@code <name>-timeline.csv} (one line per second), {@code <name>.md} (the tables, with the load
 * of the machine and the reference's figures) and {@code <name>-<job>.png} (input rate and
 * throughput, workers, segments and queued events over time, every setup in each panel).
 */
final class ScalingReport {
    private final List<RunResult> runs = new ArrayList<>();

    void add(RunResult r) {
        runs.add(r);
    }

    List<RunResult> runs() {
        return List.copyOf(runs);
    }

    /** Writes every file and returns the paths written. */
    List<Path> write(Path dir, String name, String heading, String context) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve(name + "-summary.csv"), summaryCsv()));
        written.add(Files.writeString(dir.resolve(name + "-timeline.csv"), timelineCsv()));
        for (String job : jobs()) {
            Path png = dir.resolve(name + "-" + job + ".png");
            TimeSeriesChart.write(png, heading + ": " + job + " job", panels(job));
            written.add(png);
        }
        written.add(Files.writeString(dir.resolve(name + ".md"), markdown(heading, context, name)));
        return written;
    }

    String summaryCsv() {
        StringBuilder b = new StringBuilder("job,setup,events_written,events_processed,missing,duplicates,load_s,"
                + "done_s,mean_throughput,peak_throughput_10s,p50_ms,p95_ms,p99_ms,worker_seconds,max_workers,"
                + "max_segments,load_before,load_after\n");
        for (RunResult r : runs) {
            b.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%d,%d,%.2f,%.2f%n",
                    r.job(), r.setup().label(), r.written(), r.processed(), r.written() - r.processed(), r.duplicates(),
                    r.loadSeconds(), r.doneSeconds(), r.meanThroughput(), r.peakThroughput(), r.p50Millis(),
                    r.p95Millis(), r.p99Millis(), r.workerSeconds(), r.maxWorkers(), r.maxSegments(), r.loadBefore(),
                    r.loadAfter()));
        }
        return b.toString();
    }

    String timelineCsv() {
        StringBuilder b = new StringBuilder("job,setup,second,input_rate,arrived,workers,segments,queued,stage_out\n");
        for (RunResult r : runs) {
            int n = Math.max(r.timeline().size(), Math.max(r.targetRate().length, r.arrivals().length));
            for (int s = 0; s < n; s++) {
                Optional<Timeline.Sample> t = s < r.timeline().size() ? Optional.of(r.timeline().get(s)) : Optional.empty();
                b.append(String.format(Locale.ROOT, "%s,%s,%d,%.1f,%d,%s,%s,%s,%s%n", r.job(), r.setup().label(), s,
                        s < r.targetRate().length ? r.targetRate()[s] : 0.0, s < r.arrivals().length ? r.arrivals()[s] : 0,
                        t.map(x -> Integer.toString(x.workers())).orElse(""),
                        t.map(x -> Integer.toString(x.segments())).orElse(""),
                        t.map(x -> Long.toString(x.queued())).orElse(""),
                        t.map(x -> Long.toString(x.stageOut())).orElse("")));
            }
        }
        return b.toString();
    }

    String markdown(String heading, String context, String name) {
        StringBuilder b = new StringBuilder("# ").append(heading).append("\n\n").append(context).append("\n\n");
        for (String job : jobs()) {
            List<RunResult> rs = runs.stream().filter(r -> r.job().equals(job)).toList();
            RunResult base = rs.stream().filter(r -> r.setup() == Setup.COORDINATED).findFirst().orElse(rs.get(0));
            b.append("## ").append(job).append(" job\n\n");
            b.append("| setup | events | all processed once | mean events/s | peak events/s (10 s) | peak vs ")
                    .append(base.setup().label()).append(" | p50 / p95 / p99 time-to-process ms | worker-seconds | vs ")
                    .append(base.setup().label()).append(" | max workers | max segments | load 1 min before / after |\n");
            b.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (RunResult r : rs) {
                b.append(String.format(Locale.ROOT, "| %s | %d | %s | %.0f | %.0f | %.2fx | %.0f / %.0f / %.0f | %.0f | %.2fx | %d | %d | %.1f / %.1f |%n",
                        r.setup().label(), r.written(), completeness(r), r.meanThroughput(), r.peakThroughput(),
                        r.peakThroughput() / base.peakThroughput(), r.p50Millis(), r.p95Millis(), r.p99Millis(),
                        r.workerSeconds(), r.workerSeconds() / base.workerSeconds(), r.maxWorkers(), r.maxSegments(),
                        r.loadBefore(), r.loadAfter()));
            }
            b.append("\n![").append(job).append("](").append(name).append("-").append(job).append(".png)\n\n");
        }
        return b.toString();
    }

    private static String completeness(RunResult r) {
        if (r.complete() && r.duplicates() == 0) {
            return "yes";
        }
        String s = r.complete() ? "all" : "**" + (r.written() - r.processed()) + " missing**";
        return r.duplicates() == 0 ? s : s + ", " + r.duplicates() + " duplicates";
    }

    private List<TimeSeriesChart.Panel> panels(String job) {
        List<RunResult> rs = runs.stream().filter(r -> r.job().equals(job)).toList();
        Map<String, double[]> rate = new LinkedHashMap<>();
        Map<String, double[]> workers = new LinkedHashMap<>();
        Map<String, double[]> segments = new LinkedHashMap<>();
        Map<String, double[]> queued = new LinkedHashMap<>();
        for (RunResult r : rs) {
            String l = r.setup().label();
            double[] a = new double[r.arrivals().length];
            for (int i = 0; i < a.length; i++) {
                a[i] = r.arrivals()[i];
            }
            rate.put(l + " out", a);
            workers.put(l, r.timeline().stream().mapToDouble(Timeline.Sample::workers).toArray());
            segments.put(l, r.timeline().stream().mapToDouble(Timeline.Sample::segments).toArray());
            queued.put(l, r.timeline().stream().mapToDouble(Timeline.Sample::queued).toArray());
        }
        // the input last, so that each setup has the same colour in every panel
        rate.put("input (due)", rs.get(0).targetRate());
        return List.of(new TimeSeriesChart.Panel("events/s: input rate and events arriving at the sink", rate),
                new TimeSeriesChart.Panel("live workers", workers),
                new TimeSeriesChart.Panel("input stream segments", segments),
                new TimeSeriesChart.Panel("events queued in the workers", queued));
    }

    private List<String> jobs() {
        return runs.stream().map(RunResult::job).distinct().toList();
    }
}
