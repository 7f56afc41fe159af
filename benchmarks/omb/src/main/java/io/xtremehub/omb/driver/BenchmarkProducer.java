package io.xtremehub.omb.driver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Sends payloads to one topic; the future completes when the system acknowledged the message. */
public interface BenchmarkProducer extends AutoCloseable {
    CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload);
}
