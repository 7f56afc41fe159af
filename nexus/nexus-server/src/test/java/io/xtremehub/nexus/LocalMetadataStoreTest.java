package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.metadata.LocalMetadataStore;
import io.xtremehub.nexus.metadata.StreamletRegistration;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default metadata store: versions, idempotent definitions, and its durable file. */
class LocalMetadataStoreTest {
    @TempDir
    Path tmp;

    static Policy policy(String name, String streamlet, Map<String, String> params) {
        return new Policy(name, 0, SystemType.PRAVEGA, "lts", "**", List.of(new StreamletRef(streamlet, params)),
                List.of());
    }

    @Test
    void identicalDefinitionsKeepTheirVersionAndDoNotNotify() {
        try (LocalMetadataStore store = LocalMetadataStore.inMemory()) {
            AtomicInteger changes = new AtomicInteger();
            store.addListener(changes::incrementAndGet);
            assertEquals(1, store.definePolicy(policy("p", "zstd", Map.of("level", "3"))).version());
            assertEquals(1, store.definePolicy(policy("p", "zstd", Map.of("level", "3"))).version());
            assertEquals(1, changes.get());
            assertEquals(2, store.definePolicy(policy("p", "zstd", Map.of("level", "5"))).version());
            assertEquals(3, store.definePolicy(policy("p", "zstd", Map.of("level", "3"))).version(),
                    "only the latest version is reused");
            assertTrue(store.deletePolicy("p"));
            assertTrue(store.activePolicies().isEmpty());
            assertEquals(3, store.definePolicy(policy("p", "zstd", Map.of("level", "3"))).version(),
                    "a deleted latest version is reactivated");
            assertEquals(List.of("p@3"), store.activePolicies().stream().map(Policy::id).toList());
            assertEquals("5", store.policy("p", 2).orElseThrow().pipeline().get(0).parameters().get("level"));
        }
    }

    @Test
    void everythingSurvivesReopeningTheFile() throws Exception {
        Path file = tmp.resolve("m/metadata.json");
        try (LocalMetadataStore store = LocalMetadataStore.durable(file)) {
            store.definePolicy(policy("a", "gzip", Map.of()));
            store.definePolicy(policy("a", "zstd", Map.of("blockSize", "65536")));
            store.definePolicy(policy("b", "noop", Map.of()));
            store.deletePolicy("b");
            store.registerStreamlet(new StreamletRegistration("x", 2, "demo.X", "/jars/x.jar", "ab"));
        }
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(file), "policies may hold keys");
        assertFalse(Files.exists(tmp.resolve("m/metadata.json.tmp")));
        try (LocalMetadataStore store = LocalMetadataStore.durable(file)) {
            assertEquals(List.of("a@2"), store.activePolicies().stream().map(Policy::id).toList());
            assertEquals("gzip", store.policy("a", 1).orElseThrow().pipeline().get(0).name());
            assertEquals("noop", store.policy("b", 1).orElseThrow().pipeline().get(0).name(), "retired, still known");
            assertEquals(List.of(new StreamletRegistration("x", 2, "demo.X", "/jars/x.jar", "ab")), store.streamlets());
            assertEquals(2, store.definePolicy(policy("a", "zstd", Map.of("blockSize", "65536"))).version());
            assertEquals(2, store.definePolicy(policy("b", "gzip", Map.of())).version());
        }
    }

    @Test
    void aCorruptFileStopsTheStoreWithOneLine() throws Exception {
        Path file = tmp.resolve("metadata.json");
        Files.writeString(file, "{\"format\":1,\"policies\":[{\"name\":");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LocalMetadataStore.durable(file));
        assertTrue(e.getMessage().contains("is corrupt") && !e.getMessage().contains("\n"), e.getMessage());
        Files.writeString(file, "{\"format\":9}");
        e = assertThrows(IllegalStateException.class, () -> LocalMetadataStore.durable(file));
        assertTrue(e.getMessage().contains("upgrade Nexus"), e.getMessage());
        // the lock was released by the failed opens
        Files.delete(file);
        LocalMetadataStore.durable(file).close();
    }

    @Test
    void partitionStateIsFencedAndSurvivesReopeningWithItsLastChunk() {
        Path file = tmp.resolve("s/metadata.json");
        try (LocalMetadataStore store = LocalMetadataStore.durable(file)) {
            StateFencing.staleClaimsCannotWrite(store, store, "p|stream/0");
        }
        try (LocalMetadataStore store = LocalMetadataStore.durable(file)) {
            assertEquals(new io.xtremehub.nexus.metadata.StoredState("{\"n\":2}", "b/chunk-2", "{\"n\":1}"),
                    store.claimState("p|stream/0", "worker-c", List.of("p|stream/0/state")).states()
                            .get("p|stream/0/state"));
        }
    }
}
