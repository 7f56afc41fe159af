package io.xtremehub.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real redis-server process (Debian's package, installed by scripts/install-test-deps.sh) on a
 * free port, without persistence, its files and log in a directory of the caller's.
 */
public final class RedisServer implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private final Process process;
    private final int port;
    private Path ownedDir;

    private RedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts redis-server in a new temporary directory, which {@link #close} deletes. */
    public static RedisServer startInTempDir() throws IOException {
        Path dir = Files.createTempDirectory("xtremehub-redis-");
        RedisServer redis = start(dir);
        redis.ownedDir = dir;
        return redis;
    }

    /** Starts redis-server and returns once it answers PING. */
    public static RedisServer start(Path dir) throws IOException {
        return start(dir, List.of());
    }

    /**
     * Starts redis-server listening on loopback and on the given addresses too (for workers in other
     * network namespaces), and returns once it answers PING.
     */
    public static RedisServer start(Path dir, List<String> alsoBind) throws IOException {
        int port = FreePorts.pick();
        List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port),
                "--bind", String.join(" ", concat("127.0.0.1", alsoBind)),
                "--save", "", "--appendonly", "no", "--dir", dir.toString()));
        if (!alsoBind.isEmpty()) {
            // without a password, protected mode answers only loopback clients; the caller chose the addresses
            command.addAll(List.of("--protected-mode", "no"));
        }
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
        } catch (IOException e) {
            throw new IOException("cannot run redis-server (" + e.getMessage()
                    + "): install it with scripts/install-test-deps.sh", e);
        }
        RedisServer redis = new RedisServer(process, port);
        try {
            redis.awaitPong(dir);
        } catch (IOException | RuntimeException e) {
            redis.close();
            throw e;
        }
        return redis;
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    private void awaitPong(Path dir) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("redis-server exited with " + process.exitValue() + ", see "
                        + dir.resolve("redis.log"));
            }
            if (answersPing()) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for redis-server", e);
            }
        }
        throw new IOException("redis-server did not answer PING on port " + port + " within " + READY_TIMEOUT);
    }

    // RESP inline command: no Redis client needed in the kit.
    private boolean answersPing() {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] reply = in.readNBytes(7);
            return "+PONG\r\n".equals(new String(reply, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (ownedDir != null) {
            try (Stream<Path> files = Files.walk(ownedDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                // best effort: it is under java.io.tmpdir
            }
        }
    }
}
