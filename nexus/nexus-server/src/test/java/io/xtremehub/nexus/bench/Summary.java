package io.xtremehub.nexus.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per cell and target: the median throughput over repetitions, and the median over repetitions of
 * the ratio to the baseline (the first target) measured in the same repetition.
 */
final class Summary {
    private final List<String> targets;
    private final int[] sizes;
    private final int[] clients;
    /** [target][cell] -> {put median, get median}. */
    private final double[][][] medians;
    /** [target][cell] -> {median of paired put ratios, of paired get ratios}. */
    private final double[][][] ratios;
    /** [target][cell] -> {p25 put ratio, p75 put ratio, p25 get ratio, p75 get ratio}. */
    private final double[][][] spread;
    /** [target][cell] -> {median put CPU ms/MiB, median get CPU ms/MiB} of the whole process. */
    private final double[][][] cpu;

    private Summary(List<String> targets, int[] sizes, int[] clients, double[][][] medians, double[][][] ratios,
                    double[][][] cpu, double[][][] spread) {
        this.targets = targets;
        this.sizes = sizes;
        this.clients = clients;
        this.medians = medians;
        this.ratios = ratios;
        this.cpu = cpu;
        this.spread = spread;
    }

    static Summary of(List<String[]> raw, List<String> targets, int[] sizes, int[] clients) {
        int cells = sizes.length * clients.length;
        double[][][] medians = new double[targets.size()][cells][2];
        double[][][] ratios = new double[targets.size()][cells][2];
        double[][][] cpu = new double[targets.size()][cells][2];
        double[][][] spread = new double[targets.size()][cells][4];
        for (int s = 0; s < sizes.length; s++) {
            for (int c = 0; c < clients.length; c++) {
                int cell = s * clients.length + c;
                // rep -> target -> {put, get}
                Map<String, Map<String, double[]>> byRep = new LinkedHashMap<>();
                for (String[] r : raw) {
                    if (Integer.parseInt(r[2]) == sizes[s] && Integer.parseInt(r[3]) == clients[c]) {
                        byRep.computeIfAbsent(r[0], k -> new LinkedHashMap<>()).put(r[1],
                                new double[] {Double.parseDouble(r[5]), Double.parseDouble(r[6]),
                                    Double.parseDouble(r[7]), Double.parseDouble(r[8])});
                    }
                }
                for (int t = 0; t < targets.size(); t++) {
                    for (int phase = 0; phase < 2; phase++) {
                        List<Double> values = new ArrayList<>();
                        List<Double> paired = new ArrayList<>();
                        List<Double> cpuCost = new ArrayList<>();
                        for (Map<String, double[]> rep : byRep.values()) {
                            double[] mine = rep.get(targets.get(t));
                            double[] base = rep.get(targets.get(0));
                            if (mine != null) {
                                values.add(mine[phase]);
                                cpuCost.add(mine[2 + phase]);
                                if (base != null) {
                                    paired.add(mine[phase] / base[phase]);
                                }
                            }
                        }
                        medians[t][cell][phase] = median(values);
                        ratios[t][cell][phase] = median(paired);
                        cpu[t][cell][phase] = median(cpuCost);
                        spread[t][cell][2 * phase] = quantile(paired, 0.25);
                        spread[t][cell][2 * phase + 1] = quantile(paired, 0.75);
                    }
                }
            }
        }
        return new Summary(targets, sizes, clients, medians, ratios, cpu, spread);
    }

    /** Linear-interpolated quantile. */
    private static double quantile(List<Double> values, double q) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        double pos = q * (v.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(v.length - 1, lo + 1);
        return v[lo] + (pos - lo) * (v[hi] - v[lo]);
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private double ratio(int target, int cell, int phase) {
        return ratios[target][cell][phase];
    }

    private String cellLabel(int cell) {
        return sizes[cell / clients.length] + " MiB x" + clients[cell % clients.length];
    }

    void write(Path csv) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (int cell = 0; cell < sizes.length * clients.length; cell++) {
            for (int t = 0; t < targets.size(); t++) {
                rows.add(new String[] {Integer.toString(sizes[cell / clients.length]),
                    Integer.toString(clients[cell % clients.length]), targets.get(t),
                    NexusBenchmark.fmt(medians[t][cell][0]), NexusBenchmark.fmt(medians[t][cell][1]),
                    String.format("%.3f", ratio(t, cell, 0)), String.format("%.3f", ratio(t, cell, 1)),
                    NexusBenchmark.fmt2(cpu[t][cell][0]), NexusBenchmark.fmt2(cpu[t][cell][1]),
                    String.format("%.3f", spread[t][cell][0]), String.format("%.3f", spread[t][cell][1]),
                    String.format("%.3f", spread[t][cell][2]), String.format("%.3f", spread[t][cell][3])});
            }
        }
        String base = targets.get(0);
        NexusBenchmark.writeCsv(csv, "object_mib,clients,target,put_mib_s_median,get_mib_s_median,"
                + "put_ratio_to_" + base + "_median,get_ratio_to_" + base + "_median,put_cpu_ms_per_mib_median,"
                + "get_cpu_ms_per_mib_median,put_ratio_p25,put_ratio_p75,get_ratio_p25,get_ratio_p75", rows);
    }

    void plot(Path png) throws IOException {
        plot(png, "Nexus throughput / S3Proxy alone, same filesystem backend");
    }

    /** A bar chart of the paired ratios to the first target, with the title's first part given. */
    void plot(Path png, String title) throws IOException {
        List<String> cells = new ArrayList<>();
        for (int cell = 0; cell < sizes.length * clients.length; cell++) {
            cells.add(cellLabel(cell));
        }
        // per series: {median, p25, p75} per cell
        Map<String, double[][]> put = new LinkedHashMap<>();
        Map<String, double[][]> get = new LinkedHashMap<>();
        for (int t = 1; t < targets.size(); t++) {
            double[][] p = new double[cells.size()][];
            double[][] g = new double[cells.size()][];
            for (int cell = 0; cell < cells.size(); cell++) {
                p[cell] = new double[] {ratio(t, cell, 0), spread[t][cell][0], spread[t][cell][1]};
                g[cell] = new double[] {ratio(t, cell, 1), spread[t][cell][2], spread[t][cell][3]};
            }
            put.put(targets.get(t), p);
            get.put(targets.get(t), g);
        }
        RatioPlot.write(png, title + " (bars: median of paired repetitions, whiskers: interquartile range)", cells, put, get);
    }

    /**
     * A markdown table: median throughput, median paired ratio to the baseline with its interquartile
     * range over repetitions, and median CPU cost.
     */
    String markdown() {
        StringBuilder sb = new StringBuilder("| object | clients | phase |");
        for (String t : targets) {
            sb.append(' ').append(t).append(" MiB/s |");
        }
        for (int t = 1; t < targets.size(); t++) {
            sb.append(' ').append(targets.get(t)).append(" / ").append(targets.get(0)).append(" |");
        }
        for (String t : targets) {
            sb.append(' ').append(t).append(" cpu-ms/MiB |");
        }
        sb.append("\n|---|---:|---|");
        sb.append("---:|".repeat(3 * targets.size() - 1)).append('\n');
        for (int cell = 0; cell < sizes.length * clients.length; cell++) {
            for (int phase = 0; phase < 2; phase++) {
                sb.append("| ").append(sizes[cell / clients.length]).append(" MiB | ")
                        .append(clients[cell % clients.length]).append(" | ").append(phase == 0 ? "PUT" : "GET")
                        .append(" |");
                for (int t = 0; t < targets.size(); t++) {
                    sb.append(' ').append(NexusBenchmark.fmt(medians[t][cell][phase])).append(" |");
                }
                for (int t = 1; t < targets.size(); t++) {
                    sb.append(String.format(" %.0f%% (%.0f-%.0f) |", 100 * ratio(t, cell, phase),
                            100 * spread[t][cell][2 * phase], 100 * spread[t][cell][2 * phase + 1]));
                }
                for (int t = 0; t < targets.size(); t++) {
                    sb.append(' ').append(NexusBenchmark.fmt2(cpu[t][cell][phase])).append(" |");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return Arrays.deepToString(medians);
    }
}
