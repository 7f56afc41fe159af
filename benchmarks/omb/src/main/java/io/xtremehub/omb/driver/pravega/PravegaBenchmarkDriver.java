package io.xtremehub.omb.driver.pravega;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.omb.driver.BenchmarkConsumer;
import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.BenchmarkProducer;
import io.xtremehub.omb.driver.ConsumerCallback;
import io.xtremehub.omb.driver.DriverConfigFile;
import io.xtremehub.omb.driver.ScratchDirectory;
import io.xtremehub.pravega.ReaderWakeUp;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * XtremeHub's Pravega as an OMB driver: topics are streams (partitions are segments, optionally
 * auto-scaled), producers are event writers (optionally transactional), subscriptions are reader groups.
 */
public final class PravegaBenchmarkDriver implements BenchmarkDriver {
    private final PravegaDriverConfig config;
    private final StandaloneCluster cluster;
    private final ScratchDirectory dataDir;
    private final ClientConfig clientConfig;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager groups;
    private final List<String> createdStreams = new CopyOnWriteArrayList<>();

    private PravegaBenchmarkDriver(PravegaDriverConfig config, StandaloneCluster cluster, ScratchDirectory dataDir,
            URI controller) {
        this.config = config;
        this.cluster = cluster;
        this.dataDir = dataDir;
        this.clientConfig = ClientConfig.builder().controllerURI(controller).build();
        this.streams = StreamManager.create(clientConfig);
        if (config.createScope()) {
            streams.createScope(config.scope());
        }
        // consumers read through readers that wake when their data is in (Pravega 0.13 can miss that wake-up)
        this.clients = ReaderWakeUp.install(EventStreamClientFactory.withScope(config.scope(), clientConfig));
        this.groups = ReaderGroupManager.withScope(config.scope(), clientConfig);
    }

    /** Checks a driver file's keys and values without connecting. */
    public static void check(DriverConfigFile file) {
        PravegaDriverConfig.from(file);
    }

    /** Opens the driver a YAML file describes, starting the standalone cluster for an embedded target. */
    public static PravegaBenchmarkDriver open(DriverConfigFile file) {
        PravegaDriverConfig config = PravegaDriverConfig.from(file);
        if (!config.embedded()) {
            return new PravegaBenchmarkDriver(config, null, null, config.controllerUri());
        }
        ScratchDirectory dir = ScratchDirectory.create("omb-pravega-");
        StandaloneCluster cluster = null;
        try {
            cluster = StandaloneCluster.start(ClusterConfig.builder().dataDir(dir.path()).allPortsEphemeral()
                    .ltsCompression(config.ltsCompression()).build());
            return new PravegaBenchmarkDriver(config, cluster, dir, cluster.controllerUri());
        } catch (RuntimeException e) {
            if (cluster != null) {
                cluster.close();
            }
            dir.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add(config.embedded() ? "embedded standalone cluster, controller " + clientConfig.getControllerURI()
                + ", LTS through Nexus with " + config.ltsCompression() : "controller " + clientConfig.getControllerURI());
        lines.add("scope " + config.scope() + ", transactions " + config.transactions() + ", connection pooling "
                + config.connectionPooling() + ", auto-scaling " + config.autoScaling());
        return lines;
    }

    @Override
    public String failure() {
        return cluster == null ? null : cluster.died().toCompletableFuture().getNow(null);
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return CompletableFuture.runAsync(() -> {
            streams.createStream(config.scope(), topic,
                    StreamConfiguration.builder().scalingPolicy(scaling(partitions)).build());
            createdStreams.add(topic);
        });
    }

    private ScalingPolicy scaling(int partitions) {
        if (!config.autoScaling()) {
            return ScalingPolicy.fixed(partitions);
        }
        return config.eventsPerSecond() > 0 ? ScalingPolicy.byEventRate(config.eventsPerSecond(), 2, partitions)
                : ScalingPolicy.byDataRate(config.kbytesPerSecond(), 2, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        EventWriterConfig writerConfig = EventWriterConfig.builder()
                .enableConnectionPooling(config.connectionPooling()).build();
        return CompletableFuture.completedFuture(config.transactions()
                ? new PravegaTransactionalProducer(clients.createTransactionalEventWriter(
                        UUID.randomUUID().toString(), topic, new ByteArraySerializer(), writerConfig),
                        config.eventsPerTransaction())
                : new PravegaProducer(clients.createEventWriter(topic, new ByteArraySerializer(), writerConfig)));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription,
            ConsumerCallback callback) {
        return CompletableFuture.supplyAsync(() -> {
            // every consumer of a subscription asks for the same group; only the first creates it
            groups.createReaderGroup(subscription, ReaderGroupConfig.builder()
                    .stream(Stream.of(config.scope(), topic)).build());
            return new PravegaConsumer(clients.createReader(UUID.randomUUID().toString(), subscription,
                    new ByteArraySerializer(), ReaderConfig.builder().build()), callback);
        });
    }

    @Override
    public void close() {
        try (clients; groups; streams) {
            if (config.deleteStreams()) {
                for (String s : createdStreams) {
                    streams.sealStream(config.scope(), s);
                    streams.deleteStream(config.scope(), s);
                }
            }
        } finally {
            if (cluster != null) {
                cluster.close();
                dataDir.close();
            }
        }
    }
}
