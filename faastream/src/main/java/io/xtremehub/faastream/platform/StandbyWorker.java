package io.xtremehub.faastream.platform;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

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

    /**
     * The request to run as; exits the JVM when none comes. The warm-up runs beside the wait: a standby
     * taken while it still warms up (the pool's refills boot together after a loss of several workers, and
     * took 10 s and more on a busy machine) becomes the worker at once, on what the warm-up got done so far.
     */
    static String awaitRequest(WorkerEntryPoint entry) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        String warmUp = in.readLine();
        if (warmUp == null || warmUp.isBlank()) {
            System.exit(0);
        }
        if (in.ready()) {
            // taken while its JVM was still starting: the worker's own first steps warm it up
            System.out.println("standby worker: taken before its warm-up");
            return request(in);
        }
        Thread warming = new Thread(() -> warmUp(entry, warmUp), "standby-warm-up");
        warming.setDaemon(true);
        warming.start();
        String request = request(in);
        if (warming.isAlive()) {
            System.out.println("standby worker: taken during its warm-up");
        }
        return request;
    }

    private static void warmUp(WorkerEntryPoint entry, String payload) {
        try {
            entry.connect(payload);
            System.out.println("standby worker: warmed up, waiting for a request");
        } catch (RuntimeException e) {
            // most often that request's job has ended; the worker connects for its own request instead
            System.out.println("standby worker: warm-up failed, going on without it: " + e);
        }
    }

    private static String request(BufferedReader in) throws IOException {
        String line = in.readLine();
        if (line == null || line.isBlank()) {
            System.exit(0); // nobody will ever send a request: the manager closed the pool or died
        }
        return line;
    }
}
