package io.xtremehub.nexus.api;

import java.util.Map;

/**
 * A function Nexus runs in-line on storage requests for chunks of tiered stream data. Implement one
 * of {@link ByteStreamlet}, {@link DataSourceStreamlet} or {@link EventStreamlet}, annotate the class
 * with {@link StreamletInfo} and give it a public no-argument constructor.
 *
 * <p>One instance serves one position of one policy version and is called concurrently by many
 * requests: keep per-request state in the {@link StreamletContext} or in local variables.
 */
public interface Streamlet extends AutoCloseable {
    /**
     * Receives the policy's parameters once, before any request.
     *
     * @throws IllegalArgumentException with a one-line message if a parameter is wrong
     */
    default void configure(Map<String, String> parameters) {
    }

    /** Releases resources when the policy version is retired. */
    @Override
    default void close() {
    }

    /** This streamlet's descriptor. */
    default StreamletDescriptor descriptor() {
        return StreamletDescriptor.of(getClass());
    }
}
