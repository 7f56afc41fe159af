package io.xtremehub.benchmarks.latency;

import java.util.concurrent.locks.LockSupport;

/** Calls an action at a fixed rate from the calling thread, each call at its scheduled time. */
public final class Pacer {
    private Pacer() {
    }

    public interface Send {
        void send(int index) throws Exception;
    }

    public static void run(int eventsPerSecond, int events, Send send) throws Exception {
        long period = 1_000_000_000L / eventsPerSecond;
        long start = System.nanoTime();
        for (int i = 0; i < events; i++) {
            long due = start + i * period;
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            send.send(i);
        }
    }
}
