package io.xtremehub.standalone.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.bookkeeper.client.BookKeeperAdmin;
import org.apache.bookkeeper.conf.ServerConfiguration;
import org.apache.bookkeeper.proto.BookieServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * Real BookKeeper bookies, Pravega's write-ahead log. Journal and ledger directories
 * live under the data directory so a restart replays what was acknowledged.
 */
public final class EmbeddedBookies implements AutoCloseable, MonitoredComponent {
    /** ZooKeeper path of the BookKeeper metadata, shared by bookies and the segment store. */
    public static final String LEDGERS_PATH = "/xtremehub/bookkeeper/ledgers";
    /** Set to {@code false} to give the bookies BookKeeper's default group commit (benchmarks' baseline). */
    public static final String FLUSH_WHEN_QUEUE_EMPTY_PROPERTY = "xtremehub.bookie.flushWhenQueueEmpty";

    private final List<BookieServer> servers = new ArrayList<>();
    private final int[] ports;

    public EmbeddedBookies(Path dir, String zkConnect, ClusterAddress address, int[] ports) throws Exception {
        this(dir, zkConnect, LEDGERS_PATH, address, ports, flushWhenQueueEmpty());
    }

    /**
     * Bookies under their own metadata path, so that no client of the cluster's bookies places a
     * ledger on them: the latency benchmark runs one with BookKeeper's default group commit beside the
     * cluster's, to compare the two in the same run.
     *
     * @param flushWhenQueueEmpty whether the journal syncs as soon as its queue is empty, or waits up
     *                            to journalMaxGroupWaitMSec for more entries first (BookKeeper's default)
     */
    public EmbeddedBookies(Path dir, String zkConnect, String ledgersPath, ClusterAddress address, int[] ports,
                           boolean flushWhenQueueEmpty) throws Exception {
        this.ports = ports.clone();
        String metadataUri = "zk://" + zkConnect + ledgersPath;
        initClusterMetadataOnce(zkConnect, ledgersPath,
                serverConfig(dir, metadataUri, address, ports[0], 0, flushWhenQueueEmpty));
        try {
            for (int i = 0; i < ports.length; i++) {
                BookieServer bookie = new BookieServer(
                        serverConfig(dir, metadataUri, address, ports[i], i, flushWhenQueueEmpty));
                bookie.start();
                servers.add(bookie);
            }
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    public int count() {
        return servers.size();
    }

    @Override
    public String componentName() {
        return "BookKeeper";
    }

    // A bookie that loses its ZooKeeper registration or a disk shuts itself down and only sets an exit code.
    @Override
    public String failure() {
        for (int i = 0; i < servers.size(); i++) {
            if (!servers.get(i).isRunning()) {
                return "bookie on port " + ports[i] + " stopped with exit code " + servers.get(i).getExitCode();
            }
        }
        return null;
    }

    private static void initClusterMetadataOnce(String zkConnect, String ledgersPath, ServerConfiguration conf)
            throws Exception {
        ZooKeeper zk = new ZooKeeper(zkConnect, 10_000, event -> { });
        try {
            if (zk.exists(ledgersPath, false) == null) {
                String parent = ledgersPath.substring(0, ledgersPath.lastIndexOf('/'));
                createPath(zk, parent);
                if (!BookKeeperAdmin.initNewCluster(conf)) {
                    throw new IllegalStateException("BookKeeper refused to initialise metadata at " + ledgersPath);
                }
            }
        } finally {
            zk.close();
        }
    }

    private static void createPath(ZooKeeper zk, String path) throws Exception {
        StringBuilder at = new StringBuilder();
        for (String part : path.substring(1).split("/")) {
            at.append('/').append(part);
            try {
                zk.create(at.toString(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            } catch (KeeperException.NodeExistsException e) {
                // already there
            }
        }
    }

    private static ServerConfiguration serverConfig(Path dir, String metadataUri, ClusterAddress address, int port,
                                                    int index, boolean flushWhenQueueEmpty)
            throws Exception {
        Path journal = Files.createDirectories(dir.resolve("bookie-" + index).resolve("journal"));
        Path ledgers = Files.createDirectories(dir.resolve("bookie-" + index).resolve("ledgers"));
        ServerConfiguration conf = new ServerConfiguration();
        conf.setMetadataServiceUri(metadataUri);
        conf.setBookiePort(port);
        // Only the segment store of this cluster talks to its bookies: they advertise the address it uses.
        // BookKeeper binds every interface unless a listening interface is set, and then binds the advertised one.
        conf.setAdvertisedAddress(address.internal());
        conf.setListeningInterface(address.listenInterface());
        conf.setAllowLoopback(true);
        conf.setJournalDirName(journal.toString());
        conf.setLedgerDirNames(new String[] {ledgers.toString()});
        conf.setJournalAdaptiveGroupWrites(true);
        // Sync as soon as the journal queue is empty instead of waiting up to journalMaxGroupWaitMSec
        // (2 ms) for more entries: an add at a low rate then costs one fsync, not fsync plus the wait;
        // under load the queue is rarely empty, so entries still share one sync. Each entry is still
        // acknowledged only after the fsync that covers it (journalSyncData stays on).
        conf.setJournalFlushWhenQueueEmpty(flushWhenQueueEmpty);
        conf.setHttpServerEnabled(false);
        // A laptop disk is often fuller than a production bookie's: only stop at 95%.
        conf.setDiskUsageThreshold(0.95f);
        conf.setDiskUsageWarnThreshold(0.90f);
        // Keep the footprint of an embedded bookie small.
        conf.setEntryLogSizeLimit(64 * 1024 * 1024L);
        return conf;
    }

    /**
     * On unless the system property {@value #FLUSH_WHEN_QUEUE_EMPTY_PROPERTY} is {@code false}: the
     * before / after benchmark sets it to run a whole cluster on BookKeeper's own group commit.
     */
    private static boolean flushWhenQueueEmpty() {
        return !"false".equalsIgnoreCase(System.getProperty(FLUSH_WHEN_QUEUE_EMPTY_PROPERTY));
    }

    @Override
    public void close() {
        for (BookieServer server : servers) {
            server.shutdown();
        }
        servers.clear();
    }
}
