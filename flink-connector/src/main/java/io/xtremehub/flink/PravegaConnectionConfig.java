package io.xtremehub.flink;

import io.pravega.client.ClientConfig;
import java.io.Serializable;
import java.net.URI;
import java.util.Objects;

/**
 * Where the Pravega controller is. Serializable so that sources and sinks can carry it to
 * the task managers; each side builds its own Pravega {@link ClientConfig} from it.
 */
public final class PravegaConnectionConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String controllerUri;

    private PravegaConnectionConfig(String controllerUri) {
        this.controllerUri = controllerUri;
    }

    /** A connection to the controller at {@code tcp://host:port}. */
    public static PravegaConnectionConfig of(URI controllerUri) {
        Objects.requireNonNull(controllerUri, "controller URI");
        return of(controllerUri.toString());
    }

    /** A connection to the controller at {@code tcp://host:port}, given as text. */
    public static PravegaConnectionConfig of(String controllerUri) {
        Objects.requireNonNull(controllerUri, "controller URI");
        URI uri;
        try {
            uri = URI.create(controllerUri);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("controller URI '" + controllerUri + "' is not a URI: " + e.getMessage());
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("controller URI '" + controllerUri
                    + "' must look like tcp://host:port");
        }
        return new PravegaConnectionConfig(controllerUri);
    }

    public URI controllerUri() {
        return URI.create(controllerUri);
    }

    /** A fresh Pravega client configuration for this controller. */
    public ClientConfig clientConfig() {
        return ClientConfig.builder().controllerURI(controllerUri()).build();
    }

    @Override
    public String toString() {
        return controllerUri;
    }
}
