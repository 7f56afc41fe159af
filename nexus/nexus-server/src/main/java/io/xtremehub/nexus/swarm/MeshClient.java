package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.metadata.MetadataJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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

    MeshClient(String secret) {
        this.auth = "Bearer " + secret;
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
            case 200 -> PutObjectResponse.builder()
                    .eTag(MetadataJson.read(response.body(), MeshMessages.PutAnswer.class).eTag()).build();
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
     * next hop; returns its answer once it stored the chunk or forwarded it on.
     */
    PutObjectResponse hop(Member worker, PutObjectRequest request, MeshMessages.HopHeader hop, InputStream framed) {
        HttpRequest r = HttpRequest.newBuilder(worker.mesh().resolve("/mesh/hop")).header("Authorization", auth)
                .header(MeshMessages.REQUEST_HEADER, MeshCodec.encode(MeshMessages.Put.of(request)))
                .header(MeshMessages.HOP_HEADER, MeshCodec.encode(hop))
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> framed)).build();
        HttpResponse<String> response = send(worker, r, HttpResponse.BodyHandlers.ofString());
        return switch (response.statusCode()) {
            case 200 -> PutObjectResponse.builder()
                    .eTag(MetadataJson.read(response.body(), MeshMessages.PutAnswer.class).eTag()).build();
            // the bytes were read already: the client retries the chunk, under the version now active
            case MeshMessages.VERSION_MISMATCH -> throw MeshMessages.slowDown(mismatch(worker, hop, response.body())
                    .getMessage());
            default -> throw failure(worker, response.statusCode(), response.body());
        };
    }

    /** Reads a chunk from a worker of the swarmlet storing it, which serves it itself. */
    ResponseInputStream<GetObjectResponse> stored(Member worker, GetObjectRequest request) {
        return get(worker, request, worker.mesh().resolve("/mesh/stored"));
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
            throw MeshMessages.slowDown("worker " + worker.id() + " of the next hop cannot be reached ("
                    + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MeshMessages.slowDown("interrupted while forwarding to " + worker.id());
        }
    }

    private static PolicyVersionMismatchException mismatch(Member worker, MeshMessages.HopHeader hop, String body) {
        MeshMessages.VersionMismatch theirs = MetadataJson.read(body, MeshMessages.VersionMismatch.class);
        return new PolicyVersionMismatchException("worker " + worker.id() + " runs policy " + theirs.policy() + "@"
                + theirs.version() + ", not @" + hop.version());
    }

    private static S3Exception failure(Member owner, int status, String body) {
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
