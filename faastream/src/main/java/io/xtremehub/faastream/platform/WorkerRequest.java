package io.xtremehub.faastream.platform;

/**
 * What a platform is asked to run: one worker of one stage. The payload is opaque to the platform;
 * it hands it to {@link WorkerEntryPoint} in whatever runtime it starts.
 *
 * @param workerId unique worker id (also its Pravega reader id)
 * @param jobId    the job
 * @param stage    stage index
 * @param payload  the encoded launch description
 */
public record WorkerRequest(String workerId, String jobId, int stage, String payload) {
}
