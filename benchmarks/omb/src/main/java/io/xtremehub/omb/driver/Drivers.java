package io.xtremehub.omb.driver;

import io.xtremehub.omb.driver.kafka.KafkaBenchmarkDriver;
import io.xtremehub.omb.driver.pravega.PravegaBenchmarkDriver;
import io.xtremehub.omb.driver.pulsar.PulsarBenchmarkDriver;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Opens the driver a YAML file names. OMB files name a {@code driverClass}; we pick ours by the
 * system that class (or the {@code name}) belongs to, so OMB's own driver files work unchanged.
 */
public final class Drivers {
    private Drivers() {
    }

    public static BenchmarkDriver open(Path file) {
        DriverConfigFile config = DriverConfigFile.read(file);
        return switch (system(file, config)) {
            case KAFKA -> KafkaBenchmarkDriver.open(config);
            case PULSAR -> PulsarBenchmarkDriver.open(config);
            case PRAVEGA -> PravegaBenchmarkDriver.open(config);
        };
    }

    /** Reads and checks a driver file without connecting or starting anything. */
    public static void check(Path file) {
        DriverConfigFile config = DriverConfigFile.read(file);
        switch (system(file, config)) {
            case KAFKA -> KafkaBenchmarkDriver.check(config);
            case PULSAR -> PulsarBenchmarkDriver.check(config);
            case PRAVEGA -> PravegaBenchmarkDriver.check(config);
        }
    }

    private enum Target { PRAVEGA, KAFKA, PULSAR }

    private static Target system(Path file, DriverConfigFile config) {
        String hint = (config.string("driverClass", "") + " " + config.string("name", "")).toLowerCase(Locale.ROOT);
        // Kafka and Pulsar first: our own class names all contain "xtremehub"
        if (hint.contains("kafka")) {
            return Target.KAFKA;
        }
        if (hint.contains("pulsar")) {
            return Target.PULSAR;
        }
        if (hint.contains("pravega") || hint.contains("xtremehub")) {
            return Target.PRAVEGA;
        }
        throw new DriverConfigException(file + ": cannot tell the system from 'driverClass'/'name' ('"
                + hint.trim() + "'); supported: Pravega (XtremeHub), Kafka, Pulsar");
    }
}
