package io.xtremehub.faastream.internal.worker;

import io.xtremehub.faastream.Serializer;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.wire.EventPack;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import io.xtremehub.faastream.internal.state.KeyedEntries;
import io.xtremehub.faastream.internal.state.KeyedEntry;
import io.xtremehub.faastream.internal.state.KeyedStateFields;
import io.xtremehub.faastream.internal.state.KeyedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a slot's state is saved in the object store, and restored from: its {@code @State} fields
 * at a hand-off (the next incarnation goes on with them) and, exactly-once, at every epoch
 * checkpoint (a restarted worker restores the last committed epoch's). A keyed stage's open window
 * (the events its groups or sort hold, in the stage's input format) is saved with each epoch too:
 * the checkpoint's read positions are past those events, so they exist nowhere else. An empty
 * state object stands for the function's initial {@code @State}: the manager writes one (and, for a
 * keyed stage, an empty open window) for a slot that a resize adds, so every slot of a stage has state
 * at every committed epoch.
 */
final class SlotStateStore {
    private final ObjectStore store;
    private final WorkerLaunch launch;
    private final JobNames names;
    private final String who;

    SlotStateStore(ObjectStore store, WorkerLaunch launch, String who) {
        this.store = store;
        this.launch = launch;
        this.names = launch.names();
        this.who = who;
    }

    /** Restores what this incarnation starts from, if the function has state and anything was saved. */
    void restore(StageProcessor processor) throws Exception {
        WorkerLaunch.ExactlyOnceStart exactlyOnce = launch.exactlyOnce();
        if (exactlyOnce != null) {
            long epoch = exactlyOnce.restoreEpoch();
            if (epoch == 0) {
                return;
            }
            if (StateFields.hasState(processor.function())) {
                byte[] saved = required(names.epochStateKey(launch.stage(), epoch, launch.slot()), epoch);
                // empty: the slot was added by a resize at this epoch and starts from the initial state
                if (saved.length > 0) {
                    StateFields.restore(processor.function(), saved);
                }
            }
            if (processor.holdsEvents()) {
                processor.holdAgain(decode(required(names.epochWindowKey(launch.stage(), epoch, launch.slot()), epoch)));
            }
            if (!processor.keyedState().isEmpty()) {
                // every key's committed values (no Lambda successor gets here: KeyedState is refused there)
                restoreKeyed(processor, required(names.keyedStateKey(launch.stage(), epoch), epoch));
            }
            return;
        }
        if (launch.restoreState() && StateFields.hasState(processor.function())) {
            String key = names.stateKey(launch.slot());
            byte[] saved = store.getIfExists(bucket(), key);
            if (saved != null) {
                StateFields.restore(processor.function(), saved);
            }
        }
    }

    private byte[] required(String key, long epoch) throws WorkerRuntime.WorkerFailure {
        byte[] saved = store.getIfExists(bucket(), key);
        if (saved == null) {
            throw new WorkerRuntime.WorkerFailure(who + " cannot recover: the state of committed epoch " + epoch
                    + " is missing at " + key);
        }
        return saved;
    }

    /** Saves the state for the slot's next incarnation (a hand-off). */
    void saveForHandoff(StageProcessor processor) throws Exception {
        if (StateFields.hasState(processor.function())) {
            store.put(bucket(), names.stateKey(launch.slot()), StateFields.save(processor.function()));
        }
    }

    /** Replaces the {@code KeyedState} values with those committed at {@code epoch}. */
    void reloadKeyed(StageProcessor processor, long epoch) throws Exception {
        processor.keyedState().forEach(k -> k.values().clear());
        restoreKeyed(processor, required(names.keyedStateKey(launch.stage(), epoch), epoch));
    }

    private static void restoreKeyed(StageProcessor processor, byte[] body) throws IOException {
        Map<String, KeyedValues> byField = new HashMap<>();
        processor.keyedState().forEach(k -> byField.put(k.field(), k.values()));
        for (KeyedEntry e : KeyedEntries.decode(body)) {
            KeyedValues values = byField.get(e.field());
            // a field the function no longer has (a changed job) has no one to read it
            if (values != null) {
                values.load(e);
            }
        }
    }

    /**
     * Exactly-once: saves the state as of the end of {@code epoch}: the slot's {@code @State}, a keyed
     * stage's open window, and the {@code KeyedState} values its groups touched in the epoch, which the
     * manager merges into the stage's committed values at the commit.
     */
    void saveForEpoch(StageProcessor processor, long epoch) throws Exception {
        List<KeyedStateFields.Named> keyed = processor.keyedState();
        if (!keyed.isEmpty()) {
            List<KeyedEntry> changes = new ArrayList<>();
            keyed.forEach(k -> changes.addAll(k.values().changes(k.field())));
            // written even when empty: the commit reads one from every slot
            store.put(bucket(), names.keyedDeltaKey(launch.stage(), epoch, launch.slot()), KeyedEntries.encode(changes));
            keyed.forEach(k -> k.values().saved(epoch));
        }
        if (StateFields.hasState(processor.function())) {
            store.put(bucket(), names.epochStateKey(launch.stage(), epoch, launch.slot()),
                    StateFields.save(processor.function()));
        }
        if (processor.holdsEvents()) {
            // saved even when empty: a missing window is then a lost one, not an empty one
            store.put(bucket(), names.epochWindowKey(launch.stage(), epoch, launch.slot()),
                    encode(processor.heldEvents()));
        }
    }

    private byte[] encode(List<Object> events) {
        EventPack pack = new EventPack();
        Serializer<Object> serializer = inputSerializer();
        for (Object e : events) {
            pack.add(serializer.serialize(e));
        }
        return pack.drain();
    }

    private List<Object> decode(byte[] body) {
        Serializer<Object> serializer = inputSerializer();
        List<Object> events = new ArrayList<>();
        for (byte[] e : EventPack.unpack(body)) {
            events.add(serializer.deserialize(e));
        }
        return events;
    }

    @SuppressWarnings("unchecked")
    private Serializer<Object> inputSerializer() {
        return (Serializer<Object>) launch.spec().inputSerializer(launch.stage());
    }

    private String bucket() {
        return launch.store().spillBucket();
    }
}
