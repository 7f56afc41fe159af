package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The FaaStream worker image: one worker, its request on standard input, like a local-process worker. */
class WorkerImageTest extends ImageTestBase {
    @Override String module() { return "worker"; }
    @Override String imageName() { return "faastream-worker"; }
    @Override String mainClass() { return "io.xtremehub.faastream.platform.WorkerMain"; }
    @Override Set<String> exposedPorts() { return Set.of(); }
    @Override List<String> documented() { return List.of("standard input", "/etc/xtremehub/worker-logback.xml"); }

    @Test
    void takesNoArgumentsAndTheJvmFlagsOfALocalProcessWorker() {
        assertEquals(List.of(), image.cmd());
        assertTrue(image.entrypoint().containsAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")),
                image.entrypoint().toString());
    }

    @Test
    void readsItsRequestFromStandardInput() throws Exception {
        Sandbox.Result r = sandbox.run(defaultCommand(), "not a worker request", Duration.ofSeconds(90));
        assertExit(1, r);
        assertTrue(r.stderr().contains("io.xtremehub.faastream.internal.wire.WorkerLaunch.decode"), r.output());
    }
}
