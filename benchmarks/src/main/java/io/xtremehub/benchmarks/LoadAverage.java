package io.xtremehub.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine's load: it is shared, and the load says how far a run's figures can be trusted. */
public final class LoadAverage {
    private LoadAverage() {
    }

    public static double oneMinute() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** The 1, 5 and 15 minute averages as "a, b, c" (only the 1 minute one where /proc is missing). */
    public static String all() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException e) {
            return String.format(Locale.ROOT, "%.2f (1 min)", oneMinute());
        }
    }
}
