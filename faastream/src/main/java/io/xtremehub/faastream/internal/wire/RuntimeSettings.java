package io.xtremehub.faastream.internal.wire;

import io.xtremehub.faastream.ErrorPolicy;
import io.xtremehub.faastream.Mode;
import java.io.Serializable;

/**
 * The job options every worker needs.
 *
 * @param shuffleDir the job's local directory for parked shuffle packs, or null for the object store
 */
public record RuntimeSettings(Mode mode, ErrorPolicy errorPolicy, long windowMillis, int largeEventThreshold,
                              long telemetryMillis, int queueCapacity, String shuffleDir) implements Serializable {
}
