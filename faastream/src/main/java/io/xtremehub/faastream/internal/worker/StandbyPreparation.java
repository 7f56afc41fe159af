package io.xtremehub.faastream.internal.worker;

import io.pravega.client.admin.impl.ReaderGroupManagerImpl;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;

/**
 * What a worker JVM started ahead of need does on a recent request of its manager, so that the worker it
 * becomes starts on warm code and open connections: in a fresh JVM, opening the stage's channels, fetching
 * its state and joining its reader group took 0.6-3 s each on this 2-core machine, against 0.1-0.4 s in a
 * worker that had run before. Every step only reads, and none reads history: the channels are read from
 * their ends, the reader group's state is read without joining it, and the object fetched does not exist.
 */
public final class StandbyPreparation {
    /** An object key the store never holds: fetching it takes the object store's whole read path. */
    static final String ABSENT_KEY = "standby-warm-up/absent";

    private StandbyPreparation() {
    }

    public static void prepare(WorkerLaunch launch, PravegaContext ctx, ObjectStore store) {
        JobNames names = launch.names();
        int stage = launch.stage();
        try (Channel<ControlMessage> control = new Channel<>(ctx.sync(), names.controlStream(stage), ControlMessage.class);
             Channel<Telemetry> telemetry = new Channel<>(ctx.sync(), names.telemetryStream(stage), Telemetry.class)) {
            control.skipToEnd();
            control.poll();
            telemetry.skipToEnd();
            telemetry.poll();
        }
        store.getIfExists(launch.store().spillBucket(), names.spillPrefix() + ABSENT_KEY);
        if (StageEndpoints.readsReaderGroup(launch)) {
            // not closed: closing a manager closes the client factory, which the worker goes on with
            new ReaderGroupManagerImpl(ctx.scope(), ctx.controller(), ctx.clientFactory())
                    .getReaderGroup(names.readerGroup(stage)).getOnlineReaders();
        }
    }
}
