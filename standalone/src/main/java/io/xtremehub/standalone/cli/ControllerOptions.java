package io.xtremehub.standalone.cli;

import io.pravega.client.admin.StreamManager;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import picocli.CommandLine.Option;

/** The {@code --controller} and {@code --scope} options every client command shares. */
final class ControllerOptions {
    private static final int CONNECT_TIMEOUT_MILLIS = 3000;

    @Option(names = "--controller", defaultValue = "${env:XTREMEHUB_CONTROLLER:-tcp://127.0.0.1:9090}",
            description = "Pravega controller URI (default: ${DEFAULT-VALUE}).")
    String controller;

    @Option(names = "--scope", defaultValue = StandaloneCluster.DEFAULT_SCOPE,
            description = "Pravega scope (default: ${DEFAULT-VALUE}).")
    String scope;

    /** The controller URI, after checking something listens there (the Pravega client would retry for minutes). */
    URI reachableController() {
        URI uri;
        try {
            uri = URI.create(controller);
        } catch (IllegalArgumentException e) {
            throw new CliException("--controller " + controller + " is not a URI like tcp://host:9090");
        }
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new CliException("--controller " + controller + " needs a host and port, like tcp://host:9090");
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            throw new CliException("cannot reach the Pravega controller at " + controller + " (" + e.getMessage()
                    + "); is the cluster running? start one with: scripts/xtremehub standalone");
        }
        return uri;
    }

    /** A stream manager on a reachable controller. */
    StreamManager streamManager() {
        return StreamManager.create(reachableController());
    }

    /** Fails with a one-line hint unless the stream exists. */
    void requireStream(StreamManager streams, String stream) {
        if (!streams.checkScopeExists(scope)) {
            throw new CliException("scope " + scope + " does not exist");
        }
        if (!streams.checkStreamExists(scope, stream)) {
            throw new CliException("stream " + scope + "/" + stream + " does not exist; create it with: "
                    + "scripts/xtremehub stream create " + stream);
        }
    }
}
