package io.xtremehub.standalone.internal;

/**
 * A component of the embedded cluster that can die on its own while the cluster runs (a
 * bookie that loses its registration shuts itself down, a controller service fails), so
 * the cluster watches it instead of serving on without it.
 */
public interface MonitoredComponent {
    /** What a user calls it, e.g. "BookKeeper bookie 127.0.0.1:3181". */
    String componentName();

    /** Null while the component runs; otherwise a short description of how it stopped. */
    String failure();
}
