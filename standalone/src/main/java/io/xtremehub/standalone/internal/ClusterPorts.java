package io.xtremehub.standalone.internal;

import com.google.common.net.InetAddresses;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.ClusterStartException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Random;

/**
 * The ports a cluster runs on. A port configured as 0 is chosen free at first start
 * and written to {@code ports.properties} in the data directory, so a restart on the
 * same directory comes back on the same addresses (bookie cookies and the segment
 * store's registration depend on them).
 */
public final class ClusterPorts {
    private static final String FILE = "ports.properties";
    private static final long REMEMBERED_PORT_GRACE_MILLIS = 30_000;
    /** Lowest port picked for a port configured as 0: above every default port of the cluster. */
    private static final int PICK_FROM = 15_000;
    private static final Random RANDOM = new Random();
    /** First port of the kernel's ephemeral range, read once. */
    private static final int EPHEMERAL_START = ephemeralRangeStart();

    public final int zk;
    public final int controller;
    public final int segmentStore;
    public final int s3;
    public final int nexusAdmin;
    public final int[] bookies;

    private ClusterPorts(int zk, int controller, int segmentStore, int s3, int nexusAdmin, int[] bookies) {
        this.zk = zk;
        this.controller = controller;
        this.segmentStore = segmentStore;
        this.s3 = s3;
        this.nexusAdmin = nexusAdmin;
        this.bookies = bookies;
    }

    /** Resolves, checks and remembers the ports for this config. */
    public static ClusterPorts resolve(ClusterConfig config) throws IOException {
        Path file = config.dataDir().resolve(FILE);
        Properties saved = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                saved.load(in);
            }
        }
        InetAddress bind = InetAddresses.forString(config.listenAddress());
        int zk = pick(bind, "zk", config.zkPort(), saved);
        int controller = pick(bind, "controller", config.controllerPort(), saved);
        int segmentStore = pick(bind, "segment-store", config.segmentStorePort(), saved);
        int s3 = config.embeddedS3() ? pick(bind, "s3", config.s3Port(), saved) : -1;
        int nexusAdmin = config.embeddedS3() ? pick(bind, "nexus-admin", config.nexusAdminPort(), saved) : -1;
        int[] bookies = new int[config.bookies()];
        for (int i = 0; i < bookies.length; i++) {
            int base = config.bookiePortBase();
            bookies[i] = pick(bind, "bookie-" + i, base == 0 ? 0 : base + i, saved);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            saved.store(out, "ports of this XtremeHub cluster; delete to pick new ephemeral ports");
        }
        return new ClusterPorts(zk, controller, segmentStore, s3, nexusAdmin, bookies);
    }

    private static int pick(InetAddress bind, String name, int configured, Properties saved) {
        boolean remembered = configured == 0 && saved.containsKey(name);
        int port = configured != 0 ? configured
                : remembered ? Integer.parseInt(saved.getProperty(name)) : freePort(bind, saved);
        // A remembered port may still be held for a moment by this cluster's previous run
        // (a gRPC server finishing its shutdown); give it time before calling it taken.
        ensureFree(bind, name, port, remembered ? REMEMBERED_PORT_GRACE_MILLIS : 0);
        saved.setProperty(name, Integer.toString(port));
        return port;
    }

    /**
     * A free port below the kernel's ephemeral range. The kernel hands out ports of that range to every
     * outgoing connection and every bind to port 0, so a port found free there can be taken by another
     * socket (this cluster's own clients starting up included) before the component binds it.
     */
    private static int freePort(InetAddress bind, Properties taken) {
        int end = EPHEMERAL_START;
        if (end - PICK_FROM > 1000) {
            for (int attempt = 0; attempt < 200; attempt++) {
                int port = PICK_FROM + RANDOM.nextInt(end - PICK_FROM);
                if (!taken.containsValue(Integer.toString(port)) && isFree(bind, port)) {
                    return port;
                }
            }
        }
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new ClusterStartException("cannot find a free port: " + e.getMessage(), e);
        }
    }

    private static int ephemeralRangeStart() {
        try {
            // readAllLines: Files.readString gets only the first byte of this /proc file (size 0)
            String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim();
            return Integer.parseInt(range.split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32768; // Linux's default; elsewhere (49152 on macOS and Windows) it is only more room
        }
    }

    private static void ensureFree(InetAddress bind, String name, int port, long graceMillis) {
        long deadline = System.currentTimeMillis() + graceMillis;
        while (!isFree(bind, port)) {
            if (System.currentTimeMillis() >= deadline) {
                throw new ClusterStartException("port " + port + " (" + name + ") is already in use: "
                    + "stop the process that holds it or choose another port with --" + name + "-port");
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterStartException("interrupted while waiting for port " + port);
            }
        }
    }

    private static boolean isFree(InetAddress bind, int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(bind, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
