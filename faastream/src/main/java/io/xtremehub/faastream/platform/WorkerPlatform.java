package io.xtremehub.faastream.platform;

/**
 * Where workers run: in-JVM threads, local JVM processes, or AWS Lambda. A platform only starts
 * and stops workers; everything else flows through Pravega streams, so workers never need an
 * inbound connection.
 */
public interface WorkerPlatform extends AutoCloseable {
    WorkerHandle launch(WorkerRequest request);

    /**
     * A hint that {@code launches} more launches are coming soon (a stage's roll-back will replace its
     * lost workers once its survivors have let go; a resuming manager will relaunch a job's workers once
     * it has reset the job's stages): a platform that starts workers ahead of need can start them now,
     * getting ready on {@code like}, a request of the same job. Launches work the same without it.
     */
    default void expectLaunches(WorkerRequest like, int launches) {
    }

    /**
     * Whether a worker keeps running when its manager dies (a process of its own does; a thread dies with
     * it): a manager resuming the job then adopts the workers still running instead of starting new ones.
     */
    default boolean workersOutliveManager() {
        return false;
    }

    /** A short name for status output. */
    String name();

    /**
     * Whether every worker runs on the manager's host and sees its file system: then a batch's
     * shuffle packs are parked in a local directory instead of the object store.
     */
    default boolean sharesHostWithManager() {
        return false;
    }

    /**
     * Whether a worker ends at the platform's time limit and hands its slot to a new invocation (a Lambda
     * hand-off): its reader lets go of its segments, which the stage's other workers may take before the
     * successor joins.
     */
    default boolean workersHandOff() {
        return false;
    }

    @Override
    default void close() {
    }
}
