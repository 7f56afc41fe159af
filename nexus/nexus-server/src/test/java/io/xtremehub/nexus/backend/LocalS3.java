package io.xtremehub.nexus.backend;

import io.xtremehub.nexus.Backend;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

/**
 * A real S3 endpoint for backend tests (an S3Proxy over a directory, on loopback) and the S3
 * backend's own AWS SDK client of it, without the layer {@link Backend#s3} puts over that client.
 */
final class LocalS3 implements AutoCloseable {
    private final S3Proxy proxy;
    private final BlobStore sdk;

    private LocalS3(S3Proxy proxy, BlobStore sdk) {
        this.proxy = proxy;
        this.sdk = sdk;
    }

    /** Starts the endpoint over {@code dir}/s3 and creates {@code bucket} in it. */
    static LocalS3 start(Path dir, String bucket) throws Exception {
        Path root = Files.createDirectories(dir.resolve("s3"));
        S3Proxy proxy = S3Proxy.builder().blobStore(new FilesystemNio2BlobStore(root.toString()))
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "access", "secret").build();
        proxy.start();
        BlobStore sdk = ((PartedPutBlobStore) Backend.s3(URI.create("http://127.0.0.1:" + proxy.getPort()),
                "us-east-1", "access", "secret").create()).delegate();
        sdk.createContainer(bucket);
        return new LocalS3(proxy, sdk);
    }

    /** The S3 backend's AWS SDK client of this endpoint. */
    BlobStore sdk() {
        return sdk;
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
