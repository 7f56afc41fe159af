package io.xtremehub.nexus.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares the no-op Nexus of this checkout with that of an earlier commit, from
 * {@code <name>-summary.csv} files of {@link NexusBenchmark} runs of each (each run against its own
 * S3Proxy-alone baseline in its own JVM, the runs of the two alternating): per cell and round, the
 * ratio of this checkout's nexus-noop/s3proxy to the earlier commit's, then the median over rounds.
 * A ratio to S3Proxy taken in the same JVM cancels most of the load the two runs saw.
 *
 * <p>Arguments: {@code out} (the markdown and CSV to write, without extension), {@code base} and
 * {@code head} (comma-separated summary CSVs of the rounds, in round order), {@code baseLabel},
 * {@code command}, {@code loads} (load averages at each run's start, ';'-separated).
 */
public final class NoopRegression {
    private NoopRegression() {
    }

    /** Writes {@code <out>.md} and {@code <out>.csv}. */
    public static void main(String[] args) throws Exception {
        Map<String, String> opt = NexusBenchmark.parse(args);
        List<Map<String, double[]>> base = read(opt.get("base"));
        List<Map<String, double[]>> head = read(opt.get("head"));
        if (base.size() != head.size()) {
            throw new IllegalArgumentException(base.size() + " base rounds but " + head.size() + " head rounds");
        }
        List<String[]> rows = new ArrayList<>();
        StringBuilder md = new StringBuilder("# No-op Nexus: this checkout against " + opt.get("baseLabel") + "\n\n"
                + "Produced by `" + opt.get("command") + "`. Each round runs the earlier commit's and this"
                + " checkout's `NexusBenchmark` (targets s3proxy, nexus-noop) one after the other, alternating"
                + " which goes first; each reports nexus-noop / s3proxy measured in its own JVM (median of"
                + " paired repetitions). The ratio here is this checkout's over the earlier commit's, per round,"
                + " median over " + base.size() + " round(s) (range in brackets); 100% means no change.\n\n"
                + "| object | clients | phase | earlier noop/s3proxy | this noop/s3proxy | this / earlier |\n"
                + "|---|---:|---|---:|---:|---:|\n");
        for (String cell : base.get(0).keySet()) {
            for (int phase = 0; phase < 2; phase++) {
                double[] b = new double[base.size()];
                double[] h = new double[base.size()];
                double[] r = new double[base.size()];
                for (int i = 0; i < base.size(); i++) {
                    b[i] = base.get(i).get(cell)[phase];
                    h[i] = head.get(i).get(cell)[phase];
                    r[i] = h[i] / b[i];
                }
                String[] c = cell.split(",");
                String name = phase == 0 ? "PUT" : "GET";
                rows.add(new String[] {c[0], c[1], name, String.format("%.3f", median(b)),
                    String.format("%.3f", median(h)), String.format("%.3f", median(r)),
                    String.format("%.3f", Arrays.stream(r).min().orElseThrow()),
                    String.format("%.3f", Arrays.stream(r).max().orElseThrow())});
                md.append(String.format("| %s MiB | %s | %s | %.0f%% | %.0f%% | %.0f%% (%.0f-%.0f) |%n", c[0], c[1],
                        name, 100 * median(b), 100 * median(h), 100 * median(r),
                        100 * Arrays.stream(r).min().orElseThrow(), 100 * Arrays.stream(r).max().orElseThrow()));
            }
        }
        md.append("\nLoad average (1/5/15 min) at the start of each run: ").append(opt.getOrDefault("loads", "?"))
                .append(".\n");
        NexusBenchmark.writeCsv(Path.of(opt.get("out") + ".csv"), "object_mib,clients,phase,"
                + "base_noop_to_s3proxy,head_noop_to_s3proxy,head_to_base_median,head_to_base_min,head_to_base_max", rows);
        Files.writeString(Path.of(opt.get("out") + ".md"), md.toString());
        System.out.println(md);
    }

    /** Per round: "size,clients" to {PUT ratio, GET ratio} of nexus-noop to s3proxy. */
    private static List<Map<String, double[]>> read(String files) throws Exception {
        List<Map<String, double[]>> rounds = new ArrayList<>();
        for (String f : files.split(",")) {
            Map<String, double[]> cells = new LinkedHashMap<>();
            for (String line : Files.readAllLines(Path.of(f)).subList(1, Files.readAllLines(Path.of(f)).size())) {
                String[] r = line.split(",");
                if (r[2].equals("nexus-noop")) {
                    cells.put(r[0] + "," + r[1], new double[] {Double.parseDouble(r[5]), Double.parseDouble(r[6])});
                }
            }
            rounds.add(cells);
        }
        return rounds;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
