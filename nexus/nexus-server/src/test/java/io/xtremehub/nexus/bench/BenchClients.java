package io.xtremehub.nexus.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/** The AWS SDK v2 client the benchmark drives every target with, and copy-free PUT/GET helpers. */
final class BenchClients {
    private BenchClients() {
    }

    /**
     * A path-style client with the SDK's defaults (SigV4, default request checksums, its default
     * HTTP client with a pool of 50 connections, more than the 16 clients the benchmark runs).
     */
    static S3Client client(URI endpoint) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(BenchTarget.ACCESS, BenchTarget.SECRET)))
                .build();
    }

    /** PUTs the first {@code size} bytes of {@code payload} without copying them. */
    static void put(S3Client s3, String bucket, String key, byte[] payload, int size) {
        s3.putObject(b -> b.bucket(bucket).key(key),
                RequestBody.fromContentProvider(() -> new ByteArrayInputStream(payload, 0, size), size,
                        "application/octet-stream"));
    }

    /** GETs an object (or a range of it), streaming it away; returns the bytes received. */
    static long get(S3Client s3, String bucket, String key, String range, byte[] buffer) throws IOException {
        long total = 0;
        try (ResponseInputStream<GetObjectResponse> in = s3.getObject(b -> b.bucket(bucket).key(key)
                .range(range))) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
            }
        }
        return total;
    }

    /**
     * GETs an object (or a range of it) as {@link #get} does and returns how long it took, in ms.
     *
     * @throws IllegalStateException if other than {@code expected} bytes came
     */
    static double timedGet(BenchTarget target, String key, String range, byte[] buffer, long expected)
            throws IOException {
        long start = System.nanoTime();
        long n = get(target.client, target.bucket, key, range, buffer);
        double ms = (System.nanoTime() - start) / 1e6;
        if (n != expected) {
            throw new IllegalStateException(target.name + " returned " + n + " bytes, not " + expected
                    + (range == null ? "" : " for " + range));
        }
        return ms;
    }

    /** GETs a range into memory (to compare its content). */
    static byte[] getBytes(S3Client s3, String bucket, String key, String range) throws IOException {
        try (InputStream in = s3.getObject(b -> b.bucket(bucket).key(key).range(range))) {
            return in.readAllBytes();
        }
    }
}
