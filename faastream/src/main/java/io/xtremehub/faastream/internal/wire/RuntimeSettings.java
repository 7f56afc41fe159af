package io.xtremehub.faastream.internal.wire;

import io.xtremehub.faastream.ErrorPolicy;
import io.xtremehub.faastream.Mode;
import java.io.Serializable;

/** The job options every worker needs. */
public record RuntimeSettings(Mode mode, ErrorPolicy errorPolicy, long windowMillis, int largeEventThreshold,
                              long telemetryMillis, int queueCapacity) implements Serializable {
}
