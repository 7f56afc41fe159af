package io.xtremehub.benchmarks.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Stacked line panels over one time axis (seconds), drawn with Java2D into a PNG: the experiments
 * that follow a system over time (the autoscaler's, the FaaStream scaling one) share it.
 */
public final class TimeSeriesChart {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd)};
    private static final int WIDTH = 1100;
    private static final int PANEL = 190;
    private static final int LEFT = 80;
    private static final int RIGHT = 200;

    /** One panel: a title and named series sampled once per second. */
    public record Panel(String title, Map<String, double[]> series) {
        public Panel {
            series = new LinkedHashMap<>(series);
        }
    }

    private TimeSeriesChart() {
    }

    /** Writes the panels, one below the other, each series sampled once per second. */
    public static void write(Path png, String title, List<Panel> panels) throws IOException {
        int height = 40 + panels.size() * (PANEL + 30) + 30;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, LEFT, 25);
        int top = 45;
        for (Panel p : panels) {
            draw(g, p, top);
            top += PANEL + 30;
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.BLACK);
        g.drawString("time (s)", WIDTH / 2 - RIGHT / 2, height - 8);
        g.dispose();
        ImageIO.write(img, "png", png.toFile());
    }

    private static void draw(Graphics2D g, Panel p, int top) {
        int w = WIDTH - LEFT - RIGHT;
        int n = p.series().values().stream().mapToInt(a -> a.length).max().orElse(1);
        double max = p.series().values().stream().flatMapToDouble(java.util.Arrays::stream)
                .filter(Double::isFinite).max().orElse(1);
        max = max <= 0 ? 1 : max * 1.05;
        g.setColor(new Color(0xdddddd));
        for (int i = 0; i <= 4; i++) {
            int y = top + PANEL - PANEL * i / 4;
            g.drawLine(LEFT, y, LEFT + w, y);
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, top, w, PANEL);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        g.drawString(p.title(), LEFT, top - 5);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (int i = 0; i <= 4; i++) {
            g.drawString(String.format("%.0f", max * i / 4), 5, top + PANEL - PANEL * i / 4 + 4);
        }
        for (int i = 0; i <= 5; i++) {
            int x = LEFT + w * i / 5;
            g.drawString(Integer.toString((n - 1) * i / 5), x - 8, top + PANEL + 14);
        }
        int k = 0;
        for (Map.Entry<String, double[]> e : p.series().entrySet()) {
            Color c = PALETTE[k % PALETTE.length];
            g.setColor(c);
            g.setStroke(new BasicStroke(1.6f));
            double[] v = e.getValue();
            for (int i = 1; i < v.length; i++) {
                if (Double.isFinite(v[i - 1]) && Double.isFinite(v[i])) {
                    g.drawLine(LEFT + (int) ((long) w * (i - 1) / Math.max(1, n - 1)), top + PANEL - (int) (PANEL * v[i - 1] / max),
                            LEFT + (int) ((long) w * i / Math.max(1, n - 1)), top + PANEL - (int) (PANEL * v[i] / max));
                }
            }
            g.fillRect(LEFT + w + 15, top + 10 + 18 * k, 12, 4);
            g.setColor(Color.BLACK);
            g.drawString(e.getKey(), LEFT + w + 32, top + 16 + 18 * k);
            k++;
        }
        g.setStroke(new BasicStroke(1f));
    }
}
