package io.xtremehub.benchmarks.scaling;

/** The input rate a load generator follows: events per second at each second of the run. */
interface RateShape {
    /** Events per second due at {@code second} (0 to {@link #seconds()}). */
    double rateAt(double second);

    /** Length of the load in seconds. */
    double seconds();

    /** One line saying what the shape is, for the report. */
    String describe();
}
