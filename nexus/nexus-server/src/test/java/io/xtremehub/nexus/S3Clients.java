package io.xtremehub.nexus;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/** Real AWS SDK v2 clients, path-style, against a Nexus endpoint. */
final class S3Clients {
    private S3Clients() {
    }

    static S3Client sync(URI endpoint, String access, String secret) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)))
                .build();
    }

    static S3AsyncClient async(URI endpoint, String access, String secret) {
        return S3AsyncClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)))
                .build();
    }
}
