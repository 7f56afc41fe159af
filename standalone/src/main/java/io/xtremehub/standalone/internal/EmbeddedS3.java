package io.xtremehub.standalone.internal;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

/**
 * The S3 endpoint Pravega tiers to when no external one is configured: S3Proxy over a
 * filesystem backend inside the data directory, with SigV4 authentication.
 */
public final class EmbeddedS3 implements AutoCloseable {
    private final S3Proxy proxy;
    private final Path root;

    public EmbeddedS3(Path root, int port, String accessKey, String secretKey) throws Exception {
        this.root = Files.createDirectories(root);
        BlobStore store = new FilesystemNio2BlobStore(root.toString());
        this.proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                .build();
        proxy.start();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + proxy.getPort();
    }

    /** Directory that holds the bucket's objects. */
    public Path bucketDir(String bucket) {
        return root.resolve(bucket);
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
