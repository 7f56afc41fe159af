package io.xtremehub.standalone.internal;

import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single ZooKeeper server whose snapshots and transaction log live in the data directory.
 *
 * <p>ZooKeeper persists client sessions: after a crash the previous run's sessions come
 * back with the data and keep their ephemeral nodes (the bookie's registration, the
 * controller's leader locks, the segment store's host entry) until they time out. The
 * new bookie then refuses to register and Pravega waits for the old leaders. This server
 * belongs to the cluster that owns the data directory, so before any component connects
 * it closes every session it restored: each was opened by a process of a previous run.
 */
public final class EmbeddedZooKeeper implements AutoCloseable, MonitoredComponent {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedZooKeeper.class);
    private static final int TICK_MILLIS = 2000;
    private static final Duration SESSION_CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private final ZooKeeperServer server;
    private final ServerCnxnFactory connections;
    private final String connectHost;

    public EmbeddedZooKeeper(Path dir, ClusterAddress address, int port) throws Exception {
        this.connectHost = address.internal();
        File data = dir.toFile();
        if (!data.isDirectory() && !data.mkdirs()) {
            throw new IllegalStateException("cannot create " + data);
        }
        this.server = new ZooKeeperServer(data, data, TICK_MILLIS);
        // NIOServerCnxnFactory's static initializer installs a JVM-wide uncaught-exception handler that
        // only logs: an exception escaping the user's main would then never reach the console
        Thread.UncaughtExceptionHandler usersHandler = Thread.getDefaultUncaughtExceptionHandler();
        try {
            this.connections = ServerCnxnFactory.createFactory(new InetSocketAddress(address.bindAddress(), port), 1000);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(usersHandler);
        }
        connections.startup(server);
        try {
            closePreviousRunSessions();
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    /** Sessions restored from disk, closed through the request pipeline so their ephemeral nodes go too. */
    private void closePreviousRunSessions() throws InterruptedException {
        List<Long> restored = List.copyOf(server.getZKDatabase().getSessions());
        if (restored.isEmpty()) {
            return;
        }
        restored.forEach(server::closeSession);
        long deadline = System.nanoTime() + SESSION_CLOSE_TIMEOUT.toNanos();
        while (restored.stream().anyMatch(this::sessionHoldsState)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("ZooKeeper did not close the " + restored.size()
                        + " sessions of the previous run within " + SESSION_CLOSE_TIMEOUT.toSeconds() + " s");
            }
            Thread.sleep(10);
        }
        LOG.debug("closed {} ZooKeeper sessions of the previous run", restored.size());
    }

    private boolean sessionHoldsState(long session) {
        return server.getZKDatabase().getSessionWithTimeOuts().containsKey(session)
                || !server.getZKDatabase().getDataTree().getEphemerals(session).isEmpty();
    }

    public String connectString() {
        return ClusterAddress.hostPort(connectHost, connections.getLocalPort());
    }

    @Override
    public String componentName() {
        return "ZooKeeper on " + connectString();
    }

    @Override
    public String failure() {
        return server.isRunning() ? null : "stopped serving";
    }

    @Override
    public void close() {
        connections.shutdown();
        server.shutdown(true);
    }
}
