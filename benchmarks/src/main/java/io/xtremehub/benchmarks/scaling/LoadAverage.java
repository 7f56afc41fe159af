package io.xtremehub.benchmarks.scaling;

import java.lang.management.ManagementFactory;

/** The machine's load: it is shared, and the load says how far a run's figures can be trusted. */
final class LoadAverage {
    private LoadAverage() {
    }

    static double oneMinute() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
