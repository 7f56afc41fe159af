package io.xtremehub.benchmarks.latency;

import io.xtremehub.standalone.internal.ClusterAddress;
import io.xtremehub.standalone.internal.EmbeddedBookies;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * A bookie of its own beside the cluster's, journal on the same disk, either with the cluster's
 * journal setting (sync as soon as the journal queue is empty) or with BookKeeper's default group
 * commit (an add waits up to journalMaxGroupWaitMSec = 2 ms for more entries before the sync). The
 * cluster's bookie also carries Pravega's own traffic; a pair of these carries only the budget's adds,
 * so their lines differ in the setting alone, taking turns in the same run under the same load. Each
 * registers under a metadata path of its own, so Pravega never places a ledger on it.
 */
final class BaselineBookie implements AutoCloseable {
    private final String line;

    private final EmbeddedBookies bookie;
    private final String metadataServiceUri;

    private BaselineBookie(String line, EmbeddedBookies bookie, String metadataServiceUri) {
        this.line = line;
        this.bookie = bookie;
        this.metadataServiceUri = metadataServiceUri;
    }

    /** @param flushWhenQueueEmpty the cluster's setting (true) or BookKeeper's default (false) */
    static BaselineBookie start(Path dir, int zkPort, ClusterAddress address, boolean flushWhenQueueEmpty)
            throws Exception {
        String zk = "127.0.0.1:" + zkPort;
        String name = flushWhenQueueEmpty ? "flush-when-empty" : "group-wait";
        String ledgers = "/xtremehub/budget-bookie-" + name + "/ledgers";
        EmbeddedBookies bookie = new EmbeddedBookies(dir.resolve(name), zk, ledgers, address,
                new int[] {freePort()}, flushWhenQueueEmpty);
        String line = "BookKeeper add, own bookie, " + (flushWhenQueueEmpty
                ? "sync when journal queue empty" : "BookKeeper's default group commit (2 ms wait)");
        return new BaselineBookie(line, bookie, "zk://" + zk + ledgers);
    }

    String line() {
        return line;
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
