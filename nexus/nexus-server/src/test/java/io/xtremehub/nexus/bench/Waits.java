package io.xtremehub.nexus.bench;

import java.util.function.BooleanSupplier;

/** Waiting for a condition the benchmark's setup needs, with a timeout that names it. */
final class Waits {
    private static final long TIMEOUT_MS = 60_000;

    private Waits() {
    }

    static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("timed out after " + TIMEOUT_MS / 1000 + " s waiting until " + what);
            }
            Thread.sleep(50);
        }
    }
}
