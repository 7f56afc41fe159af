package io.xtremehub.benchmarks.latency;

import io.xtremehub.standalone.internal.ClusterAddress;
import io.xtremehub.standalone.internal.EmbeddedBookies;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * A second bookie beside the cluster's, journal on the same disk, with BookKeeper's default group
 * commit (an add waits up to journalMaxGroupWaitMSec = 2 ms for more entries before the journal
 * syncs). It registers under a metadata path of its own, so Pravega never places a ledger on it: the
 * budget's adds to it and to the cluster's bookie take turns in the same run, under the same load.
 */
final class BaselineBookie implements AutoCloseable {
    static final String LINE = "BookKeeper add (ensemble 1), BookKeeper's default group commit";
    private static final String LEDGERS_PATH = "/xtremehub/baseline-bookkeeper/ledgers";

    private final EmbeddedBookies bookie;
    private final String metadataServiceUri;

    private BaselineBookie(EmbeddedBookies bookie, String metadataServiceUri) {
        this.bookie = bookie;
        this.metadataServiceUri = metadataServiceUri;
    }

    static BaselineBookie start(Path dir, int zkPort, ClusterAddress address) throws Exception {
        String zk = "127.0.0.1:" + zkPort;
        EmbeddedBookies bookie = new EmbeddedBookies(dir, zk, LEDGERS_PATH, address, new int[] {freePort()}, false);
        return new BaselineBookie(bookie, "zk://" + zk + LEDGERS_PATH);
    }

    String metadataServiceUri() {
        return metadataServiceUri;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        bookie.close();
    }
}
