package io.xtremehub.standalone.internal;

import com.google.common.util.concurrent.Service;
import io.pravega.controller.server.ControllerServiceConfig;
import io.pravega.controller.server.ControllerServiceMain;
import io.pravega.controller.server.eventProcessor.impl.ControllerEventProcessorConfigImpl;
import io.pravega.controller.server.impl.ControllerServiceConfigImpl;
import io.pravega.controller.server.rpc.grpc.impl.GRPCServerConfigImpl;
import io.pravega.controller.store.client.impl.StoreClientConfigImpl;
import io.pravega.controller.store.client.impl.ZKClientConfigImpl;
import io.pravega.controller.store.host.impl.HostMonitorConfigImpl;
import io.pravega.controller.timeout.TimeoutServiceConfig;
import io.pravega.controller.util.Config;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.slf4j.LoggerFactory;

/** The Pravega controller, with its metadata in ZooKeeper and Pravega tables. */
public final class EmbeddedController implements AutoCloseable, MonitoredComponent {
    private final ControllerServiceMain controller;

    public EmbeddedController(String zkConnect, String clusterName, String advertisedHost, int port, int containers) {
        ControllerServiceConfig config = ControllerServiceConfigImpl.builder()
                .threadPoolSize(Math.max(4, Runtime.getRuntime().availableProcessors()))
                .storeClientConfig(StoreClientConfigImpl.withPravegaTablesClient(ZKClientConfigImpl.builder()
                        .connectionString(zkConnect)
                        .namespace("pravega/" + clusterName)
                        .initialSleepInterval(500)
                        .maxRetries(10)
                        .sessionTimeoutMs(10_000)
                        .build()))
                .hostMonitorConfig(HostMonitorConfigImpl.builder()
                        .hostMonitorEnabled(true)
                        .containerCount(containers)
                        .hostMonitorMinRebalanceInterval(1)
                        .build())
                .controllerClusterListenerEnabled(true) // hands a previous run's event-processor readers over after a restart
                .timeoutServiceConfig(TimeoutServiceConfig.builder().maxLeaseValue(Config.MAX_LEASE_VALUE).build())
                .eventProcessorConfig(Optional.of(ControllerEventProcessorConfigImpl.withDefaultBuilder()
                        .shutdownTimeout(Duration.ofMillis(100)).build()))
                .grpcServerConfig(Optional.of(GRPCServerConfigImpl.builder()
                        .port(port)
                        .publishedRPCHost(advertisedHost)
                        .publishedRPCPort(port)
                        .authorizationEnabled(false)
                        .tlsEnabled(false)
                        .tokenSigningKey("xtremehub")
                        .accessTokenTTLInSeconds(600)
                        .replyWithStackTraceOnError(false)
                        .requestTracingEnabled(false)
                        .build()))
                .restServerConfig(Optional.empty())
                .shutdownTimeout(Duration.ofMillis(100))
                .build();
        this.controller = new ControllerServiceMain(config);
        controller.startAsync().awaitRunning();
    }

    @Override
    public String componentName() {
        return "the Pravega controller";
    }

    @Override
    public String failure() {
        if (controller.isRunning()) {
            return null;
        }
        if (controller.state() != Service.State.FAILED) {
            return "stopped";
        }
        Throwable root = controller.failureCause();
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return "failed: " + root;
    }

    /** Stops the controller's services and waits for them, so its gRPC port is free on return. */
    @Override
    public void close() {
        if (controller.state() == Service.State.FAILED) {
            controller.close(); // already reported as the cluster's failure
            return;
        }
        try {
            controller.stopAsync().awaitTerminated(Duration.ofSeconds(30));
        } catch (TimeoutException | IllegalStateException e) {
            LoggerFactory.getLogger(EmbeddedController.class).warn("controller did not stop cleanly: {}", e.toString());
        } finally {
            controller.close();
        }
    }
}
