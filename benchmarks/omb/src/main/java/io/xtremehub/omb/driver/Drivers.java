package io.xtremehub.omb.driver;

import io.xtremehub.omb.driver.kafka.KafkaBenchmarkDriver;
import io.xtremehub.omb.driver.pravega.PravegaBenchmarkDriver;
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
        String hint = (config.string("driverClass", "") + " " + config.string("name", "")).toLowerCase(Locale.ROOT);
        if (hint.contains("pravega") || hint.contains("xtremehub")) {
            return PravegaBenchmarkDriver.open(config);
        }
        if (hint.contains("kafka")) {
            return KafkaBenchmarkDriver.open(config);
        }
        throw new DriverConfigException(file + ": cannot tell the system from 'driverClass'/'name' ('"
                + hint.trim() + "'); supported: Pravega (XtremeHub), Kafka");
    }
}
