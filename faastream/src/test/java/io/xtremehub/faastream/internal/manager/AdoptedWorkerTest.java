package io.xtremehub.faastream.internal.manager;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An adopted worker's handle, on a stand-in process. */
class AdoptedWorkerTest {
    @Test
    void isAliveUntilItsProcessEndsAndKillEndsTheProcessItsReportsNamed() throws Exception {
        Process p = new ProcessBuilder("sleep", "60").start();
        try {
            AdoptedWorker w = new AdoptedWorker("j1-s0w0-3");
            assertTrue(w.alive(), "before any report it counts as alive");
            w.reportedFrom(0); // a report from before reports carried a process id
            w.reportedFrom(p.pid());
            assertTrue(w.alive());
            w.kill();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the process was killed");
            assertFalse(w.alive());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aWorkerWhoseProcessEndedIsNotAlive() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        AdoptedWorker w = new AdoptedWorker("j1-s0w1-3");
        w.reportedFrom(p.pid());
        assertFalse(w.alive());
    }

    @Test
    void killedBeforeAnyReportItIsNotAliveAnyMore() {
        AdoptedWorker w = new AdoptedWorker("j1-s0w2-3");
        w.kill();
        assertFalse(w.alive());
    }
}
