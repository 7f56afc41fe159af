package io.xtremehub.nexus;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import redis.clients.jedis.Jedis;

/** A real redis-server process on a free port (installed by scripts/install-test-deps.sh). */
public final class RedisServer implements AutoCloseable {
    private final Process process;
    private final int port;

    /** Starts redis-server on a free port, its files in the directory. */
    public RedisServer(Path dir) throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            try (Jedis j = new Jedis("127.0.0.1", port)) {
                return "PONG".equals(j.ping());
            }
        });
    }

    /** Its port. */
    public int port() {
        return port;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
