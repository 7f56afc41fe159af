package io.xtremehub.benchmarks.scaling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A per-minute trace replayed faster than real time: minute {@code m} of the trace lasts
 * {@code secondsPerMinute} seconds of the run, and the trace's largest value becomes {@code peak}
 * events per second (the others in proportion). The file holds {@code minute,value} lines with
 * minutes 0, 1, 2... in order, none missing; {@code #} comments, blank lines and a header line
 * starting with a letter are skipped.
 */
final class TraceRate implements RateShape {
    private final String source;
    private final double[] perMinute;
    private final double secondsPerMinute;
    private final double peak;
    private final double max;

    TraceRate(String source, double[] perMinute, double secondsPerMinute, double peak) {
        if (perMinute.length == 0) {
            throw new IllegalArgumentException(source + " holds no minutes");
        }
        if (secondsPerMinute <= 0 || peak <= 0) {
            throw new IllegalArgumentException("a trace replay needs positive seconds per minute and peak, got "
                    + secondsPerMinute + " and " + peak);
        }
        this.source = source;
        this.perMinute = perMinute.clone();
        this.secondsPerMinute = secondsPerMinute;
        this.peak = peak;
        double m = 0;
        for (double v : perMinute) {
            m = Math.max(m, v);
        }
        if (m == 0) {
            throw new IllegalArgumentException(source + " is zero in every minute: nothing to replay");
        }
        this.max = m;
    }

    /** The trace in {@code file}, compressed so that all of it lasts {@code totalSeconds}. */
    static TraceRate over(Path file, double totalSeconds, double peak) {
        double[] minutes = read(file);
        return new TraceRate(file.getFileName().toString(), minutes, totalSeconds / Math.max(1, minutes.length), peak);
    }

    private static double[] read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read trace " + file + ": " + e.getMessage());
        }
        return parse(file.getFileName().toString(), lines);
    }

    /** The values of a trace's lines, checked: one line per minute from 0, each a non-negative number. */
    static double[] parse(String source, List<String> lines) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || (values.isEmpty() && Character.isLetter(line.charAt(0)))) {
                continue;
            }
            String where = source + " line " + (i + 1) + ": ";
            String[] f = line.split(",");
            if (f.length != 2) {
                throw new IllegalArgumentException(where + "expected 'minute,value', got '" + line + "'");
            }
            long minute = number(where, f[0], "minute");
            if (minute != values.size()) {
                throw new IllegalArgumentException(where + "minute " + minute + " where minute " + values.size()
                        + " was due (one line per minute, from 0, none missing)");
            }
            double v;
            try {
                v = Double.parseDouble(f[1].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "value '" + f[1].strip() + "' is not a number");
            }
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(where + "value " + f[1].strip() + " must be a finite number >= 0");
            }
            values.add(v);
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static long number(String where, String s, String what) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + what + " '" + s.strip() + "' is not a whole number");
        }
    }

    @Override
    public double rateAt(double second) {
        int minute = (int) Math.min(perMinute.length - 1, Math.max(0, Math.floor(second / secondsPerMinute)));
        return perMinute[minute] / max * peak;
    }

    @Override
    public double seconds() {
        return perMinute.length * secondsPerMinute;
    }

    /** How much faster than real time the trace is replayed. */
    double speedup() {
        return 60 / secondsPerMinute;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "trace %s, %d minutes replayed %.0fx faster (one minute in %.3f s), "
                + "peak %.0f events/s", source, perMinute.length, speedup(), secondsPerMinute, peak);
    }
}
