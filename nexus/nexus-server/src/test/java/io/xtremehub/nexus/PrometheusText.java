package io.xtremehub.nexus;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads values out of a Prometheus text exposition, as a scraper would. */
final class PrometheusText {
    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([^}]*)})? (\\S+)$");

    private PrometheusText() {
    }

    /**
     * The sum of the samples of a metric whose labels include all the given ones (name, value pairs);
     * 0 if there is none.
     */
    static double value(String text, String metric, String... labels) {
        double sum = 0;
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line.trim());
            if (!m.matches() || !m.group(1).equals(metric)) {
                continue;
            }
            String have = m.group(3) == null ? "" : m.group(3);
            boolean all = true;
            for (int i = 0; i < labels.length; i += 2) {
                all &= have.contains(labels[i] + "=\"" + labels[i + 1] + "\"");
            }
            if (all) {
                sum += Double.parseDouble(m.group(4));
            }
        }
        return sum;
    }
}
