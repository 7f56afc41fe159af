package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Entry point of a worker JVM started by {@link LocalProcessPlatform}: reads its request payload
 * from standard input, runs the worker, and exits with 0 (done), 3 (cancelled) or 1 (failed); with
 * {@value #WARM_UP}, only warms up on the request and exits with 0; with {@value #STANDBY}, warms up
 * and waits for its request as a {@link StandbyWorker}.
 */
public final class WorkerMain {
    /** First argument of a training run for {@link WorkerClassArchive}: see {@link WorkerEntryPoint#warmUp}. */
    static final String WARM_UP = "--warm-up";
    /** First argument of a JVM started ahead of need by {@link StandbyWorkers}. */
    static final String STANDBY = "--standby";

    private WorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        String mode = args.length > 0 ? args[0] : "";
        if (mode.equals(WARM_UP)) {
            String payload = new String(System.in.readAllBytes(), StandardCharsets.US_ASCII);
            try (WorkerEntryPoint entry = new WorkerEntryPoint()) {
                entry.warmUp(payload);
            } catch (RuntimeException e) {
                // most often the job ended first (its streams are gone): what was loaded is still worth keeping
                System.out.println("warm-up ended early: " + e);
            }
            System.exit(0); // a normal exit: only then does the JVM write the class archive it was asked for
        }
        WorkerOutcome outcome;
        try (WorkerEntryPoint entry = new WorkerEntryPoint()) {
            // a standby keeps the clients its warm-up connected for the worker it becomes
            String payload = mode.equals(STANDBY) ? StandbyWorker.awaitRequest(entry)
                    : new String(System.in.readAllBytes(), StandardCharsets.US_ASCII);
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
