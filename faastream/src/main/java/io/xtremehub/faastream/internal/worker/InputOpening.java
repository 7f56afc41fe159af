package io.xtremehub.faastream.internal.worker;

import java.util.function.Supplier;

/**
 * A worker's input being opened on a thread of its own while the worker opens its channels and restores its
 * state: joining a reader group, opening the channels and fetching the state each take from a few hundred
 * ms to seconds on a busy machine, and do not depend on each other.
 */
final class InputOpening {
    private final Thread thread;
    private volatile StageInput input;
    private volatile RuntimeException failure;
    private volatile long millis;

    InputOpening(Supplier<StageInput> open) {
        thread = new Thread(() -> {
            long began = System.currentTimeMillis();
            try {
                input = open.get();
            } catch (RuntimeException e) {
                failure = e;
            }
            millis = System.currentTimeMillis() - began;
        }, "faastream-input-opening");
        thread.setDaemon(true);
        thread.start();
    }

    /** Set once {@link #await} handed the input out: from then on its taker lets go of it. */
    private boolean claimed;

    /**
     * Waits for the input, even when interrupted (the interrupt is kept for the caller): a platform that
     * stops the worker meanwhile must still get the input back to let go of, or its reader would stay in
     * the group holding segments that nobody reads.
     *
     * @throws RuntimeException what opening it threw
     */
    StageInput await() {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        claimed = true;
        if (failure != null) {
            throw failure;
        }
        return input;
    }

    /** The input when {@link #await} never handed it out (the worker failed before), else null; waits for it. */
    StageInput takeUnclaimed() {
        if (claimed) {
            return null;
        }
        try {
            return await();
        } catch (RuntimeException e) {
            return null; // it failed to open: nothing to let go of
        }
    }

    /** How long opening took (once {@link #await} returned). */
    long millis() {
        return millis;
    }
}
