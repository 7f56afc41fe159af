package io.xtremehub.faastream.platform;

/** The manager's view of one launched worker. */
public interface WorkerHandle {
    String workerId();

    /** False once the worker has ended, for any reason. */
    boolean alive();

    /** Ends the worker abruptly, as a crash would (processes are killed, threads interrupted). */
    void kill();
}
