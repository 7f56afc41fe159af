package io.xtremehub.benchmarks.scaling;

import java.util.Arrays;

/**
 * When each event of a load is due: event {@code i} is due when the integral of the rate from the
 * start reaches {@code i + 1}, so any window of the run holds as many events as its rate says
 * (to within one), whatever the shape.
 */
final class EventSchedule {
    private static final double STEP_SECONDS = 0.001;

    private EventSchedule() {
    }

    /** Due times of every event, in nanoseconds from the start, ascending. */
    static long[] of(RateShape shape) {
        long[] due = new long[1024];
        int n = 0;
        double owed = 0;
        long steps = (long) Math.ceil(shape.seconds() / STEP_SECONDS);
        for (long k = 0; k < steps; k++) {
            // from the step's index: adding up steps would drift over a long load
            double t = k * STEP_SECONDS;
            double step = Math.min(STEP_SECONDS, shape.seconds() - t);
            double rate = shape.rateAt(t + step / 2);
            double before = owed;
            owed += rate * step;
            while (owed >= n + 1) {
                // where in this step the integral crossed the next whole event
                double into = rate > 0 ? (n + 1 - before) / rate : 0;
                if (n == due.length) {
                    due = Arrays.copyOf(due, n * 2);
                }
                due[n++] = (long) ((t + into) * 1e9);
            }
        }
        return Arrays.copyOf(due, n);
    }
}
