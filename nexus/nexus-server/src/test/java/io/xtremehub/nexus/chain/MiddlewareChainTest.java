package io.xtremehub.nexus.chain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.LocalMetadataStore;
import io.xtremehub.nexus.metadata.MetadataStore;
import io.xtremehub.nexus.metadata.StreamletRegistration;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.streamlet.StreamletRegistry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.CreateBucketRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/** The chain decides a request's policy once, however many layers act on it. */
class MiddlewareChainTest {
    private static final byte[] BODY = "chunk bytes".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path work;

    private final CountingMetadata metadata = new CountingMetadata(LocalMetadataStore.inMemory());
    private final BlobStore backend = new TransientNio2BlobStore();
    private StreamletRegistry registry;
    private PipelineFactory pipelines;
    private MiddlewareChain chain;

    @BeforeEach
    void build() throws Exception {
        metadata.definePolicy(new Policy("noop-all", 0, SystemType.GENERIC, "chunks", "**",
                List.of(new StreamletRef("noop", Map.of())), List.of()));
        registry = new StreamletRegistry(metadata, work.resolve("jars"));
        pipelines = new PipelineFactory(registry, metadata);
        backend.createContainer(CreateBucketRequest.builder().bucket("chunks").build());
        chain = MiddlewareChain.over(backend).policies(metadata, pipelines).workDir(work)
                .metrics(new NexusMetrics()).tagging("tags", null, null).build();
    }

    @AfterEach
    void close() {
        chain.close();
        pipelines.close();
        registry.close();
    }

    @Test
    void aPutMatchesThePoliciesOnceAndAGetOnALoneWorkerNotAtAll() throws Exception {
        metadata.lookups.set(0);
        chain.front().putBlob(PutObjectRequest.builder().bucket("chunks").key("a/1").contentLength((long) BODY.length)
                .build(), new ByteArrayInputStream(BODY));
        assertEquals(1, metadata.lookups.get(), "policy lookups for one PUT through tagging and the pipeline");
        assertTrue(ObjectMarker.from(backend.blobMetadata(HeadObjectRequest.builder().bucket("chunks").key("a/1")
                .build()).metadata()).isPresent(), "the PUT was stored with the policy's marker");

        metadata.lookups.set(0);
        try (InputStream in = chain.front().getBlob(GetObjectRequest.builder().bucket("chunks").key("a/1").build())) {
            assertArrayEquals(BODY, in.readAllBytes());
        }
        assertEquals(0, metadata.lookups.get(), "policy lookups for a GET, which reads the object's marker");
    }

    /** The in-memory store, counting how often the active policies are looked up. */
    private static final class CountingMetadata implements MetadataStore {
        final AtomicInteger lookups = new AtomicInteger();
        private final MetadataStore store;

        CountingMetadata(MetadataStore store) {
            this.store = store;
        }

        @Override
        public List<Policy> activePolicies() {
            lookups.incrementAndGet();
            return store.activePolicies();
        }

        @Override
        public Policy definePolicy(Policy policy) {
            return store.definePolicy(policy);
        }

        @Override
        public boolean deletePolicy(String name) {
            return store.deletePolicy(name);
        }

        @Override
        public Optional<Policy> policy(String name, long version) {
            return store.policy(name, version);
        }

        @Override
        public void registerStreamlet(StreamletRegistration registration) {
            store.registerStreamlet(registration);
        }

        @Override
        public List<StreamletRegistration> streamlets() {
            return store.streamlets();
        }

        @Override
        public io.xtremehub.nexus.metadata.StateClaim claimState(String unit, String holder, List<String> keys) {
            return store.claimState(unit, holder, keys);
        }

        @Override
        public java.util.Map<String, io.xtremehub.nexus.metadata.StoredState> readState(List<String> keys) {
            return store.readState(keys);
        }

        @Override
        public long saveState(String unit, long epoch,
                              java.util.Map<String, io.xtremehub.nexus.metadata.StoredState> states) {
            return store.saveState(unit, epoch, states);
        }

        @Override
        public long stateReads() {
            return store.stateReads();
        }

        @Override
        public void addListener(Runnable listener) {
            store.addListener(listener);
        }

        @Override
        public String describe() {
            return store.describe();
        }
    }
}
