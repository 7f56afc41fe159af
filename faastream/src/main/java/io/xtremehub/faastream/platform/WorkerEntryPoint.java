package io.xtremehub.faastream.platform;

import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import io.xtremehub.faastream.internal.worker.WorkerOutcome;
import io.xtremehub.faastream.internal.worker.StandbyPreparation;
import io.xtremehub.faastream.internal.worker.WorkerRuntime;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Runs one worker from its request payload, in whatever runtime a platform started; a worker rolled
 * back by its manager restarts in place (see {@link WorkerOutcome#ROLLED_BACK}). Pravega and S3
 * clients are cached per JVM and shared by the workers in it (threads, or a warm Lambda container).
 */
public final class WorkerEntryPoint implements AutoCloseable {
    private final Map<String, PravegaContext> contexts = new ConcurrentHashMap<>();
    private final Map<String, ObjectStore> stores = new ConcurrentHashMap<>();

    /** Runs the worker to its end. */
    public String run(String payload) {
        return run(payload, null, 0).outcome().name();
    }

    /**
     * How a worker's run ended.
     *
     * @param continuation {@link WorkerOutcome#HANDOFF}: the payload of the slot's next invocation; else null
     */
    public record Ended(WorkerOutcome outcome, String continuation) {
    }

    /**
     * Runs the worker until it ends or, when {@code remainingMillis} is given, until less than
     * {@code marginMillis} remain and it hands off.
     */
    public Ended run(String payload, LongSupplier remainingMillis, long marginMillis) {
        WorkerLaunch launch = WorkerLaunch.decode(payload);
        PravegaContext ctx = context(launch);
        ObjectStore store = store(launch);
        WorkerRuntime runtime = new WorkerRuntime(launch, ctx, store, remainingMillis, marginMillis);
        WorkerOutcome outcome = runtime.run();
        while (outcome == WorkerOutcome.ROLLED_BACK) {
            // a survivor of its stage's roll-back goes on in this runtime, its clients already connected;
            // decoded afresh, the user's functions hold nothing of the epochs thrown away
            runtime = new WorkerRuntime(runtime.restartedLaunch(WorkerLaunch.decode(payload)), ctx, store,
                    remainingMillis, marginMillis);
            outcome = runtime.run();
        }
        // a worker restarted in place, or one that hands off at an epoch checkpoint, continues as another
        // launch than the payload's
        return new Ended(outcome, outcome == WorkerOutcome.HANDOFF
                ? continuationPayload(payload, runtime.continuation()) : null);
    }

    /**
     * The payload of the slot's next invocation, with the user's functions as this invocation received
     * them. The continuation's own functions are the ones that ran here: their fields hold the state of
     * the epoch just closed, which a roll-back to an earlier commit must not see (restoring epoch 0
     * restores nothing, so the successor would go on from the uncommitted epoch's sums).
     */
    static String continuationPayload(String payload, WorkerLaunch continuation) {
        return continuation.withSpec(WorkerLaunch.decode(payload).spec()).encode();
    }

    /**
     * Does what a worker does before it joins its stage, with nothing it could change: decodes the
     * request (the job's functions with it), connects to Pravega and the object store and reads the
     * stage's control and telemetry channels. A training run for {@link WorkerClassArchive}: the
     * classes this loads are the bulk of a worker's start-up.
     */
    public void warmUp(String payload) {
        WorkerLaunch launch = WorkerLaunch.decode(payload);
        JobNames names = launch.names();
        PravegaContext ctx = context(launch);
        ObjectStore store = store(launch);
        try (Channel<ControlMessage> control = new Channel<>(ctx.sync(), names.controlStream(launch.stage()),
                ControlMessage.class);
             Channel<Telemetry> telemetry = new Channel<>(ctx.sync(), names.telemetryStream(launch.stage()),
                     Telemetry.class)) {
            control.poll();
            telemetry.poll();
        }
        store.bucketExists(launch.store().spillBucket());
    }

    /**
     * Connects the clients a worker of {@code payload}'s manager needs, keeps them for the worker this JVM
     * becomes ({@link StandbyWorker}) and takes the worker's first steps without effect
     * ({@link StandbyPreparation}). Unlike {@link #warmUp} it reads no channel's history: mid-job, a stage's
     * telemetry channel holds minutes of reports, and reading them slowed the worker the standby became.
     */
    public void connect(String payload) {
        WorkerLaunch launch = WorkerLaunch.decode(payload);
        StandbyPreparation.prepare(launch, context(launch), store(launch));
    }

    private PravegaContext context(WorkerLaunch launch) {
        return contexts.computeIfAbsent(launch.controllerUri() + "|" + launch.scope(),
                k -> PravegaContext.connect(URI.create(launch.controllerUri()), launch.scope()));
    }

    private ObjectStore store(WorkerLaunch launch) {
        return stores.computeIfAbsent(launch.store().toString() + launch.store().accessKey(),
                k -> new ObjectStore(launch.store()));
    }

    /** The same request as the next incarnation of its slot, restoring the saved state. */
    public static String continuation(String payload) {
        WorkerLaunch launch = WorkerLaunch.decode(payload);
        return launch.nextIncarnation(launch.workerId(), true).encode();
    }

    @Override
    public void close() {
        contexts.values().forEach(PravegaContext::close);
        stores.values().forEach(ObjectStore::close);
        contexts.clear();
        stores.clear();
    }
}
