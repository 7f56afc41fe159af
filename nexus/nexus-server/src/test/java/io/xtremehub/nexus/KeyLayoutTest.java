package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.KafkaKeyLayout;
import io.xtremehub.nexus.policy.PravegaKeyLayout;
import io.xtremehub.nexus.policy.PulsarKeyLayout;
import org.junit.jupiter.api.Test;

/** Key layouts of the tiering systems, on names in the exact formats those systems write. */
class KeyLayoutTest {
    @Test
    void pravegaChunksAreStreamDataAndSystemSegmentsAreNot() {
        PravegaKeyLayout l = new PravegaKeyLayout();
        assertEquals(new ChunkId("scope1/stream1", "0.#epoch.0"),
                l.classify("/scope1/stream1/0.#epoch.0.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b").orElseThrow());
        assertEquals(new ChunkId("s/t", "3.#epoch.1"),
                l.classify("tier/s/t/3.#epoch.1.E-7-O-1048576.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b").orElseThrow());
        assertTrue(l.classify("/_system/containers/storage_metadata_0.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b")
                .isEmpty());
        assertTrue(l.classify("/_system/containers/_sysjournal.epoch1.container0.file1").isEmpty());
        assertTrue(l.classify("/scope1/stream1/0.#epoch.0$attributes.index.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b")
                .isEmpty());
        assertTrue(l.classify("/_system/_tables/completedTransactionsBatches.E-1-O-0.6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b")
                .isEmpty());
    }

    @Test
    void kafkaLogSegmentsAreStreamDataAndIndexesAreNot() {
        KafkaKeyLayout l = new KafkaKeyLayout();
        assertEquals(new ChunkId("orders", "3"),
                l.classify("tiered/orders-AbCdEfGhIjKlMnOpQrStUv/3/00000000000000001234-QwErTyUiOpAsDfGhJkLzXc.log")
                        .orElseThrow());
        assertTrue(l.classify("orders-AbCdEfGhIjKlMnOpQrStUv/3/00000000000000001234-QwErTyUiOpAsDfGhJkLzXc.indexes")
                .isEmpty());
        assertTrue(l.classify("orders-AbCdEfGhIjKlMnOpQrStUv/3/00000000000000001234-QwErTyUiOpAsDfGhJkLzXc.rsm-manifest")
                .isEmpty());
    }

    @Test
    void pulsarLedgerDataIsStreamDataAndIndexIsNot() {
        PulsarKeyLayout l = new PulsarKeyLayout();
        assertEquals(new ChunkId(null, "42"),
                l.classify("offload/6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b-ledger-42").orElseThrow());
        assertTrue(l.classify("6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b-ledger-42-index").isEmpty());
    }
}
