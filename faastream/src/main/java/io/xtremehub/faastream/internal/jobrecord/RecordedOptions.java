package io.xtremehub.faastream.internal.jobrecord;

import io.xtremehub.faastream.ErrorPolicy;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.ScalingPolicy;
import java.time.Duration;

/**
 * The {@link JobOptions} of a recorded job, as plain values (the error policy travels with the
 * definition). Only exactly-once jobs are recorded, so the scaling policy is the fixed one and the
 * worker counts are in the stage records.
 */
public record RecordedOptions(String name, Mode mode, long transactionWindowMillis, long windowMillis,
                              long heartbeatTimeoutMillis, long startupTimeoutMillis, long scalingIntervalMillis,
                              int largeEventThreshold, int queueCapacity, boolean cleanup) {

    public static RecordedOptions of(JobOptions o, Mode mode) {
        return new RecordedOptions(o.name(), mode, o.transactionWindow().toMillis(), o.window().toMillis(),
                o.heartbeatTimeout().toMillis(), o.startupTimeout().toMillis(), o.scalingInterval().toMillis(),
                o.largeEventThreshold(), o.queueCapacity(), o.cleanup());
    }

    public JobOptions toOptions(ErrorPolicy errorPolicy) {
        return JobOptions.builder().name(name).mode(mode).exactlyOnce(true).scalingPolicy(ScalingPolicy.fixed())
                .transactionWindow(Duration.ofMillis(transactionWindowMillis)).window(Duration.ofMillis(windowMillis))
                .heartbeatTimeout(Duration.ofMillis(heartbeatTimeoutMillis))
                .startupTimeout(Duration.ofMillis(startupTimeoutMillis))
                .scalingInterval(Duration.ofMillis(scalingIntervalMillis)).largeEventThreshold(largeEventThreshold)
                .queueCapacity(queueCapacity).cleanup(cleanup).errorPolicy(errorPolicy).build();
    }
}
