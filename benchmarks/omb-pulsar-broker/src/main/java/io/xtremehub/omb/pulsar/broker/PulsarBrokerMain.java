package io.xtremehub.omb.pulsar.broker;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.pulsar.PulsarStandalone;
import org.apache.pulsar.broker.ServiceConfiguration;

/**
 * Runs a Pulsar 4.0 standalone (ZooKeeper, one bookie, one broker) on free loopback ports with all
 * state under the directory given as the only argument. Prints {@code PULSAR-READY <serviceUrl>
 * <httpUrl>} on standard output once it serves, or {@code PULSAR-FAILED <reason>} and exits 1; stops
 * when its standard input closes, so it never outlives the harness that started it.
 *
 * <p>{@code PulsarStandaloneBuilder} replaces the configuration it is given and leaves the bookie
 * configuration file unset, so this drives {@link PulsarStandalone} itself. An existing ZooKeeper
 * directory makes it keep metadata in ZooKeeper rather than in a RocksDB store under the working directory.
 */
public final class PulsarBrokerMain {
    private PulsarBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.out.println("PULSAR-FAILED usage: PulsarBrokerMain <data directory>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        PulsarStandalone standalone = new PulsarStandalone();
        try {
            configure(standalone, dir);
            standalone.start();
        } catch (Throwable t) {
            System.out.println("PULSAR-FAILED " + String.valueOf(t).replace('\n', ' '));
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
        System.out.println("PULSAR-READY " + standalone.getBrokerServiceUrl() + " " + standalone.getWebServiceUrl());
        System.out.flush();
        awaitEndOfInput(System.in);
        try {
            standalone.close();
        } finally {
            // Pulsar leaves non-daemon threads behind
            Runtime.getRuntime().halt(0);
        }
    }

    private static void configure(PulsarStandalone standalone, Path dir) throws IOException {
        Files.createDirectories(dir.resolve("zookeeper"));
        Path bookieConf = dir.resolve("bookkeeper.conf");
        // the bookie's caches default to a quarter of direct memory each; the journal fsyncs every
        // group commit (BookKeeper's default, stated here because durability is what a benchmark compares)
        Files.writeString(bookieConf, String.join("\n",
                "journalSyncData=true",
                "dbStorage_writeCacheMaxSizeMb=64",
                "dbStorage_readAheadCacheMaxSizeMb=64",
                "dbStorage_rocksDB_blockCacheSize=16777216", ""));
        standalone.setConfig(brokerConfig(dir));
        standalone.setConfigFile(bookieConf.toString());
        standalone.setZkDir(dir.resolve("zookeeper").toString());
        standalone.setBkDir(dir.resolve("bookkeeper").toString());
        standalone.setZkPort(freePort());
        standalone.setBkPort(freePort());
        standalone.setNumOfBk(1);
        standalone.setWipeData(true);
        standalone.setNoFunctionsWorker(true);
        standalone.setNoStreamStorage(true);
        standalone.setAdvertisedAddress("127.0.0.1");
    }

    private static ServiceConfiguration brokerConfig(Path dir) {
        ServiceConfiguration config = new ServiceConfiguration();
        config.setClusterName("standalone");
        config.setAdvertisedAddress("127.0.0.1");
        config.setBindAddress("127.0.0.1");
        config.setBrokerServicePort(Optional.of(0));
        config.setWebServicePort(Optional.of(0));
        // one bookie: every ledger has a single copy, like the other embedded targets (replication 1)
        config.setManagedLedgerDefaultEnsembleSize(1);
        config.setManagedLedgerDefaultWriteQuorum(1);
        config.setManagedLedgerDefaultAckQuorum(1);
        config.setTransactionCoordinatorEnabled(false);
        config.setNarExtractionDirectory(dir.resolve("nar").toString());
        return config;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void awaitEndOfInput(InputStream in) {
        try {
            while (in.read() != -1) {
                // the harness never writes; it closes the stream to stop the broker
            }
        } catch (IOException e) {
            // a broken pipe means the harness is gone: stop as well
        }
    }
}
