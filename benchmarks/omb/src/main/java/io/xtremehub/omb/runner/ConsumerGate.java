package io.xtremehub.omb.runner;

/** Holds consumer threads while a backlog builds up, as OMB does, and lets them go at once. */
final class ConsumerGate {
    private boolean paused;

    synchronized void pause() {
        paused = true;
    }

    synchronized void resume() {
        paused = false;
        notifyAll();
    }

    synchronized void awaitOpen() {
        while (paused) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
