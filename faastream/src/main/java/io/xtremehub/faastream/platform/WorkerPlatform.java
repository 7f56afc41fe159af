package io.xtremehub.faastream.platform;

/**
 * Where workers run: in-JVM threads, local JVM processes, or AWS Lambda. A platform only starts
 * and stops workers; everything else flows through Pravega streams, so workers never need an
 * inbound connection.
 */
public interface WorkerPlatform extends AutoCloseable {
    WorkerHandle launch(WorkerRequest request);

    /** A short name for status output. */
    String name();

    /**
     * Whether every worker runs on the manager's host and sees its file system: then a batch's
     * shuffle packs are parked in a local directory instead of the object store.
     */
    default boolean sharesHostWithManager() {
        return false;
    }

    @Override
    default void close() {
    }
}
