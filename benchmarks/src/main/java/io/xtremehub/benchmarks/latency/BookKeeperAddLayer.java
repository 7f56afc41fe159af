package io.xtremehub.benchmarks.latency;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.bookkeeper.client.BKException;
import org.apache.bookkeeper.client.BookKeeper;
import org.apache.bookkeeper.client.LedgerHandle;
import org.apache.bookkeeper.conf.ClientConfiguration;

/**
 * A raw BookKeeper add against the cluster's own bookie: one ledger, ensemble, write and ack quorum
 * of 1 (what the segment store uses with one bookie), acknowledged after the bookie's journal synced
 * it. The difference to the fsync line is the bookie's network round trip and its group commit.
 */
final class BookKeeperAddLayer implements LatencyLayer {
    private static final byte[] PASSWORD = "latency-budget".getBytes(StandardCharsets.UTF_8);

    private final String name;
    private final BookKeeper client;
    private final LedgerHandle ledger;

    BookKeeperAddLayer(String metadataServiceUri) throws Exception {
        this(metadataServiceUri, "BookKeeper add (ensemble 1)");
    }

    BookKeeperAddLayer(String metadataServiceUri, String name) throws Exception {
        this.name = name;
        ClientConfiguration conf = new ClientConfiguration();
        conf.setMetadataServiceUri(metadataServiceUri);
        // a loaded shared machine can stall the bookie for seconds: measure that, do not fail on it
        conf.setAddEntryTimeout(120);
        this.client = new BookKeeper(conf);
        this.ledger = client.createLedger(1, 1, 1, BookKeeper.DigestType.CRC32C, PASSWORD);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        Samples samples = new Samples(events);
        byte[] entry = new byte[1024];
        Pacer.run(eventsPerSecond, events, i -> {
            long sent = System.nanoTime();
            ledger.asyncAddEntry(entry, (rc, lh, entryId, ctx) -> {
                if (rc == BKException.Code.OK) {
                    samples.complete(i, sent);
                } else {
                    samples.fail("add failed: " + BKException.getMessage(rc));
                }
            }, null);
        });
        return Map.of(name(), samples.await(name(), Duration.ofSeconds(60)));
    }

    @Override
    public void close() throws Exception {
        ledger.close();
        client.deleteLedger(ledger.getId());
        client.close();
    }
}
