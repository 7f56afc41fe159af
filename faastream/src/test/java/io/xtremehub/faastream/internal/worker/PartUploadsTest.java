package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.internal.io.ObjectStore;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class PartUploadsTest {
    @Test
    void anUploadThatFailsInTheBackgroundFailsTheWaitForIt() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        try (ObjectStore store = new ObjectStore(ObjectStoreConfig.of("http://127.0.0.1:" + closedPort, "us-east-1",
                "key", "secret"));
             PartUploads uploads = new PartUploads(store, "out", "test-parts")) {
            uploads.upload("part-0", new byte[] {1, 2, 3});
            // the part went nowhere: the worker must not report its output written
            assertThrows(RuntimeException.class, uploads::awaitAll);
        }
    }
}
