package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Supplier;
import org.gaul.s3proxy.blobstore.SdkResponses;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Forwards a chunk's PUT or GET to the worker owning its partition, streaming the bytes. An owner
 * that says it does not own the partition, or cannot be reached, becomes a 503 SlowDown for the
 * client, which S3 clients retry.
 */
final class MeshClient {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String auth;
    private final Runnable unreachable;

    MeshClient(String secret) {
        this(secret, () -> { });
    }

    /** @param unreachable runs when a worker could not be reached (the caller's view of the workers is old) */
    MeshClient(String secret, Runnable unreachable) {
        this.auth = "Bearer " + secret;
        this.unreachable = unreachable;
    }

    PutObjectResponse put(Member owner, PutObjectRequest request, InputStream payload) {
        HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.ofInputStream(() -> payload);
        if (request.contentLength() != null) {
            body = HttpRequest.BodyPublishers.fromPublisher(body, request.contentLength());
        }
        HttpRequest r = HttpRequest.newBuilder(endpoint(owner)).header("Authorization", auth)
                .header(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Put.of(request))).PUT(body).build();
        HttpResponse<String> response;
        try {
            response = http.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            drain(payload);
            throw MeshMessages.slowDown("worker " + owner.id() + " owning the partition cannot be reached ("
                    + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MeshMessages.slowDown("interrupted while forwarding to " + owner.id());
        }
        return switch (response.statusCode()) {
            case 200 -> stored(response.headers().firstValue(MeshMessages.RESPONSE_HEADER).orElse(null),
                    response.body());
            case 409 -> throw MeshMessages.slowDown("the partition moved away from worker " + owner.id());
            default -> throw failure(owner, response.statusCode(), response.body());
        };
    }

    ResponseInputStream<GetObjectResponse> get(Member owner, GetObjectRequest request) {
        return get(owner, request, endpoint(owner));
    }

    private ResponseInputStream<GetObjectResponse> get(Member owner, GetObjectRequest request, URI target) {
        HttpRequest r = HttpRequest.newBuilder(target).header("Authorization", auth)
                .header(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Get.of(request))).GET().build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(r, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            unreachable.run();
            throw MeshMessages.slowDown("worker " + owner.id() + " owning the partition cannot be reached ("
                    + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MeshMessages.slowDown("interrupted while forwarding to " + owner.id());
        }
        if (response.statusCode() == 200) {
            String header = response.headers().firstValue(MeshMessages.RESPONSE_HEADER).orElseThrow(() ->
                    new IllegalStateException("worker " + owner.id() + " answered without "
                            + MeshMessages.RESPONSE_HEADER));
            return SdkResponses.getResponse(MeshCodec.decode(header, MeshMessages.GetAnswer.class).toResponse(),
                    response.body());
        }
        String text;
        try (InputStream in = response.body()) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            text = "";
        }
        return switch (response.statusCode()) {
            case 404 -> null;
            case 409 -> throw MeshMessages.slowDown("the partition moved away from worker " + owner.id());
            default -> throw failure(owner, response.statusCode(), text);
        };
    }

    /**
     * Asks the worker whether it runs the policy version, before any byte of the chunk is read.
     *
     * @throws PolicyVersionMismatchException if it runs another
     */
    void checkVersion(Member worker, MeshMessages.HopHeader hop) {
        HttpRequest r = HttpRequest.newBuilder(worker.mesh().resolve("/mesh/hop")).header("Authorization", auth)
                .header(MeshMessages.HOP_HEADER, MeshCodec.encode(hop)).GET().build();
        HttpResponse<String> response = send(worker, r, HttpResponse.BodyHandlers.ofString());
        switch (response.statusCode()) {
            case 200 -> {
            }
            case MeshMessages.VERSION_MISMATCH -> throw mismatch(worker, hop, response.body());
            default -> throw failure(worker, response.statusCode(), response.body());
        }
    }

    /**
     * Streams a chunk's intermediate bytes (framed, with the trailer at the end) to a worker of the
     * next hop; returns its answer once it stored the chunk or forwarded it on. Sent over a plain
     * blocking connection: the frames go from this thread to the socket in one write each, with no
     * hand-over to an HTTP client's threads per 16 KiB.
     *
     * @param trailer what the earlier steps did, asked for once {@code intermediate} is read to its end
     * @throws PolicyVersionMismatchException if it runs another version of the policy (it stored nothing)
     * @throws java.io.UncheckedIOException if reading {@code intermediate} failed (the next hop stores nothing)
     */
    PutObjectResponse hop(Member worker, PutObjectRequest request, MeshMessages.HopHeader hop,
                          InputStream intermediate, Supplier<byte[]> trailer) {
        HttpURLConnection c = MeshConnections.open(worker.mesh().resolve("/mesh/hop"), "PUT", auth);
        c.setRequestProperty(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Put.of(request)));
        c.setRequestProperty(MeshMessages.HOP_HEADER, MeshCodec.encode(hop));
        c.setDoOutput(true);
        // a whole frame per HTTP chunk: its 4-byte length and data, plus the chunk's hex size and CRLFs
        c.setChunkedStreamingMode(HopFrames.FRAME + 4 + 9);
        MeshConnections.Answer answer;
        String stored;
        try {
            try (OutputStream out = c.getOutputStream()) {
                HopFrames.write(intermediate, trailer, out);
            }
            answer = MeshConnections.answer(c);
            stored = c.getHeaderField(MeshMessages.RESPONSE_HEADER);
        } catch (HopFrames.SourceException e) {
            c.disconnect(); // without its end frame the next hop stores nothing
            throw e.getCause() instanceof RuntimeException r ? r
                    : new java.io.UncheckedIOException((IOException) e.getCause());
        } catch (IOException e) {
            c.disconnect();
            unreachable.run();
            throw MeshMessages.slowDown("worker " + worker.id() + " of the next hop cannot be reached ("
                    + e.getMessage() + ")");
        }
        return switch (answer.status()) {
            case 200 -> stored(stored, answer.body());
            case MeshMessages.VERSION_MISMATCH -> throw mismatch(worker, hop, answer.body());
            default -> throw failure(worker, answer.status(), answer.body());
        };
    }

    /**
     * Reads a chunk from a worker of the swarmlet storing it, which serves it itself. The body is
     * read on the caller's thread straight from the connection.
     */
    ResponseInputStream<GetObjectResponse> stored(Member worker, GetObjectRequest request) {
        HttpURLConnection c = MeshConnections.open(worker.mesh().resolve("/mesh/stored"), "GET", auth);
        c.setRequestProperty(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Get.of(request)));
        try {
            int status = c.getResponseCode();
            if (status == 200) {
                String header = c.getHeaderField(MeshMessages.RESPONSE_HEADER);
                if (header == null) {
                    c.disconnect();
                    throw new IllegalStateException("worker " + worker.id() + " answered without "
                            + MeshMessages.RESPONSE_HEADER);
                }
                // S3Proxy passes it on in 8 KiB reads: each should not be a read of the socket; 64 KiB
                // is enough for that and is allocated and zeroed for every relayed GET
                return SdkResponses.getResponse(MeshCodec.decode(header, MeshMessages.GetAnswer.class).toResponse(),
                        new BufferedInputStream(c.getInputStream(), 64 * 1024));
            }
            MeshConnections.Answer answer = MeshConnections.answer(c);
            return switch (answer.status()) {
                case 404 -> null;
                default -> throw failure(worker, answer.status(), answer.body());
            };
        } catch (IOException e) {
            c.disconnect();
            unreachable.run();
            throw MeshMessages.slowDown("worker " + worker.id() + " storing the chunk cannot be reached ("
                    + e.getMessage() + ")");
        }
    }

    /** The metadata of a chunk, from a worker of the swarmlet storing it (null if no such key). */
    HeadObjectResponse storedHead(Member worker, GetObjectRequest request) {
        HttpResponse<String> response = send(worker, stored(worker, request, "HEAD"), HttpResponse.BodyHandlers.ofString());
        return switch (response.statusCode()) {
            case 200 -> MeshCodec.decode(response.headers().firstValue(MeshMessages.RESPONSE_HEADER).orElseThrow(() ->
                    new IllegalStateException("worker " + worker.id() + " answered without "
                            + MeshMessages.RESPONSE_HEADER)), MeshMessages.GetAnswer.class).toHead();
            case 404 -> null;
            default -> throw failure(worker, response.statusCode(), response.body());
        };
    }

    /** Deletes a chunk at a worker of the swarmlet storing it. */
    void storedDelete(Member worker, GetObjectRequest request) {
        HttpResponse<String> response = send(worker, stored(worker, request, "DELETE"),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 204) {
            throw failure(worker, response.statusCode(), response.body());
        }
    }

    private HttpRequest stored(Member worker, GetObjectRequest request, String method) {
        return HttpRequest.newBuilder(worker.mesh().resolve("/mesh/stored")).header("Authorization", auth)
                .header(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Get.of(request)))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
    }

    private <T> HttpResponse<T> send(Member worker, HttpRequest r, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(r, handler);
        } catch (IOException e) {
            unreachable.run();
            throw MeshMessages.slowDown("worker " + worker.id() + " of the next hop cannot be reached ("
                    + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MeshMessages.slowDown("interrupted while forwarding to " + worker.id());
        }
    }

    /** A stored chunk's answer: in a header, or as the body from workers that answered so before. */
    private static PutObjectResponse stored(String header, String body) {
        MeshMessages.PutAnswer answer = header != null ? MeshCodec.decode(header, MeshMessages.PutAnswer.class)
                : MetadataJson.read(body, MeshMessages.PutAnswer.class);
        return PutObjectResponse.builder().eTag(answer.eTag()).build();
    }

    private static PolicyVersionMismatchException mismatch(Member worker, MeshMessages.HopHeader hop, String body) {
        MeshMessages.VersionMismatch theirs = MetadataJson.read(body, MeshMessages.VersionMismatch.class);
        return new PolicyVersionMismatchException("worker " + worker.id() + " runs policy " + theirs.policy() + "@"
                + theirs.version() + ", not @" + hop.version());
    }

    private static S3Exception failure(Member owner, int status, String body) {
        if (status == 503) { // its mesh server is at its connection limit
            return MeshMessages.slowDown("worker " + owner.id() + " is busy (" + body + ")");
        }
        if (status == 500) {
            try {
                return MetadataJson.read(body, MeshMessages.Failure.class).toException();
            } catch (IllegalArgumentException e) {
                // not a mesh answer: fall through
            }
        }
        return new MeshMessages.Failure(500, "InternalError", "worker " + owner.id() + " answered " + status
                + " to a forwarded request: " + body).toException();
    }

    private static URI endpoint(Member owner) {
        return owner.mesh().resolve("/mesh/object");
    }

    private static void drain(InputStream payload) {
        try {
            payload.transferTo(OutputStream.nullOutputStream());
        } catch (IOException | RuntimeException ignored) {
            // the client went away
        }
    }
}
