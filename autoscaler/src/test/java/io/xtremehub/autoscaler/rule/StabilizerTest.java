package io.xtremehub.autoscaler.rule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StabilizerTest {
    private final ManualClock clock = new ManualClock();

    private Stabilizer stabilizer(int upWindow, int downWindow, int upCooldown, int downCooldown) {
        return new Stabilizer(clock, Duration.ofSeconds(upWindow), Duration.ofSeconds(downWindow),
                Duration.ofSeconds(upCooldown), Duration.ofSeconds(downCooldown));
    }

    /** Feeds {@code recommendations} every 10 s and returns the knob's value after each. */
    private List<Integer> run(Stabilizer s, int start, int... recommendations) {
        List<Integer> values = new ArrayList<>();
        int current = start;
        for (int r : recommendations) {
            current = s.offer(current, r).target();
            values.add(current);
            clock.advance(Duration.ofSeconds(10));
        }
        return values;
    }

    private static int changes(List<Integer> values, int start) {
        int n = 0;
        int last = start;
        for (int v : values) {
            if (v != last) {
                n++;
            }
            last = v;
        }
        return n;
    }

    @Test
    void anInputOscillatingFasterThanTheWindowsNeverMovesTheKnob() {
        Stabilizer s = stabilizer(30, 60, 0, 0);
        int[] flapping = new int[60];
        for (int i = 0; i < flapping.length; i++) {
            flapping[i] = i % 4 < 2 ? 2 : 6;   // 20 s at 2, 20 s at 6, for 10 minutes
        }
        List<Integer> values = run(s, 4, flapping);
        assertEquals(0, changes(values, 4), "knob moved: " + values);
    }

    @Test
    void withoutWindowsTheSameInputFlapsEveryPeriod() {
        // the control: proves the oscillating input above would make a naive controller flap
        Stabilizer s = stabilizer(0, 0, 0, 0);
        int[] flapping = new int[20];
        for (int i = 0; i < flapping.length; i++) {
            flapping[i] = i % 2 == 0 ? 2 : 6;
        }
        assertEquals(20, changes(run(s, 4, flapping), 4));
    }

    @Test
    void aSustainedRiseIsFollowedOnceTheUpWindowHasSeenOnlyHigherValues() {
        Stabilizer s = stabilizer(30, 60, 0, 0);
        List<Integer> values = run(s, 2, 2, 5, 5, 5, 5, 5);
        // at 10 s the window still holds the 2; at 40 s (the 2 is 40 s old) every sample asks for 5
        assertEquals(List.of(2, 2, 2, 2, 5, 5), values);
    }

    @Test
    void aSustainedFallWaitsForTheDownWindowAndGoesToItsMaximum() {
        Stabilizer s = stabilizer(0, 30, 0, 0);
        List<Integer> values = run(s, 6, 6, 3, 1, 1, 1, 1);
        // the maximum over the last 30 s: 6 up to 30 s, 3 at 40 s, 1 at 50 s
        assertEquals(List.of(6, 6, 6, 6, 3, 1), values);
    }

    @Test
    void periodsThatDriftAgainstTheWindowStillAct() {
        // an orchestrator's period is never exact: 2.03 s against a 6 s window
        Stabilizer s = stabilizer(0, 6, 0, 0);
        int current = 2;
        for (int i = 0; i < 10 && current == 2; i++) {
            current = s.offer(current, 1).target();
            clock.advance(Duration.ofMillis(2030));
        }
        assertEquals(1, current);
    }

    @Test
    void coolDownsDelayTheNextActionInEachDirection() {
        Stabilizer s = stabilizer(0, 0, 30, 120);
        Stabilizer.Outcome up = s.offer(2, 4);
        assertEquals(4, up.target());
        assertEquals(clock.instant().plusSeconds(30), up.nextUpAllowed());
        assertEquals(clock.instant().plusSeconds(120), up.nextDownAllowed());

        clock.advance(Duration.ofSeconds(10));
        Stabilizer.Outcome early = s.offer(4, 8);
        assertFalse(early.changes(4));
        assertTrue(early.reason().contains("cool-down"), early.reason());
        clock.advance(Duration.ofSeconds(25));
        assertEquals(8, s.offer(4, 8).target());

        clock.advance(Duration.ofSeconds(60));
        assertEquals(8, s.offer(8, 1).target(), "down within 120 s of the last action");
        clock.advance(Duration.ofSeconds(61));
        assertEquals(1, s.offer(8, 1).target());
    }

    @Test
    void negativeDurationsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> stabilizer(-1, 0, 0, 0));
        assertTrue(e.getMessage().contains("upWindow"));
    }
}
