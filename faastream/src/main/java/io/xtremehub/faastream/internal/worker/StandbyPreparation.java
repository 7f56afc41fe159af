package io.xtremehub.faastream.internal.worker;

import io.pravega.client.admin.impl.ReaderGroupManagerImpl;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What a worker JVM started ahead of need does on a recent request of its manager, so that the worker it
 * becomes starts on warm code and open connections: in a fresh JVM, opening the stage's channels, fetching
 * its state and joining its reader group took 0.6-3 s each on this 2-core machine, against 0.1-0.4 s in a
 * worker that had run before. No step changes what the job sees, and none reads history: the channels are
 * read from their ends, the reader group's state is read without joining it, the object fetched does not
 * exist, and the one written is the standby's own and deleted at once.
 */
public final class StandbyPreparation {
    /** An object key the store never holds: fetching it takes the object store's whole read path. */
    static final String ABSENT_KEY = "standby-warm-up/absent";
    /** Where a standby writes an empty object and deletes it again (under the job's prefix, named by its pid). */
    static final String OWN_KEY_PREFIX = "standby-warm-up/written-by-";

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
        String bucket = launch.store().spillBucket();
        store.getIfExists(bucket, names.spillPrefix() + ABSENT_KEY);
        // a restarted worker fetches its state and each checkpoint uploads it: both ways, on an object of its own
        String own = names.spillPrefix() + OWN_KEY_PREFIX + ProcessHandle.current().pid();
        store.put(bucket, own, stateOf(launch));
        restore(launch, store.getIfExists(bucket, own));
        store.delete(bucket, own);
        if (StageEndpoints.readsReaderGroup(launch)) {
            // not closed: closing a manager closes the client factory, which the worker goes on with
            new ReaderGroupManagerImpl(ctx.scope(), ctx.controller(), ctx.clientFactory())
                    .getReaderGroup(names.readerGroup(stage)).getOnlineReaders();
        }
    }

    /**
     * The initial {@code @State} of the stage's function, serialized as a checkpoint saves it: in a fresh JVM
     * the first save and restore spent 0.4-1.4 s, most of it in Java serialization's first use.
     */
    private static byte[] stateOf(WorkerLaunch launch) {
        Object function = launch.spec().stage(launch.stage()).function();
        try {
            return StateFields.hasState(function) ? StateFields.save(function) : new byte[0];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Restores {@code saved} into a copy of the function this standby decoded, which the worker never uses. */
    private static void restore(WorkerLaunch launch, byte[] saved) {
        if (saved != null && saved.length > 0) {
            try {
                StateFields.restore(launch.spec().stage(launch.stage()).function(), saved);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
