package io.xtremehub.faastream.platform;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * A worker JVM waiting for its request ({@link StandbyWorkers}). Its standard input brings two lines:
 * first a recent request of its manager to warm up on (decoded, Pravega and S3 clients connected and
 * kept for the worker; the job's channels are not read, see {@link WorkerEntryPoint#connect}),
 * then its own request. Its input closing before the second line means its manager has closed the
 * pool or is gone: then it exits at once, even in the middle of its warm-up.
 */
final class StandbyWorker {
    private StandbyWorker() {
    }

    /** The request to run as, after the warm-up; exits the JVM when none comes. */
    static String awaitRequest(WorkerEntryPoint entry) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        String warmUp = in.readLine();
        // a standby taken while its JVM was still starting: the worker's own first steps warm it up
        boolean claimedAlready = in.ready();
        CompletableFuture<String> request = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                String line = in.readLine();
                if (line == null || line.isBlank()) {
                    System.exit(0); // nobody will ever send a request: the manager closed the pool or died
                }
                request.complete(line);
            } catch (IOException e) {
                request.completeExceptionally(new UncheckedIOException(e));
            }
        }, "standby-request");
        reader.setDaemon(true);
        reader.start();
        if (warmUp == null || warmUp.isBlank()) {
            System.exit(0);
        }
        if (claimedAlready) {
            System.out.println("standby worker: taken before its warm-up");
            return request.join();
        }
        try {
            entry.connect(warmUp);
        } catch (RuntimeException e) {
            // most often that request's job has ended; the worker connects for its own request instead
            System.out.println("standby worker: warm-up failed, going on without it: " + e);
        }
        System.out.println("standby worker: warmed up, waiting for a request");
        return request.join();
    }
}
