package io.xtremehub.pravega;

import io.pravega.client.ClientConfig;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.control.impl.ControllerImplConfig;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The controller client for what Pravega's public managers do not offer (scaling by explicit key
 * ranges, current segments with ranges, committing transactions by id), made the same way everywhere.
 */
public final class Controllers {
    private Controllers() {
    }

    /** A controller client that retries each call {@code retryAttempts} times, running on {@code executor}. */
    public static ControllerImpl open(ClientConfig client, int retryAttempts, ScheduledExecutorService executor) {
        return new ControllerImpl(ControllerImplConfig.builder().clientConfig(client).retryAttempts(retryAttempts)
                .build(), executor);
    }
}
