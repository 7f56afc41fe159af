package io.xtremehub.faastream.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for the AWS Lambda service that speaks the Invoke API's wire protocol
 * ({@code POST /2015-03-31/functions/{name}/invocations}) and runs the real handler from its
 * deployment package ({@link LambdaPackage}) in this JVM, with a per-invocation time limit, so the
 * real AWS SDK LambdaClient and the packaged handler can be tested against it.
 */
public final class LambdaInvokeServer implements AutoCloseable {
    private final HttpServer server;
    private final String functionName;
    private final LambdaPackage function;
    private final long timeoutMillis;
    private final AtomicInteger invocations = new AtomicInteger();
    /** Whether the next invocation of an exactly-once hand-off's successor is answered with a function error. */
    private final AtomicBoolean failSuccessor = new AtomicBoolean();
    private final AtomicBoolean failedSuccessor = new AtomicBoolean();
    /** A hand-off successor's worker id ({@code <job>-s<stage>w<n>-<incarnation>-h<epoch>}) in its launch. */
    private static final Pattern SUCCESSOR = Pattern.compile("-s\\d+w\\d+-\\d+-h\\d+");
    private static final Pattern PAYLOAD = Pattern.compile("\"payload\"\\s*:\\s*\"([^\"]+)\"");
    /** How long the next invocation alone waits before its handler runs (one slow container). */
    private final AtomicLong nextColdStartMillis = new AtomicLong();
    private static final Pattern WORKER_ID = Pattern.compile("j[0-9a-f]+-s\\d+w\\d+-\\d+(-h\\d+)?");
    private final Set<String> launchedWorkers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger repeatedLaunches = new AtomicInteger();

    public LambdaInvokeServer(String functionName, LambdaPackage function, long timeoutMillis)
            throws IOException {
        this.functionName = functionName;
        this.function = function;
        this.timeoutMillis = timeoutMillis;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/2015-03-31/functions/", this::handle);
        server.start();
    }

    public String functionName() {
        return functionName;
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int invocations() {
        return invocations.get();
    }

    /**
     * Answers the next invocation that continues a worker after an exactly-once hand-off (its launch names
     * a successor's worker id) with an unhandled function error without running the handler, as Lambda
     * does when a function's container crashes while starting.
     */
    public void failNextSuccessor() {
        failSuccessor.set(true);
    }

    private static boolean launchesSuccessor(byte[] body) {
        Matcher m = PAYLOAD.matcher(new String(body, StandardCharsets.UTF_8));
        // the launch is Java-serialized: its strings are readable in the decoded bytes
        return m.find() && SUCCESSOR.matcher(new String(Base64.getDecoder().decode(m.group(1)),
                StandardCharsets.ISO_8859_1)).find();
    }

    /** Whether a hand-off successor's invocation was failed as {@link #failNextSuccessor} asked. */
    public boolean failedASuccessor() {
        return failedSuccessor.get();
    }

    /** The worker ids invocations ran so far. */
    public Set<String> launchedWorkers() {
        return Set.copyOf(launchedWorkers);
    }

    /**
     * How many invocations ran a worker id that an earlier invocation ran: a worker that handed off as it
     * was, before it started (its time ran out while it waited to start).
     */
    public int repeatedLaunches() {
        return repeatedLaunches.get();
    }

    /** The next invocation alone starts {@code millis} late (not counted in its time), one slow container. */
    public void coldStartNext(long millis) {
        nextColdStartMillis.set(millis);
    }

    private void countLaunch(byte[] body) {
        Matcher m = PAYLOAD.matcher(new String(body, StandardCharsets.UTF_8));
        if (m.find()) {
            Matcher id = WORKER_ID.matcher(new String(Base64.getDecoder().decode(m.group(1)), StandardCharsets.ISO_8859_1));
            if (id.find() && !launchedWorkers.add(id.group())) {
                repeatedLaunches.incrementAndGet();
            }
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        String expected = "/2015-03-31/functions/" + functionName + "/invocations";
        byte[] body = ex.getRequestBody().readAllBytes();
        if (!"POST".equals(ex.getRequestMethod()) || !path.equals(expected)) {
            respond(ex, 404, null, ("{\"Type\":\"User\",\"message\":\"Function not found: " + path + "\"}")
                    .getBytes(StandardCharsets.UTF_8), "ResourceNotFoundException");
            return;
        }
        invocations.incrementAndGet();
        countLaunch(body);
        if (failSuccessor.get() && launchesSuccessor(body) && failSuccessor.compareAndSet(true, false)) {
            failedSuccessor.set(true);
            respond(ex, 200, "Unhandled", "{\"errorMessage\":\"injected: the container crashed while starting\"}"
                    .getBytes(StandardCharsets.UTF_8), null);
            return;
        }
        try {
            Thread.sleep(nextColdStartMillis.getAndSet(0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long start = System.currentTimeMillis();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            function.invoke(new ByteArrayInputStream(body), out, () -> timeoutMillis - (System.currentTimeMillis() - start));
            respond(ex, 200, null, out.toByteArray(), null);
        } catch (Exception | Error e) {
            String err = "{\"errorMessage\":\"" + String.valueOf(e.getMessage()).replace("\"", "'")
                    + "\",\"errorType\":\"" + e.getClass().getName() + "\"}";
            respond(ex, 200, "Unhandled", err.getBytes(StandardCharsets.UTF_8), null);
        }
    }

    private static void respond(HttpExchange ex, int code, String functionError, byte[] body, String errorType)
            throws IOException {
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.getResponseHeaders().add("X-Amz-Executed-Version", "$LATEST");
        ex.getResponseHeaders().add("x-amzn-RequestId", UUID.randomUUID().toString());
        if (functionError != null) {
            ex.getResponseHeaders().add("X-Amz-Function-Error", functionError);
        }
        if (errorType != null) {
            ex.getResponseHeaders().add("x-amzn-ErrorType", errorType);
        }
        ex.sendResponseHeaders(code, body.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
