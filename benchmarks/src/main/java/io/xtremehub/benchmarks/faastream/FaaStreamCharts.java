package io.xtremehub.benchmarks.faastream;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * One PNG per FaaStream experiment from its CSV: grouped bars per system on a log scale (the systems
 * differ by orders of magnitude).
 *
 * <pre>java ... FaaStreamCharts benchmarks/results faastream-</pre>
 */
public final class FaaStreamCharts {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0x7f7f7f), new Color(0xff7f0e),
        new Color(0xd62728), new Color(0x2ca02c)};

    private FaaStreamCharts() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "benchmarks/results");
        String prefix = args.length > 1 ? args[1] : "faastream-";
        chart(dir.resolve(prefix + "latency.csv"), dir.resolve(prefix + "latency.png"),
                "2-function chain, p95 latency (ms)", r -> size(r[1]) + " " + r[2] + "/s", 6);
        chart(dir.resolve(prefix + "chain.csv"), dir.resolve(prefix + "chain.png"),
                "chain length, p50 latency (ms), 1 KB at 1/s", r -> r[1] + " functions", 3);
        chart(dir.resolve(prefix + "batch.csv"), dir.resolve(prefix + "batch.png"),
                "batch, events/s through the function (start-up excluded)", r -> size(r[1]) + " x" + r[2], 8);
    }

    private interface Group {
        String of(String[] row);
    }

    private static String size(String bytes) {
        long b = Long.parseLong(bytes);
        return b >= 1 << 20 ? (b >> 20) + " MB" : (b >> 10) + " KB";
    }

    private static void chart(Path csv, Path png, String title, Group group, int column) throws IOException {
        if (!Files.exists(csv)) {
            return;
        }
        Set<String> groups = new LinkedHashSet<>();
        Map<String, Map<String, Double>> bySystem = new LinkedHashMap<>();
        for (String line : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size())) {
            String[] r = line.split(",");
            String g = group.of(r);
            groups.add(g);
            bySystem.computeIfAbsent(r[0], k -> new LinkedHashMap<>()).put(g, Double.parseDouble(r[column]));
        }
        write(png, title, new ArrayList<>(groups), bySystem);
    }

    private static void write(Path png, String title, List<String> groups, Map<String, Map<String, Double>> series)
            throws IOException {
        int w = 160 + groups.size() * (series.size() * 22 + 30);
        int h = 420;
        int left = 70;
        int top = 50;
        int bottom = h - 60;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        double max = 1;
        double min = Double.MAX_VALUE;
        for (Map<String, Double> s : series.values()) {
            for (double v : s.values()) {
                if (v > 0 && Double.isFinite(v)) {
                    max = Math.max(max, v);
                    min = Math.min(min, v);
                }
            }
        }
        double lo = Math.floor(Math.log10(Math.min(min, max)));
        double hi = Math.ceil(Math.log10(max));
        if (hi <= lo) {
            hi = lo + 1;
        }
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, left, 25);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (double e = lo; e <= hi; e++) {
            int y = (int) (bottom - (e - lo) / (hi - lo) * (bottom - top));
            g.setColor(new Color(0xdddddd));
            g.drawLine(left, y, w - 20, y);
            g.setColor(Color.BLACK);
            g.drawString(String.valueOf(Math.pow(10, e)).replaceAll("\\.0$", ""), 5, y + 4);
        }
        int x = left + 15;
        for (String grp : groups) {
            int i = 0;
            for (Map<String, Double> s : series.values()) {
                Double v = s.get(grp);
                g.setColor(PALETTE[i % PALETTE.length]);
                if (v != null && v > 0 && Double.isFinite(v)) {
                    int y = (int) (bottom - (Math.log10(v) - lo) / (hi - lo) * (bottom - top));
                    g.fillRect(x + i * 22, y, 18, bottom - y);
                }
                i++;
            }
            g.setColor(Color.BLACK);
            g.drawString(grp, x, bottom + 16);
            x += series.size() * 22 + 30;
        }
        g.setStroke(new BasicStroke(1));
        g.drawLine(left, bottom, w - 20, bottom);
        int i = 0;
        int lx = left;
        for (String name : series.keySet()) {
            g.setColor(PALETTE[i++ % PALETTE.length]);
            g.fillRect(lx, h - 30, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(name, lx + 16, h - 20);
            lx += 30 + g.getFontMetrics().stringWidth(name);
        }
        g.dispose();
        ImageIO.write(img, "png", png.toFile());
    }
}
