package io.xtremehub.faastream.internal.worker;

import java.util.function.Supplier;

/**
 * A worker's input being opened on a thread of its own while the worker restores its state: joining a
 * reader group and fetching the state from the object store each take seconds on a busy machine, and
 * do not depend on each other.
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

    /**
     * Waits for the input.
     *
     * @throws RuntimeException what opening it threw
     */
    StageInput await() throws InterruptedException {
        thread.join();
        if (failure != null) {
            throw failure;
        }
        return input;
    }

    /** How long opening took (once {@link #await} returned). */
    long millis() {
        return millis;
    }
}
