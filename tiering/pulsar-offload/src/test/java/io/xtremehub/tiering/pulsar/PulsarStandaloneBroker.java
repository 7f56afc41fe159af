package io.xtremehub.tiering.pulsar;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.client.BKException;
import org.apache.bookkeeper.client.BookKeeper;
import org.apache.bookkeeper.conf.ClientConfiguration;
import org.apache.pulsar.PulsarStandalone;
import org.apache.pulsar.broker.ServiceConfiguration;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.common.policies.data.OffloadPoliciesImpl;
import org.apache.pulsar.common.policies.data.RetentionPolicies;
import org.apache.pulsar.common.policies.data.TenantInfo;

/**
 * A Pulsar 4.0 standalone (one ZooKeeper, one bookie, one broker) on free ports under a directory,
 * whose offloader is {@code tiered-storage-jcloud} writing to an S3 endpoint with the credentials in
 * the environment variables {@code ACCESS_KEY_ID} and {@code ACCESS_KEY_SECRET}.
 *
 * <p>{@code PulsarStandaloneBuilder} cannot be used: its {@code build()} replaces the configuration it
 * was given and leaves the bookie configuration file unset, so this sets up {@link PulsarStandalone}
 * directly. An existing ZooKeeper directory makes it use ZooKeeper for metadata; without one it would
 * put a RocksDB metadata store under the working directory, which it offers no way to move.
 */
final class PulsarStandaloneBroker implements AutoCloseable {
    /** Namespace the tests use, with infinite retention. */
    static final String NAMESPACE = "xtremehub/offload";
    private static final String DRIVER = "S3";
    private static final String OFFLOADERS_DIR = System.getProperty("offloaders.dir", "target/offloaders");

    private final PulsarStandalone standalone;
    private final PulsarClient client;
    private final PulsarAdmin admin;
    private final BookKeeper bookKeeper;

    private PulsarStandaloneBroker(PulsarStandalone standalone) throws Exception {
        this.standalone = standalone;
        this.client = PulsarClient.builder().serviceUrl(standalone.getBrokerServiceUrl()).build();
        this.admin = PulsarAdmin.builder().serviceHttpUrl(standalone.getWebServiceUrl()).build();
        // a client of our own, as an operator's `bookkeeper shell` would be, to see what BookKeeper holds
        this.bookKeeper = new BookKeeper(new ClientConfiguration()
                .setMetadataServiceUri("zk+hierarchical://127.0.0.1:" + standalone.getZkPort() + "/ledgers"));
    }

    /**
     * Starts a broker whose ledgers roll over every {@code entriesPerLedger} entries and whose
     * offloader writes to {@code bucket} at {@code s3Endpoint}.
     */
    static PulsarStandaloneBroker start(Path dir, String s3Endpoint, String bucket, int entriesPerLedger)
            throws Exception {
        Files.createDirectories(dir.resolve("zookeeper"));
        Path bookieConf = dir.resolve("bookkeeper.conf");
        // the bookie's caches default to a quarter of direct memory each; a test bookie needs little
        Files.writeString(bookieConf, String.join("\n",
                "dbStorage_writeCacheMaxSizeMb=32",
                "dbStorage_readAheadCacheMaxSizeMb=32",
                "dbStorage_rocksDB_blockCacheSize=16777216",
                "journalMaxGroupWaitMSec=1", ""));

        PulsarStandalone standalone = new PulsarStandalone();
        standalone.setConfig(brokerConfig(dir, s3Endpoint, bucket, entriesPerLedger));
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
        try {
            standalone.start();
            PulsarStandaloneBroker broker = new PulsarStandaloneBroker(standalone);
            broker.createDefaultNamespace();
            return broker;
        } catch (Exception | Error e) {
            standalone.close();
            throw e;
        }
    }

    private static ServiceConfiguration brokerConfig(Path dir, String s3Endpoint, String bucket,
                                                     int entriesPerLedger) {
        ServiceConfiguration config = new ServiceConfiguration();
        config.setClusterName("standalone");
        config.setAdvertisedAddress("127.0.0.1");
        config.setBindAddress("127.0.0.1");
        config.setBrokerServicePort(Optional.of(0));
        config.setWebServicePort(Optional.of(0));
        config.setManagedLedgerDefaultEnsembleSize(1);
        config.setManagedLedgerDefaultWriteQuorum(1);
        config.setManagedLedgerDefaultAckQuorum(1);
        config.setManagedLedgerMaxEntriesPerLedger(entriesPerLedger);
        config.setManagedLedgerMinLedgerRolloverTimeMinutes(0);
        config.setRetentionCheckIntervalInSeconds(2);
        config.setBrokerDeleteInactiveTopicsEnabled(false);
        config.setTransactionCoordinatorEnabled(false);
        config.setNarExtractionDirectory(dir.resolve("nar").toString());
        config.setManagedLedgerCacheSizeMB(16);

        config.getProperties().putAll(offloadSettings(s3Endpoint, bucket));
        // offloaded ledgers leave BookKeeper at the next retention check
        config.setManagedLedgerOffloadDeletionLagMs(0);
        config.setManagedLedgerOffloadDriver(DRIVER);
        config.setOffloadersDirectory(OFFLOADERS_DIR);
        return config;
    }

    /**
     * The offloader's settings, as broker.conf keys: the broker's own, or a namespace's offload
     * policies (then that namespace offloads elsewhere). Driver "S3" is jclouds' plain S3 API for
     * S3-compatible endpoints; "aws-s3" would first ask s3.amazonaws.com for the bucket's region.
     */
    static Properties offloadSettings(String s3Endpoint, String bucket) {
        Properties offload = new Properties();
        offload.setProperty("managedLedgerOffloadDriver", DRIVER);
        offload.setProperty("offloadersDirectory", OFFLOADERS_DIR);
        offload.setProperty("managedLedgerOffloadBucket", bucket);
        offload.setProperty("managedLedgerOffloadRegion", "us-east-1");
        offload.setProperty("managedLedgerOffloadServiceEndpoint", s3Endpoint);
        // S3's smallest multipart part: ledgers above 5 MiB go up in several parts
        offload.setProperty("managedLedgerOffloadMaxBlockSizeInBytes", Integer.toString(5 * 1024 * 1024));
        offload.setProperty("managedLedgerOffloadReadBufferSizeInBytes", Integer.toString(256 * 1024));
        offload.setProperty("managedLedgerOffloadDeletionLagMs", "0");
        return offload;
    }

    /** Creates a namespace with infinite retention that offloads to {@code bucket} at {@code s3Endpoint}. */
    void createNamespace(String namespace, String s3Endpoint, String bucket) throws Exception {
        admin.namespaces().createNamespace(namespace);
        admin.namespaces().setRetention(namespace, new RetentionPolicies(-1, -1));
        admin.namespaces().setOffloadPolicies(namespace, OffloadPoliciesImpl.create(offloadSettings(s3Endpoint, bucket)));
    }

    private void createDefaultNamespace() throws Exception {
        admin.tenants().createTenant("xtremehub", TenantInfo.builder()
                .allowedClusters(Set.of("standalone")).build());
        admin.namespaces().createNamespace(NAMESPACE);
        admin.namespaces().setRetention(NAMESPACE, new RetentionPolicies(-1, -1));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    PulsarClient client() {
        return client;
    }

    PulsarAdmin admin() {
        return admin;
    }

    /** Whether BookKeeper still holds the ledger (a deleted ledger has no metadata left). */
    boolean ledgerInBookKeeper(long ledgerId) throws Exception {
        try {
            bookKeeper.getLedgerManager().readLedgerMetadata(ledgerId).get(30, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BKException.BKNoSuchLedgerExistsOnMetadataServerException) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public void close() throws Exception {
        bookKeeper.close();
        admin.close();
        client.close();
        standalone.close();
    }
}
