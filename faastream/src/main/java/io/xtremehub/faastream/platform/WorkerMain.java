package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Entry point of a worker JVM started by {@link LocalProcessPlatform}: reads its request payload
 * from standard input, runs the worker, and exits with 0 (done), 3 (cancelled) or 1 (failed); with
 * {@value #WARM_UP}, only warms up on the request and exits with 0.
 */
public final class WorkerMain {
    /** First argument of a training run for {@link WorkerClassArchive}: see {@link WorkerEntryPoint#warmUp}. */
    static final String WARM_UP = "--warm-up";

    private WorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        String payload = new String(System.in.readAllBytes(), StandardCharsets.US_ASCII);
        if (args.length > 0 && args[0].equals(WARM_UP)) {
            try (WorkerEntryPoint entry = new WorkerEntryPoint()) {
                entry.warmUp(payload);
            }
            System.exit(0); // a normal exit: only then does the JVM write the class archive it was asked for
        }
        WorkerOutcome outcome;
        try (WorkerEntryPoint entry = new WorkerEntryPoint()) {
            outcome = entry.run(payload, null, 0).outcome();
        }
        System.exit(switch (outcome) {
            case DONE, HANDOFF -> 0;
            case CANCELLED -> 3;
            // ROLLED_BACK: the entry point restarts such a worker in place, it never ends with it
            case FAILED, ROLLED_BACK -> 1;
        });
    }
}
