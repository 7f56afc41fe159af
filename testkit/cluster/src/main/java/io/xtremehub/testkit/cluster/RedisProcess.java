package io.xtremehub.testkit.cluster;

import io.xtremehub.testkit.RedisServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** Starts the redis-server of a scope in a temporary directory of its own. */
final class RedisProcess {
    private RedisProcess() {
    }

    static RedisServer start() {
        try {
            return RedisServer.start(Files.createTempDirectory("xtremehub-redis-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
