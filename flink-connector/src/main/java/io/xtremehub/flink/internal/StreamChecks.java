package io.xtremehub.flink.internal;

import io.pravega.client.admin.StreamManager;
import io.xtremehub.flink.PravegaConnectionConfig;

/** Verifies that a scope and stream exist, failing with a one-line message that says what to do. */
public final class StreamChecks {
    private StreamChecks() {
    }

    /** Throws {@link IllegalArgumentException} when the scope or the stream is missing. */
    public static void requireStream(PravegaConnectionConfig connection, String scope, String stream) {
        try (StreamManager manager = StreamManager.create(connection.clientConfig())) {
            if (!manager.checkScopeExists(scope)) {
                throw new IllegalArgumentException("Pravega scope '" + scope + "' does not exist on controller "
                        + connection + ": create it (and stream '" + stream + "') before starting the job");
            }
            if (!manager.checkStreamExists(scope, stream)) {
                throw new IllegalArgumentException("Pravega stream '" + scope + "/" + stream
                        + "' does not exist on controller " + connection + ": create it before starting the job");
            }
        }
    }
}
