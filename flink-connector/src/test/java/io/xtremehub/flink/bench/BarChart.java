package io.xtremehub.flink.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/** A horizontal bar chart written as PNG with the JDK alone (headless). */
final class BarChart {
    private final String title;
    private final Map<String, Double> bars = new LinkedHashMap<>();

    BarChart(String title) {
        this.title = title;
    }

    BarChart bar(String label, double value) {
        bars.put(label, value);
        return this;
    }

    void write(Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int width = 900;
        int rowHeight = 44;
        int top = 60;
        int left = 260;
        int height = top + rowHeight * bars.size() + 30;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, 20, 30);
        double max = bars.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        int barSpace = width - left - 140;
        int row = 0;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (Map.Entry<String, Double> bar : bars.entrySet()) {
            int y = top + row * rowHeight;
            int length = (int) Math.round(barSpace * bar.getValue() / max);
            g.setColor(Color.BLACK);
            g.drawString(bar.getKey(), 20, y + 22);
            g.setColor(new Color(70, 110, 180));
            g.fillRect(left, y + 6, length, rowHeight - 14);
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, "%,.0f ev/s", bar.getValue()), left + length + 8, y + 22);
            row++;
        }
        g.setStroke(new BasicStroke(1));
        g.drawLine(left, top, left, top + rowHeight * bars.size());
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }
}
