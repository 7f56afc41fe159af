package io.xtremehub.nexus.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * A grouped bar chart of throughput relative to S3Proxy alone, one panel for PUT and one for GET,
 * one group per (object size, clients) cell, with the 95% goal drawn across. Plain Java2D.
 */
final class RatioPlot {
    private static final Color[] COLORS = {new Color(0x4C72B0), new Color(0xDD8452), new Color(0x55A868),
        new Color(0xC44E52), new Color(0x8172B3)};
    private static final int WIDTH = 1400;
    private static final int PANEL = 380;

    private RatioPlot() {
    }

    /**
     * Writes the PNG.
     *
     * @param cells labels of the cells, in order
     * @param put target name to {median, p25, p75} PUT ratio per cell (1.0 = as fast as S3Proxy alone)
     * @param get the same for GET
     */
    static void write(Path png, String title, List<String> cells, Map<String, double[][]> put,
                      Map<String, double[][]> get) throws IOException {
        BufferedImage image = new BufferedImage(WIDTH, 2 * PANEL + 90, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        g.drawString(title, 70, 30);
        panel(g, 50, "PUT throughput / S3Proxy alone", cells, put);
        panel(g, 50 + PANEL, "GET throughput / S3Proxy alone", cells, get);
        legend(g, 70, 2 * PANEL + 70, put);
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private static void panel(Graphics2D g, int top, String label, List<String> cells,
                              Map<String, double[][]> ratios) {
        int left = 70;
        int right = WIDTH - 30;
        int bottom = top + PANEL - 60;
        double max = 1.2;
        for (double[][] r : ratios.values()) {
            for (double[] v : r) {
                for (double x : v) {
                    max = Double.isNaN(x) ? max : Math.max(max, x);
                }
            }
        }
        max = Math.ceil(max * 5) / 5;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (double tick = 0; tick <= max + 1e-9; tick += 0.2) {
            int y = y(tick, max, top, bottom);
            g.setColor(new Color(0xE6E6E6));
            g.drawLine(left, y, right, y);
            g.setColor(Color.DARK_GRAY);
            g.drawString(String.format("%.0f%%", tick * 100), left - 45, y + 4);
        }
        int groupWidth = (right - left) / cells.size();
        int barWidth = Math.max(4, (groupWidth - 16) / Math.max(1, ratios.size()));
        int series = 0;
        for (double[][] r : ratios.values()) {
            for (int c = 0; c < cells.size(); c++) {
                int x = left + c * groupWidth + 8 + series * barWidth;
                int y = y(r[c][0], max, top, bottom);
                g.setColor(COLORS[series % COLORS.length]);
                g.fillRect(x, y, barWidth - 2, bottom - y);
                int mid = x + (barWidth - 2) / 2;
                int lo = y(r[c][1], max, top, bottom);
                int hi = y(r[c][2], max, top, bottom);
                g.setColor(Color.BLACK);
                g.drawLine(mid, lo, mid, hi);
                g.drawLine(mid - 4, lo, mid + 4, lo);
                g.drawLine(mid - 4, hi, mid + 4, hi);
            }
            series++;
        }
        g.setColor(Color.BLACK);
        for (int c = 0; c < cells.size(); c++) {
            g.drawString(cells.get(c), left + c * groupWidth + 8, bottom + 16);
        }
        g.setColor(new Color(0xC00000));
        g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        int goal = y(0.95, max, top, bottom);
        g.drawLine(left, goal, right, goal);
        g.drawString("95% goal", right - 60, goal - 4);
        g.setStroke(new BasicStroke(1));
        g.setColor(Color.BLACK);
        g.drawLine(left, bottom, right, bottom);
        g.drawLine(left, top, left, bottom);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(label, left + 6, top + 14);
    }

    private static void legend(Graphics2D g, int x, int y, Map<String, double[][]> ratios) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        int series = 0;
        for (String name : ratios.keySet()) {
            g.setColor(COLORS[series % COLORS.length]);
            g.fillRect(x + series * 170, y - 11, 14, 14);
            g.setColor(Color.BLACK);
            g.drawString(name, x + series * 170 + 20, y);
            series++;
        }
    }

    private static int y(double value, double max, int top, int bottom) {
        int plotTop = top + 24;
        double v = Double.isNaN(value) ? 0 : Math.min(value, max);
        return bottom - (int) Math.round(v / max * (bottom - plotTop));
    }
}
