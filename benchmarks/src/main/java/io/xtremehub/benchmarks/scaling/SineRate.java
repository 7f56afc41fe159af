package io.xtremehub.benchmarks.scaling;

import java.util.Locale;

/** A rate that swings from {@code valley} up to {@code peak} and back once every {@code period} seconds. */
record SineRate(double valley, double peak, double periodSeconds, double seconds) implements RateShape {
    SineRate {
        if (valley < 0 || peak < valley) {
            throw new IllegalArgumentException("a sine load needs 0 <= valley <= peak, got valley " + valley
                    + " and peak " + peak);
        }
        if (periodSeconds <= 0 || seconds <= 0) {
            throw new IllegalArgumentException("a sine load needs a positive period and length, got " + periodSeconds
                    + " s and " + seconds + " s");
        }
    }

    @Override
    public double rateAt(double second) {
        // starts in the valley, as a day starts at night
        return valley + (peak - valley) * (1 - Math.cos(2 * Math.PI * second / periodSeconds)) / 2;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "sine %.0f-%.0f events/s, period %.0f s, %.0f s", valley, peak,
                periodSeconds, seconds);
    }
}
