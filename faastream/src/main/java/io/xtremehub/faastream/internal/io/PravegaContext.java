package io.xtremehub.faastream.internal.io;

import io.pravega.client.BatchClientFactory;
import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.SynchronizerClientFactory;
import io.pravega.client.batch.impl.BatchClientFactoryImpl;
import io.pravega.client.connection.impl.SocketConnectionFactoryImpl;
import io.pravega.client.control.impl.Controller;
import io.pravega.client.control.impl.ControllerImpl;
import io.pravega.client.stream.impl.ClientFactoryImpl;
import io.xtremehub.pravega.Controllers;
import io.xtremehub.pravega.ReaderWakeUp;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One connection pool, controller client and set of client factories for a scope. Workers that
 * share a JVM (the thread platform) share one context, so a long chain does not open a pool per
 * stage.
 */
public final class PravegaContext implements AutoCloseable {
    private final String scope;
    private final URI controllerUri;
    private final ClientConfig config;
    private final ScheduledExecutorService executor;
    /** Made on first use: only a manager with exactly-once stages polls checkpoints. */
    private volatile CheckpointPolls checkpointPolls;
    private final ControllerImpl controller;
    private final SocketConnectionFactoryImpl connections;
    private final ClientFactoryImpl clients;
    private final BatchClientFactoryImpl batch;

    private PravegaContext(URI controllerUri, String scope) {
        this.scope = scope;
        this.controllerUri = controllerUri;
        this.config = ClientConfig.builder().controllerURI(controllerUri).build();
        this.executor = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "faastream-controller");
            t.setDaemon(true);
            return t;
        });
        this.controller = Controllers.open(config, 5, executor);
        this.connections = new SocketConnectionFactoryImpl(config);
        this.clients = new ClientFactoryImpl(scope, controller, config, connections);
        ReaderWakeUp.install(clients); // the client can lose a reader's wake-up: a worker would sleep its wait out
        this.batch = new BatchClientFactoryImpl(controller, config, connections);
    }

    public static PravegaContext connect(URI controllerUri, String scope) {
        return new PravegaContext(controllerUri, scope);
    }

    public String scope() { return scope; }
    public URI controllerUri() { return controllerUri; }
    public ClientConfig clientConfig() { return config; }
    public Controller controller() { return controller; }
    public EventStreamClientFactory events() { return clients; }
    public SynchronizerClientFactory sync() { return clients; }
    public BatchClientFactory batch() { return batch; }
    public ClientFactoryImpl clientFactory() { return clients; }
    public ScheduledExecutorService executor() { return executor; }

    /** The scheduler for {@code ReaderGroup.initiateCheckpoint}: polls a checkpoint every 50 ms, not 500. */
    public ScheduledExecutorService checkpointPolls() {
        CheckpointPolls polls = checkpointPolls;
        if (polls == null) {
            synchronized (this) {
                if (checkpointPolls == null) {
                    checkpointPolls = new CheckpointPolls(Duration.ofMillis(50));
                }
                polls = checkpointPolls;
            }
        }
        return polls;
    }

    @Override
    public void close() {
        try {
            batch.close();
        } catch (RuntimeException ignored) {
            // closing anyway
        }
        clients.close();
        controller.close();
        connections.close();
        executor.shutdownNow();
        if (checkpointPolls != null) {
            checkpointPolls.shutdownNow();
        }
    }
}
