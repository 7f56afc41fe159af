package io.xtremehub.autoscaler.rule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a flapping recommendation from making a knob flap. A scale-up happens only to a value
 * every recommendation of the last {@code upWindow} asked for at least (the minimum over the
 * window), a scale-down only to a value none of the last {@code downWindow} asked to exceed (the
 * maximum over the window). After any action, the next scale-up waits {@code upCooldown} and the
 * next scale-down {@code downCooldown}. Not thread-safe: one orchestrator thread owns it.
 */
public final class Stabilizer {
    private record Sample(Instant time, int value) { }

    private final Clock clock;
    private final Duration upWindow;
    private final Duration downWindow;
    private final Duration upCooldown;
    private final Duration downCooldown;
    private final List<Sample> history = new ArrayList<>();
    private Instant lastAction = Instant.MIN;

    public Stabilizer(Clock clock, Duration upWindow, Duration downWindow, Duration upCooldown, Duration downCooldown) {
        this.clock = clock;
        this.upWindow = nonNegative(upWindow, "upWindow");
        this.downWindow = nonNegative(downWindow, "downWindow");
        this.upCooldown = nonNegative(upCooldown, "upCooldown");
        this.downCooldown = nonNegative(downCooldown, "downCooldown");
    }

    /** The outcome: the value to set (equal to current when holding), why, and when each direction may act next. */
    public record Outcome(int target, String reason, Instant nextUpAllowed, Instant nextDownAllowed) {
        public boolean changes(int current) {
            return target != current;
        }
    }

    /** Records a recommendation and decides what to do with the knob now at {@code current}. */
    public Outcome offer(int current, int recommended) {
        Instant now = clock.instant();
        history.add(new Sample(now, recommended));
        Duration keep = upWindow.compareTo(downWindow) > 0 ? upWindow : downWindow;
        // keep the last sample at or before the longest window's start: it was in force there
        while (history.size() > 1 && !history.get(1).time().isAfter(now.minus(keep))) {
            history.remove(0);
        }
        Instant upAt = after(lastAction, upCooldown);
        Instant downAt = after(lastAction, downCooldown);
        // a window acts only once it has been watched whole: right after start one sample is no evidence
        int upTo = covered(now.minus(upWindow)) ? extreme(now.minus(upWindow), true) : current;
        int downTo = covered(now.minus(downWindow)) ? extreme(now.minus(downWindow), false) : current;
        if (upTo > current) {
            if (now.isBefore(upAt)) {
                return new Outcome(current, "scale-up to " + upTo + " waits for its cool-down", upAt, downAt);
            }
            lastAction = now;
            return new Outcome(upTo, "every recommendation of the last " + upWindow.toSeconds()
                    + " s asked for at least " + upTo, after(now, upCooldown), after(now, downCooldown));
        }
        if (downTo < current) {
            if (now.isBefore(downAt)) {
                return new Outcome(current, "scale-down to " + downTo + " waits for its cool-down", upAt, downAt);
            }
            lastAction = now;
            return new Outcome(downTo, "no recommendation of the last " + downWindow.toSeconds()
                    + " s asked for more than " + downTo, after(now, upCooldown), after(now, downCooldown));
        }
        String why = recommended == current ? "at the recommended value"
                : "recommendation " + recommended + " not yet stable over its window";
        return new Outcome(current, why, upAt, downAt);
    }

    private boolean covered(Instant from) {
        return !history.get(0).time().isAfter(from);
    }

    /**
     * Minimum (for up) or maximum (for down) of the recommendations in force since {@code from}:
     * the one made at or before it and every later one.
     */
    private int extreme(Instant from, boolean min) {
        int out = min ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        for (int i = history.size() - 1; i >= 0; i--) {
            Sample s = history.get(i);
            out = min ? Math.min(out, s.value()) : Math.max(out, s.value());
            if (!s.time().isAfter(from)) {
                break;
            }
        }
        return out;
    }

    private static Instant after(Instant t, Duration d) {
        return t.equals(Instant.MIN) ? Instant.EPOCH : t.plus(d);
    }

    private static Duration nonNegative(Duration d, String name) {
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, got " + d);
        }
        return d;
    }
}
