package io.xtremehub.omb.driver.pulsar;

import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.driver.ConsumerCallback;
import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.api.Authentication;
import org.apache.pulsar.client.api.AuthenticationFactory;
import org.apache.pulsar.client.api.ClientBuilder;
import org.apache.pulsar.client.api.ProducerBuilder;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;
import org.slf4j.LoggerFactory;

/**
 * Pulsar through pulsar-client as an OMB driver, the way OMB's Pulsar driver sets it up: a fresh
 * namespace per driver ({@code namespacePrefix}-random) with the configured persistence, no backlog
 * limit and deduplication as configured; topics of more than one partition are partitioned topics;
 * each subscription is a Pulsar subscription of the configured type (Failover by default).
 */
public final class PulsarBenchmarkDriver implements BenchmarkDriver {
    private final PulsarDriverConfig config;
    private final EmbeddedPulsar broker;
    private final PulsarRestAdmin admin;
    private final PulsarClient client;
    private final String namespace;

    private PulsarBenchmarkDriver(PulsarDriverConfig config, EmbeddedPulsar broker) throws Exception {
        this.config = config;
        this.broker = broker;
        String serviceUrl = broker != null ? broker.serviceUrl() : config.serviceUrl();
        String httpUrl = broker != null ? broker.httpUrl() : config.httpUrl();
        Authentication auth = config.authPlugin() == null || config.authPlugin().isEmpty() ? null
                : AuthenticationFactory.create(config.authPlugin(), config.authData());
        ClientBuilder builder = PulsarClient.builder().serviceUrl(serviceUrl)
                .ioThreads(config.ioThreads()).connectionsPerBroker(config.connectionsPerBroker())
                .listenerThreads(Runtime.getRuntime().availableProcessors())
                .statsInterval(0, TimeUnit.SECONDS)
                .allowTlsInsecureConnection(config.tlsAllowInsecureConnection())
                .enableTlsHostnameVerification(config.tlsEnableHostnameVerification());
        if (config.tlsTrustCertsFilePath() != null) {
            builder.tlsTrustCertsFilePath(config.tlsTrustCertsFilePath());
        }
        if (auth != null) {
            builder.authentication(auth);
        }
        this.client = builder.build();
        try {
            this.admin = new PulsarRestAdmin(httpUrl, httpHeaders(auth));
            this.namespace = createNamespace(admin, config);
        } catch (Exception e) {
            client.close();
            throw e;
        }
    }

    /** A fresh namespace, {@code <namespacePrefix>-<random>}, in a tenant created if absent. */
    private static String createNamespace(PulsarRestAdmin admin, PulsarDriverConfig config) throws Exception {
        String namespace = config.namespacePrefix() + "-" + Integer.toHexString(
                ThreadLocalRandom.current().nextInt(0x1000000, 0x10000000));
        List<String> clusters = config.clusterName() != null ? List.of(config.clusterName()) : admin.clusters();
        admin.createTenantIfAbsent(config.tenant(), clusters);
        admin.createNamespace(namespace);
        admin.setPersistence(namespace, config.ensembleSize(), config.writeQuorum(), config.ackQuorum());
        admin.setUnlimitedBacklog(namespace);
        admin.setDeduplication(namespace, config.deduplication());
        return namespace;
    }

    /** What the authentication adds to HTTP requests (a token plugin: {@code Authorization: Bearer ...}). */
    private static Map<String, String> httpHeaders(Authentication auth) throws PulsarClientException {
        Map<String, String> headers = new HashMap<>();
        var data = auth == null ? null : auth.getAuthData();
        if (data != null && data.hasDataForHttp()) {
            try {
                data.getHttpHeaders().forEach(h -> headers.put(h.getKey(), h.getValue()));
            } catch (Exception e) {
                throw new PulsarClientException(e);
            }
        }
        return headers;
    }

    /** Checks a driver file's keys and values without connecting. */
    public static void check(DriverConfigFile file) {
        PulsarDriverConfig config = PulsarDriverConfig.from(file);
        String missing = config.embedded() ? EmbeddedPulsar.notBuilt(EmbeddedPulsar.home()) : null;
        if (missing != null) {
            throw new DriverConfigException(file.source() + ": " + missing);
        }
    }

    /** Opens the driver a YAML file describes, starting the standalone broker for an embedded target. */
    public static PulsarBenchmarkDriver open(DriverConfigFile file) {
        PulsarDriverConfig config = PulsarDriverConfig.from(file);
        EmbeddedPulsar broker = null;
        try {
            if (config.embedded()) {
                broker = EmbeddedPulsar.start();
            }
            return new PulsarBenchmarkDriver(config, broker);
        } catch (Exception e) {
            if (broker != null) {
                broker.close();
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new DriverConfigException(file.source() + ": the Pulsar driver did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public String topicNamePrefix() {
        return config.topicType() + "://" + namespace + "/omb";
    }

    @Override
    public List<String> describe() {
        return List.of(broker != null ? "embedded Pulsar 4.0 standalone (one bookie, journal fsync), " + broker.serviceUrl()
                        : "brokers " + config.serviceUrl(),
                "namespace " + namespace + ", ensemble/write/ack " + config.ensembleSize() + "/" + config.writeQuorum()
                        + "/" + config.ackQuorum() + ", batching " + (config.batching() ? config.batchingMaxPublishDelayMs()
                        + " ms or " + config.batchingMaxBytes() + " B" : "off") + ", subscription "
                        + config.subscriptionType());
    }

    @Override
    public String failure() {
        return broker == null ? null : broker.failure();
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        // as OMB: a one-partition topic is a plain topic, created when first used
        if (partitions == 1) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.runAsync(() -> {
            try {
                admin.createPartitionedTopic(topic, partitions);
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        ProducerBuilder<byte[]> builder = client.newProducer().topic(topic)
                .enableBatching(config.batching())
                .batchingMaxPublishDelay(config.batchingMaxPublishDelayMs(), TimeUnit.MILLISECONDS)
                .batchingMaxBytes(config.batchingMaxBytes())
                .blockIfQueueFull(config.blockIfQueueFull());
        if (config.pendingQueueSize() > 0) {
            builder.maxPendingMessages(config.pendingQueueSize());
        }
        return builder.createAsync().thenApply(PulsarBenchmarkProducer::new);
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription,
            ConsumerCallback callback) {
        // the runner derives subscription names from the topic prefix; Pulsar's are plain names
        String name = subscription.substring(subscription.lastIndexOf('/') + 1);
        return client.newConsumer().topic(topic).subscriptionName(name)
                .subscriptionType(config.subscriptionType()).subscriptionMode(config.subscriptionMode())
                .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest)
                .receiverQueueSize(config.receiverQueueSize())
                .messageListener((consumer, message) -> {
                    callback.messageReceived(message.getData());
                    consumer.acknowledgeAsync(message);
                })
                .subscribeAsync().thenApply(PulsarBenchmarkConsumer::new);
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (PulsarClientException e) {
            LoggerFactory.getLogger(PulsarBenchmarkDriver.class).warn("Pulsar client did not close", e);
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
    }
}
