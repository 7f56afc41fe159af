package io.xtremehub.omb.driver.pulsar;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.util.Arrays;
import java.util.Set;
import org.apache.pulsar.client.api.SubscriptionMode;
import org.apache.pulsar.client.api.SubscriptionType;

/**
 * The Pulsar driver's settings, read with OMB's Pulsar driver keys ({@code client.*}, {@code producer.*},
 * {@code consumer.*}) and OMB's defaults. Without a {@code client.serviceUrl} (or with {@code embedded: true})
 * the driver starts the embedded standalone broker, which has one bookie.
 */
record PulsarDriverConfig(
        String name,
        boolean embedded,
        String serviceUrl,
        String httpUrl,
        int ioThreads,
        int connectionsPerBroker,
        String clusterName,
        String tenant,
        String namespacePrefix,
        String topicType,
        int ensembleSize,
        int writeQuorum,
        int ackQuorum,
        boolean deduplication,
        boolean tlsAllowInsecureConnection,
        boolean tlsEnableHostnameVerification,
        String tlsTrustCertsFilePath,
        String authPlugin,
        String authData,
        boolean batching,
        int batchingMaxPublishDelayMs,
        int batchingMaxBytes,
        boolean blockIfQueueFull,
        int pendingQueueSize,
        SubscriptionType subscriptionType,
        SubscriptionMode subscriptionMode,
        int receiverQueueSize) {

    private static final Set<String> KEYS = Set.of("name", "driverClass", "embedded",
            "client.serviceUrl", "client.httpUrl", "client.ioThreads", "client.connectionsPerBroker",
            "client.clusterName", "client.namespacePrefix", "client.topicType",
            "client.persistence.ensembleSize", "client.persistence.writeQuorum", "client.persistence.ackQuorum",
            "client.persistence.deduplicationEnabled", "client.tlsAllowInsecureConnection",
            "client.tlsEnableHostnameVerification", "client.tlsTrustCertsFilePath",
            "client.authentication.plugin", "client.authentication.data",
            "producer.batchingEnabled", "producer.batchingMaxPublishDelayMs", "producer.batchingMaxBytes",
            "producer.blockIfQueueFull", "producer.pendingQueueSize",
            "consumer.subscriptionType", "consumer.subscriptionMode", "consumer.receiverQueueSize");

    static PulsarDriverConfig from(DriverConfigFile f) {
        f.requireOnly(KEYS);
        String serviceUrl = f.string("client.serviceUrl", null);
        boolean embedded = f.bool("embedded", serviceUrl == null);
        String httpUrl = f.string("client.httpUrl", null);
        if (!embedded && (serviceUrl == null || httpUrl == null)) {
            throw new DriverConfigException(f.source() + ": an external Pulsar cluster needs 'client.serviceUrl' and "
                    + "'client.httpUrl' (the admin API creates the namespace and the partitioned topics)");
        }
        String prefix = f.string("client.namespacePrefix", "benchmark/ns");
        String[] parts = prefix.split("/", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new DriverConfigException(f.source() + ": 'client.namespacePrefix' must be <tenant>/<namespace>, got '"
                    + prefix + "'");
        }
        String topicType = f.string("client.topicType", "persistent");
        if (!topicType.equals("persistent") && !topicType.equals("non-persistent")) {
            throw new DriverConfigException(f.source() + ": 'client.topicType' must be persistent or non-persistent, got '"
                    + topicType + "'");
        }
        int ensemble = atLeast(f, "client.persistence.ensembleSize", 3, 1);
        int write = atLeast(f, "client.persistence.writeQuorum", 3, 1);
        int ack = atLeast(f, "client.persistence.ackQuorum", 2, 1);
        if (ack > write || write > ensemble) {
            throw new DriverConfigException(f.source() + ": 'client.persistence' needs ackQuorum <= writeQuorum <= "
                    + "ensembleSize, got " + ack + " <= " + write + " <= " + ensemble);
        }
        if (embedded && ensemble > 1) {
            throw new DriverConfigException(f.source() + ": the embedded Pulsar broker has one bookie: set "
                    + "'client.persistence' ensembleSize, writeQuorum and ackQuorum to 1 (got " + ensemble + "/" + write
                    + "/" + ack + ")");
        }
        return new PulsarDriverConfig(f.string("name", "Pulsar"), embedded, embedded ? null : serviceUrl,
                embedded ? null : httpUrl,
                atLeast(f, "client.ioThreads", 8, 1), atLeast(f, "client.connectionsPerBroker", 8, 1),
                f.string("client.clusterName", null), parts[0], prefix, topicType, ensemble, write, ack,
                f.bool("client.persistence.deduplicationEnabled", false),
                f.bool("client.tlsAllowInsecureConnection", false), f.bool("client.tlsEnableHostnameVerification", false),
                f.string("client.tlsTrustCertsFilePath", null), f.string("client.authentication.plugin", null),
                f.string("client.authentication.data", null),
                f.bool("producer.batchingEnabled", true), atLeast(f, "producer.batchingMaxPublishDelayMs", 1, 0),
                atLeast(f, "producer.batchingMaxBytes", 128 * 1024, 1), f.bool("producer.blockIfQueueFull", true),
                atLeast(f, "producer.pendingQueueSize", 0, 0),
                named(f, "consumer.subscriptionType", SubscriptionType.Failover, SubscriptionType.values()),
                named(f, "consumer.subscriptionMode", SubscriptionMode.Durable, SubscriptionMode.values()),
                atLeast(f, "consumer.receiverQueueSize", 10_000, 0));
    }

    private static int atLeast(DriverConfigFile f, String key, int dflt, int min) {
        long v = f.number(key, dflt);
        if (v < min || v > Integer.MAX_VALUE) {
            throw new DriverConfigException(f.source() + ": '" + key + "' must be at least " + min + ", got " + v);
        }
        return (int) v;
    }

    private static <E extends Enum<E>> E named(DriverConfigFile f, String key, E dflt, E[] values) {
        String v = f.string(key, dflt.name());
        return Arrays.stream(values).filter(e -> e.name().equals(v)).findFirst().orElseThrow(() ->
                new DriverConfigException(f.source() + ": '" + key + "' must be one of " + Arrays.toString(values)
                        + ", got '" + v + "'"));
    }
}
