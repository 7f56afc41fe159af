package io.xtremehub.faastream.internal.worker;

/**
 * A stream worker's window ends, aligned on the wall clock (multiples of the window since the
 * epoch) so that the workers of a stage agree on them: a key's window closes at the same end on
 * whichever worker holds it, and a stage restarted at an end starts its next windows after it.
 */
final class WindowClock {
    private final long windowMillis;
    private long end;

    WindowClock(long windowMillis, long now) {
        this.windowMillis = windowMillis;
        next(now);
    }

    /** Whether the current window has ended at {@code now}. */
    boolean ended(long now) {
        return now >= end;
    }

    /** The end of the current window. */
    long end() {
        return end;
    }

    /** Moves to the window {@code now} lies in (after a late check, the closed window took in the time it missed). */
    void next(long now) {
        end = (now / windowMillis + 1) * windowMillis;
    }
}
