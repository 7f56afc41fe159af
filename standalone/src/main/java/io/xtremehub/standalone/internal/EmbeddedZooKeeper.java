package io.xtremehub.standalone.internal;

import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/** A single ZooKeeper server whose snapshots and transaction log live in the data directory. */
public final class EmbeddedZooKeeper implements AutoCloseable {
    private static final int TICK_MILLIS = 2000;
    private final ZooKeeperServer server;
    private final ServerCnxnFactory connections;

    public EmbeddedZooKeeper(Path dir, int port) throws Exception {
        File data = dir.toFile();
        if (!data.isDirectory() && !data.mkdirs()) {
            throw new IllegalStateException("cannot create " + data);
        }
        this.server = new ZooKeeperServer(data, data, TICK_MILLIS);
        this.connections = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", port), 1000);
        connections.startup(server);
    }

    public String connectString() {
        return "127.0.0.1:" + connections.getLocalPort();
    }

    @Override
    public void close() {
        connections.shutdown();
        server.shutdown(true);
    }
}
