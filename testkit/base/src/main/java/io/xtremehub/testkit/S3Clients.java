package io.xtremehub.testkit;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/** Real AWS SDK v2 clients, path-style (what Nexus and S3Proxy serve), against an S3 endpoint. */
public final class S3Clients {
    private S3Clients() {
    }

    public static S3Client sync(URI endpoint, String accessKey, String secretKey) {
        return sync(endpoint, Region.US_EAST_1.id(), accessKey, secretKey);
    }

    public static S3Client sync(URI endpoint, String region, String accessKey, String secretKey) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.of(region)).forcePathStyle(true)
                .credentialsProvider(credentials(accessKey, secretKey)).build();
    }

    /** An async client; the caller's classpath picks its HTTP client (netty-nio-client). */
    public static S3AsyncClient async(URI endpoint, String accessKey, String secretKey) {
        return S3AsyncClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(credentials(accessKey, secretKey)).build();
    }

    private static StaticCredentialsProvider credentials(String accessKey, String secretKey) {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey));
    }
}
