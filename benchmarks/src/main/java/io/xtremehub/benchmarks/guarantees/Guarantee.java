package io.xtremehub.benchmarks.guarantees;

/** The two delivery guarantees a FaaStream job can run with. */
enum Guarantee {
    AT_LEAST_ONCE("at-least-once", false),
    EXACTLY_ONCE("exactly-once", true);

    private final String label;
    private final boolean exactlyOnce;

    Guarantee(String label, boolean exactlyOnce) {
        this.label = label;
        this.exactlyOnce = exactlyOnce;
    }

    String label() {
        return label;
    }

    boolean exactlyOnce() {
        return exactlyOnce;
    }
}
