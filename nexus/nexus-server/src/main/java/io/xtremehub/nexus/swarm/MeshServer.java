package io.xtremehub.nexus.swarm;

import com.sun.net.httpserver.HttpExchange;
import io.xtremehub.nexus.http.BlockingHttpServer;
import io.xtremehub.nexus.http.JsonReply;
import io.xtremehub.nexus.metadata.MetadataJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Accepts chunks forwarded by the other workers of the swarmlet ({@code PUT} and {@code GET} on
 * {@code /mesh/object}, authenticated with the swarmlet secret). Answers: 200 with the result, 404
 * for no such key, 409 when this worker does not own the chunk's partition (the sender answers its
 * client with a retryable error), 500 with the S3 error to reproduce.
 *
 * <p>Between swarmlets, for pipelines pinned to locations: {@code /mesh/hop} takes a chunk from an
 * earlier hop ({@code PUT}, framed by {@link HopFrames}) or answers whether this worker runs the
 * sender's policy version ({@code GET}); both answer 412 when it runs another (a chunk's version is
 * checked while its bytes are read, and always before it is stored or forwarded on). {@code /mesh/stored}
 * serves {@code GET}, {@code HEAD} and {@code DELETE} of chunks this swarmlet stores.
 */
public final class MeshServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MeshServer.class);

    /** What the mesh hands forwarded requests to. */
    public interface Target {
        /** Processes a forwarded PUT; throws {@link NotOwnerException} if this worker does not own it. */
        PutObjectResponse put(PutObjectRequest request, InputStream body);

        /** Processes a forwarded GET (null if no such key); throws {@link NotOwnerException} likewise. */
        ResponseInputStream<GetObjectResponse> get(GetObjectRequest request);

        /** Checks that this worker runs the policy version; throws {@link VersionMismatch} otherwise. */
        void checkVersion(MeshMessages.HopHeader hop);

        /**
         * Runs the remaining steps on a chunk from an earlier hop, then stores it or forwards it on;
         * throws {@link VersionMismatch}, having stored and forwarded nothing, if this worker runs
         * another version of the chunk's policy.
         */
        PutObjectResponse hop(PutObjectRequest request, MeshMessages.HopHeader hop, HopFrames.Unframing body);

        /** Serves a read of a chunk this swarmlet stored (null if no such key). */
        ResponseInputStream<GetObjectResponse> stored(GetObjectRequest request);

        /** The metadata of a chunk this swarmlet stored as a client sees it (null if no such key). */
        HeadObjectResponse storedHead(GetObjectRequest request);

        /** Deletes a chunk this swarmlet stored. */
        void storedDelete(GetObjectRequest request);
    }

    /** This worker runs another version of the policy than the sender. */
    static final class VersionMismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final MeshMessages.VersionMismatch answer;

        VersionMismatch(String policy, long version) {
            super("policy " + policy + " is at version " + version + " here");
            this.answer = new MeshMessages.VersionMismatch(policy, version);
        }
    }

    /** The partition of a forwarded chunk is not this worker's. */
    public static final class NotOwnerException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** With what the worker thinks. */
        public NotOwnerException(String message) {
            super(message);
        }
    }

    private final BlockingHttpServer server;
    private final byte[] expectedAuth;
    private volatile Target target;

    /**
     * Binds; {@link #start(Target)} serves.
     *
     * @param maxConnections the most connections served at once; more are answered 503 (the sender's
     *     client retries)
     */
    public MeshServer(String host, int port, String secret, int maxConnections) throws IOException {
        this.expectedAuth = ("Bearer " + secret).getBytes(StandardCharsets.UTF_8);
        // a thread per connection: the workers of a mesh keep few connections, each carrying many chunks
        this.server = BlockingHttpServer.bind(new InetSocketAddress(host, port), 64, "nexus-mesh", maxConnections);
        server.createContext("/mesh/object", this::handle);
        server.createContext("/mesh/hop", this::handleHop);
        server.createContext("/mesh/stored", this::handleStored);
    }

    /** The bound port. */
    public int port() {
        return server.address().getPort();
    }

    /** Serves forwarded requests with the target. */
    public void start(Target value) {
        this.target = value;
        server.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            if (auth == null || !MessageDigest.isEqual(auth.getBytes(StandardCharsets.UTF_8), expectedAuth)) {
                JsonReply.send(exchange, 401, "{\"error\":\"wrong swarmlet secret\"}");
                return;
            }
            String header = exchange.getRequestHeaders().getFirst(MeshMessages.REQUEST_HEADER);
            if (header == null) {
                JsonReply.send(exchange, 400, "{\"error\":\"missing " + MeshMessages.REQUEST_HEADER + "\"}");
                return;
            }
            try {
                switch (exchange.getRequestMethod()) {
                    case "PUT" -> put(exchange, MeshCodec.decode(header, MeshMessages.Put.class));
                    case "GET" -> get(exchange, MeshCodec.decode(header, MeshMessages.Get.class));
                    default -> JsonReply.send(exchange, 405, "{\"error\":\"use PUT or GET\"}");
                }
            } catch (NotOwnerException e) {
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 409, MetadataJson.write(java.util.Map.of("error", e.getMessage())));
            } catch (S3Exception e) {
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 500, MetadataJson.write(MeshMessages.Failure.of(e)));
            } catch (RuntimeException e) {
                LOG.warn("forwarded {} failed", exchange.getRequestMethod(), e);
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 500, MetadataJson.write(new MeshMessages.Failure(500, "InternalError",
                        String.valueOf(e.getMessage()))));
            }
        }
    }

    private boolean authorized(HttpExchange exchange) throws IOException {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth == null || !MessageDigest.isEqual(auth.getBytes(StandardCharsets.UTF_8), expectedAuth)) {
            drain(exchange.getRequestBody());
            JsonReply.send(exchange, 401, "{\"error\":\"wrong swarmlet secret\"}");
            return false;
        }
        return true;
    }

    /** GET: is this the sender's policy version; PUT: a chunk from an earlier hop of its pipeline. */
    private void handleHop(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!authorized(exchange)) {
                return;
            }
            String header = exchange.getRequestHeaders().getFirst(MeshMessages.HOP_HEADER);
            if (header == null) {
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 400, "{\"error\":\"missing " + MeshMessages.HOP_HEADER + "\"}");
                return;
            }
            MeshMessages.HopHeader hop = MeshCodec.decode(header, MeshMessages.HopHeader.class);
            try {
                if ("GET".equals(exchange.getRequestMethod())) {
                    target.checkVersion(hop); // the sender asks before it reads a byte of its chunk
                    JsonReply.send(exchange, 200, "{}");
                    return;
                }
                // a chunk: the target checks its version while the bytes come, before it stores or forwards it
                MeshMessages.Put put = MeshCodec.decode(exchange.getRequestHeaders()
                        .getFirst(MeshMessages.REQUEST_HEADER), MeshMessages.Put.class);
                PutObjectResponse r = target.hop(put.toRequest(), hop, HopFrames.unframing(exchange.getRequestBody()));
                stored(exchange, r);
            } catch (VersionMismatch e) {
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, MeshMessages.VERSION_MISMATCH, MetadataJson.write(e.answer));
            } catch (S3Exception e) {
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 500, MetadataJson.write(MeshMessages.Failure.of(e)));
            } catch (RuntimeException e) {
                LOG.warn("chunk from an earlier hop failed", e);
                drain(exchange.getRequestBody());
                JsonReply.send(exchange, 500, MetadataJson.write(new MeshMessages.Failure(500, "InternalError",
                        String.valueOf(e.getMessage()))));
            }
        }
    }

    /** GET of a chunk this swarmlet stores, for a worker of another hop. */
    private void handleStored(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!authorized(exchange)) {
                return;
            }
            try {
                MeshMessages.Get get = MeshCodec.decode(exchange.getRequestHeaders()
                        .getFirst(MeshMessages.REQUEST_HEADER), MeshMessages.Get.class);
                switch (exchange.getRequestMethod()) {
                    case "GET" -> send(exchange, target.stored(get.toRequest()));
                    case "HEAD" -> {
                        HeadObjectResponse head = target.storedHead(get.toRequest());
                        if (head != null) {
                            exchange.getResponseHeaders().set(MeshMessages.RESPONSE_HEADER,
                                    MeshCodec.encode(MeshMessages.GetAnswer.of(head)));
                        }
                        exchange.sendResponseHeaders(head == null ? 404 : 200, -1);
                    }
                    case "DELETE" -> {
                        target.storedDelete(get.toRequest());
                        exchange.sendResponseHeaders(204, -1);
                    }
                    default -> JsonReply.send(exchange, 405, "{\"error\":\"use GET, HEAD or DELETE\"}");
                }
            } catch (S3Exception e) {
                JsonReply.send(exchange, 500, MetadataJson.write(MeshMessages.Failure.of(e)));
            } catch (RuntimeException e) {
                LOG.warn("read for another hop failed", e);
                JsonReply.send(exchange, 500, MetadataJson.write(new MeshMessages.Failure(500, "InternalError",
                        String.valueOf(e.getMessage()))));
            }
        }
    }

    private void put(HttpExchange exchange, MeshMessages.Put put) throws IOException {
        stored(exchange, target.put(put.toRequest(), exchange.getRequestBody()));
    }

    /**
     * Answers a stored chunk with its ETag in a header and no body: one write, which does not wait
     * for the sender's delayed ACK (about 40 ms on Linux) whether or not Nagle's algorithm is on.
     */
    private static void stored(HttpExchange exchange, PutObjectResponse r) throws IOException {
        exchange.getResponseHeaders().set(MeshMessages.RESPONSE_HEADER,
                MeshCodec.encode(new MeshMessages.PutAnswer(r.eTag())));
        exchange.sendResponseHeaders(200, -1);
    }

    private void get(HttpExchange exchange, MeshMessages.Get get) throws IOException {
        send(exchange, target.get(get.toRequest()));
    }

    private static void send(HttpExchange exchange, ResponseInputStream<GetObjectResponse> in) throws IOException {
        if (in == null) {
            exchange.sendResponseHeaders(404, -1); // headers only: one write (see stored)
            return;
        }
        try (in) {
            GetObjectResponse r = in.response();
            exchange.getResponseHeaders().set(MeshMessages.RESPONSE_HEADER,
                    MeshCodec.encode(MeshMessages.GetAnswer.of(r)));
            long length = r.contentLength() == null ? 0 : r.contentLength();
            exchange.sendResponseHeaders(200, length == 0 ? -1 : length);
            if (length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    copy(in, out);
                }
            }
        }
    }

    /**
     * Copies in 64 KiB blocks: few socket writes (transferTo takes 8 KiB), and the first bytes leave
     * after one block is read rather than after a quarter of a MiB (the entry relays as they come).
     */
    private static void copy(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            out.write(buffer, 0, n);
        }
    }

    private static void drain(InputStream body) {
        try (body) {
            body.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the sender went away
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
