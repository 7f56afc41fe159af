package io.xtremehub.faastream.internal.worker;

import io.pravega.client.stream.Position;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Serializer;
import io.xtremehub.faastream.internal.combine.MapSideCombiner;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.io.LargeEvents;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ChannelPace;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.EpochCheckpoint;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker of one stage, the same code on every platform: a reader thread ({@link InputReader})
 * fills a bounded queue from the stage's input; this thread runs the user function on queued events
 * and writes results to the output ({@link StageEndpoints} opens both); telemetry goes out and
 * commands come in through the stage's Pravega channels; {@link SlotStateStore} keeps @State.
 *
 * <p>Exactly-once (reference Algorithm 3): results go into the stage's current Pravega transaction;
 * sink parts, dead letters and parked large events are staged under it ({@link StageEndpoints#useEpoch}).
 * At each epoch checkpoint of the reader group the worker processes everything read before it,
 * flushes the transaction (a combining stage's partials first), saves its @State fields and a keyed
 * stage's open window for the epoch ({@link SlotStateStore}), switches to the next epoch's
 * transaction and reports CHECKPOINTED; the manager commits once every worker has. A worker over
 * fixed splits has no checkpoints: all it writes belongs to its launch's attempt, committed when it is done.
 */
public final class WorkerRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerRuntime.class);
    /** Longest the processing thread waits for the queue before its periodic work. */
    private static final long IDLE_POLL_MILLIS = 50;

    private final WorkerLaunch launch;
    private final PravegaContext ctx;
    private final ObjectStore store;
    private final LongSupplier remainingMillis;
    private final long handoffMarginMillis;
    private final JobSpec spec;
    private final StageSpec stage;
    private final JobNames names;
    private final String label;
    /** How often the control channel is read (a round trip each, see {@link ChannelPace}). */
    private final long controlPollMillis;

    private final BlockingQueue<InputItem> queue;
    /** Bounds a reader group's read-ahead by time (checkpoints wait for it); null for other inputs. */
    private ReadAhead readAhead;
    /** Null in at-least-once jobs. */
    private final WorkerLaunch.ExactlyOnceStart exactlyOnce;
    private final StageEndpoints endpoints;
    private final SlotStateStore state;
    private final Set<Integer> partitions = new TreeSet<>();
    /** Set once the input is open; read by telemetry from then on. */
    private volatile InputReader reader;
    private SideChannel side;
    /** The manager's orders, from the control messages the side channel polled. */
    private final ManagerOrders orders;
    /**
     * At-least-once keyed streaming stages: where the reader would start again to lose nothing emitted,
     * reported to the manager for when this worker is lost; null for other stages.
     */
    private final EmittedWindowPosition emittedPosition;
    /** Folds this stage's results per key before a combining reduce; null for other stages. */
    private MapSideCombiner partials;
    /** End markers reported durably by a sync so far. */
    private int syncedEnds;
    private long eventsOut;
    private long processingNanos;
    private long deadLettered;
    private long processed;
    /** When STATS last went out (processing thread). */
    private long lastTelemetry;
    /** Set when the manager rolled the stage back and this worker let go of everything to restart in place. */
    private boolean rolledBack;
    /** After a roll-back: how the slot goes on, once the manager said so. */
    private RestartWait.Restart restart;
    /** Exactly-once, near the platform's time limit: this invocation ends at the next epoch checkpoint. */
    private boolean handOffAtCheckpoint;
    /** The stage's results' way out, made once ({@link #emitter}). */
    private Consumer<Object> emit;
    /** The epoch this worker's restored window went into before it started ({@link #emitHeld}), or 0. */
    private long heldEpoch;
    /** After a hand-off: the launch of the slot's next invocation. */
    private WorkerLaunch continuation;
    /**
     * Exactly-once keyed stage being resized: the epoch this worker's last window and state went into when
     * it stopped at a window end (its reader then closes where it got to, and it waits for its RESTART); 0
     * otherwise.
     */
    private long stoppedAtEpoch;
    /** Where this incarnation's time went until its first epoch closed (set when it runs). */
    private StartTimings timings;

    /**
     * @param remainingMillis time left before the platform ends this incarnation, or null for none
     * @param handoffMarginMillis hand off when less than this is left
     */
    public WorkerRuntime(WorkerLaunch launch, PravegaContext ctx, ObjectStore store, LongSupplier remainingMillis,
                         long handoffMarginMillis) {
        this.launch = launch;
        this.ctx = ctx;
        this.store = store;
        this.remainingMillis = remainingMillis;
        this.handoffMarginMillis = handoffMarginMillis;
        this.spec = launch.spec();
        this.stage = spec.stage(launch.stage());
        this.names = launch.names();
        this.label = spec.stageLabel(launch.stage());
        this.controlPollMillis = ChannelPace.controlMillis(spec.stages().size());
        this.queue = new ArrayBlockingQueue<>(launch.settings().queueCapacity());
        this.exactlyOnce = launch.exactlyOnce();
        this.endpoints = new StageEndpoints(launch, ctx, store);
        this.state = new SlotStateStore(store, launch, label + " worker " + launch.workerId());
        this.orders = new ManagerOrders(launch.workerId(), exactlyOnce == null ? null : exactlyOnce.generation(),
                () -> side.control());
        this.emittedPosition = stage.keyed() && exactlyOnce == null && launch.settings().mode() == Mode.STREAM
                ? new EmittedWindowPosition() : null;
    }

    public WorkerOutcome run() {
        timings = new StartTimings(label + " worker " + launch.workerId());
        InputOpening opening = null;
        try {
            StageProcessor processor = new StageProcessor(stage, spec.inputSerializer(launch.stage()));
            String shuffleDir = launch.settings().shuffleDir();
            LargeEvents large = new LargeEvents(store, launch.store().spillBucket(), names.spillPrefix(),
                    shuffleDir == null ? null : Path.of(shuffleDir));
            // the reader joins its group while the channels open and the state is fetched: after a roll-back each
            // takes from a few hundred ms to seconds on a busy machine, and the stage waits for its slowest worker
            opening = new InputOpening(() -> endpoints.openInput(large, processor.takesPacks()));
            return runWithChannels(processor, large, opening);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.info("{} worker {} was stopped by its platform while rolled back", label, launch.workerId());
            return WorkerOutcome.CANCELLED;
        } catch (RuntimeException e) {
            LOG.error("{} worker {} could not run: {}", label, launch.workerId(), e.toString(), e);
            return WorkerOutcome.FAILED;
        } finally {
            StageInput unused = opening == null ? null : opening.takeUnclaimed();
            if (unused != null) {
                abandonQuietly(unused); // the channels could not be opened: the reader must not stay in the group
            }
        }
    }

    private WorkerOutcome runWithChannels(StageProcessor processor, LargeEvents large, InputOpening opening)
            throws InterruptedException {
        try (Channel<ControlMessage> control = new Channel<>(ctx.sync(), names.controlStream(launch.stage()),
                ControlMessage.class);
             Channel<Telemetry> telemetry = new Channel<>(ctx.sync(), names.telemetryStream(launch.stage()),
                     Telemetry.class)) {
            timings.channelsOpen();
            WorkerOutcome outcome = runWith(control, telemetry, processor, large, opening);
            if (outcome != WorkerOutcome.ROLLED_BACK) {
                return outcome;
            }
            // everything is let go of: only now may the manager reset the reader group and abort
            restart = new RestartWait(launch.workerId(), control, telemetry)
                    .await(() -> telemetry(Telemetry.Type.ROLLED_BACK, null, stoppedAtEpoch));
            return restart != null ? WorkerOutcome.ROLLED_BACK : WorkerOutcome.CANCELLED;
        }
    }

    /**
     * After {@link #run} returned {@link WorkerOutcome#ROLLED_BACK}: the launch the slot goes on with.
     *
     * @param fresh this worker's launch decoded afresh, so the user's functions start from their initial
     *              fields (the rolled-back incarnation's are dropped; the committed state is restored)
     */
    public WorkerLaunch restartedLaunch(WorkerLaunch fresh) {
        if (restart == null) {
            throw new IllegalStateException("worker " + launch.workerId() + " was not rolled back");
        }
        return fresh.restartedAs(restart.workerId(), restart.generation(), restart.restoreEpoch());
    }

    /** After {@link #run} returned {@link WorkerOutcome#HANDOFF}: the launch the slot's next invocation runs. */
    public WorkerLaunch continuation() {
        if (continuation == null) {
            throw new IllegalStateException("worker " + launch.workerId() + " did not hand off");
        }
        return continuation;
    }

    private WorkerOutcome runWith(Channel<ControlMessage> control, Channel<Telemetry> telemetry,
                                  StageProcessor processor, LargeEvents large, InputOpening opening) {
        this.side = new SideChannel(telemetry, label + " " + launch.workerId());
        StageInput input = null;
        StageOutput output = null;
        DeadLetters deadLetters = null;
        Thread readerThread = null;
        boolean killed = false;
        // whether everything read was processed and written: only then may the reader record its read position
        boolean clean = false;
        try {
            long began = timings.setUpBegan();
            long restored;
            try {
                state.restore(processor);
                processor.open();
                restored = System.currentTimeMillis();
            } finally {
                input = opening.await(); // opened either way, so that a failed restore lets go of it below
            }
            readAhead = input.readerGroup() ? new ReadAhead(launch.settings().queueCapacity()) : null;
            // exactly-once without a time limit: no hand-off ends the reader at a checkpoint it read past
            reader = new InputReader(input, queue, readAhead,
                    exactlyOnce != null && input.readerGroup() && remainingMillis == null);
            long joined = System.currentTimeMillis();
            output = endpoints.openOutput(large);
            deadLetters = endpoints.openDeadLetters();
            timings.setUp(restored - began, opening.millis(), System.currentTimeMillis() - joined);
            if (exactlyOnce != null && exactlyOnce.attempt() != null) {
                // a stage over splits: everything this worker writes is one attempt, committed when it is done
                endpoints.useEpoch(exactlyOnce.attempt());
            }
            if (input.readerGroup()) {
                report(telemetry, Telemetry.Type.READY, null);
                WorkerOutcome early = awaitGo(control, telemetry, processor, output, deadLetters);
                if (early != null) {
                    // a worker handing off before it started has read nothing
                    clean = early == WorkerOutcome.DONE || early == WorkerOutcome.HANDOFF;
                    return finishEarly(early, telemetry);
                }
            }
            timings.reading();
            readerThread = new Thread(reader, "faastream-reader-" + launch.workerId());
            readerThread.setDaemon(true);
            readerThread.start();
            side.keepAlive(launch.settings().telemetryMillis());
            WorkerOutcome outcome = processLoop(processor, output, deadLetters, control, telemetry, readerThread);
            clean = outcome == WorkerOutcome.DONE || outcome == WorkerOutcome.HANDOFF || stoppedAtEpoch > 0;
            return outcome;
        } catch (Exception e) {
            if (FailureText.killed(e)) {
                // the platform ended this worker (a thread's crash): the manager already knows
                killed = true;
                LOG.info("{} worker {} was stopped by its platform", label, launch.workerId());
                return WorkerOutcome.CANCELLED;
            }
            String msg = e instanceof WorkerFailure ? e.getMessage()
                    : label + " worker " + launch.workerId() + " failed: " + FailureText.oneLine(e);
            report(telemetry, Telemetry.Type.FAILED, msg);
            LOG.debug(msg, e);
            return WorkerOutcome.FAILED;
        } finally {
            if (reader != null) {
                reader.stop();
            }
            joinQuietly(readerThread);
            if (rolledBack && input != null) {
                // no position recorded: the manager resets the group to the committed checkpoint
                abandonQuietly(input);
                input = null;
            } else if (killed) {
                // the thread ends anyway; let go of the input and output without being interrupted again
                Thread.interrupted();
            }
            if (!clean && input != null) {
                // events read but not processed: a successor must read them again (so must one that
                // replaced this worker, declared lost, while it was still running); a keyed worker's
                // open window is lost with it, so they are read again from its last emitted window's end
                abandonQuietly(input, emittedPosition == null ? null : emittedPosition.lastEmittedPosition());
                input = null;
            }
            closeQuietly(processor, input, output, deadLetters, side);
        }
    }

    /**
     * Exactly-once reduce with {@code KeyedState}, restarted from a commit, before any worker of the stage
     * reads: emits the window restored from the commit into the order's transaction and saves the state
     * for its epoch (see {@link ControlMessage.Type#EMIT_HELD}).
     */
    private void emitHeld(ControlMessage order, StageProcessor processor, StageOutput output, DeadLetters deadLetters)
            throws Exception {
        endpoints.useEpoch(UUID.fromString(order.transaction()));
        long now = System.currentTimeMillis();
        emitGroups(processor, emitter(output), new WindowClock(launch.settings().windowMillis(), now).end());
        flushAll(output, deadLetters);
        state.saveForEpoch(processor, order.lastEpoch());
        heldEpoch = order.lastEpoch();
        side.reportNow(telemetry(Telemetry.Type.CHECKPOINTED, null, heldEpoch));
    }

    private WorkerOutcome finishEarly(WorkerOutcome outcome, Channel<Telemetry> telemetry) {
        if (outcome == WorkerOutcome.DONE || outcome == WorkerOutcome.HANDOFF) {
            report(telemetry, outcome == WorkerOutcome.DONE ? Telemetry.Type.DONE : Telemetry.Type.HANDOFF, null);
        }
        rolledBack = outcome == WorkerOutcome.ROLLED_BACK;
        return outcome;
    }

    private WorkerOutcome awaitGo(Channel<ControlMessage> control, Channel<Telemetry> telemetry,
                                  StageProcessor processor, StageOutput output, DeadLetters deadLetters) throws Exception {
        StartGate gate = new StartGate(launch.workerId(), exactlyOnce == null ? null : exactlyOnce.generation(),
                exactlyOnce != null && exactlyOnce.successor());
        long lastReport = System.currentTimeMillis();
        while (true) {
            if (System.currentTimeMillis() - lastReport >= 1000) {
                // waiting for the others is not silence: keep the heartbeat going
                lastReport = System.currentTimeMillis();
                report(telemetry, Telemetry.Type.READY, null);
            }
            switch (gate.offer(control.poll())) {
                case EMIT_HELD -> emitHeld(gate.emitHeld(), processor, output, deadLetters);
                case START -> {
                    if (exactlyOnce != null) {
                        endpoints.useEpoch(UUID.fromString(gate.start().transaction()));
                    }
                    if (heldEpoch > 0) {
                        // the others' restored windows changed keys too: go on from the commit of all of them
                        state.reloadKeyed(processor, heldEpoch);
                    }
                    side.carryOver(gate.forProcessing());
                    // from here on it no longer hands off as it is: the manager may count on its reader
                    report(telemetry, Telemetry.Type.STATS, null);
                    return null;
                }
                case CANCELLED -> {
                    return WorkerOutcome.CANCELLED;
                }
                case STOPPED -> {
                    return WorkerOutcome.DONE;
                }
                case ROLLED_BACK -> {
                    return WorkerOutcome.ROLLED_BACK;
                }
                case WAIT -> {
                    if (exactlyOnce != null && canHandOff() && remainingMillis != null
                            && remainingMillis.getAsLong() < handoffMarginMillis / 2) {
                        // still not started (a slow first invocation elsewhere, or the manager has not answered
                        // a successor yet): nothing is read or held, so the next invocation starts as this one
                        // did. Half the margin, since there is nothing to finish: an invocation whose start-up
                        // ate most of its time must still get to see a start already sent
                        continuation = launch;
                        return WorkerOutcome.HANDOFF;
                    }
                    Thread.sleep(20);
                }
            }
        }
    }

    /**
     * Processing thread: answers the reader's sync request once all it asked for is processed.
     *
     * @return whether this worker hands off at the epoch checkpoint it just closed (its reader ends there)
     */
    private boolean syncIfRequested(StageProcessor processor, StageOutput output) throws Exception {
        SyncHandshake.Request request = reader.pendingSync();
        boolean handOff = false;
        if (request != null && processed >= request.upTo() && queue.isEmpty()) {
            long processedAt = System.currentTimeMillis();
            // the checkpoint or end marker acknowledges what was read: its partials must be written
            flushPartials();
            output.flush();
            long flushedAt = System.currentTimeMillis();
            long epoch = exactlyOnce == null ? 0 : closeEpoch(processor, request.checkpointName());
            reader.endsWritten();
            int ends = reader.endMarkersWritten();
            // not report(): a report that fails must fail the worker, not be skipped. Only new end
            // markers and closed epochs need it: a plain checkpoint waits for the flush alone
            handOff = epoch > 0 && handOffAtCheckpoint;
            if (epoch > 0) {
                long savedAt = System.currentTimeMillis();
                side.reportNow(telemetry(handOff ? Telemetry.Type.HANDING_OFF : Telemetry.Type.CHECKPOINTED, null,
                        epoch));
                timings.epochClosed(epoch, request.upTo(), request.askedAt(), processedAt, flushedAt, savedAt);
                syncedEnds = ends;
            } else if (ends != syncedEnds) {
                side.reportNow(telemetry(Telemetry.Type.STATS, null));
                syncedEnds = ends;
            }
            if (handOff) {
                // the reader ends without reading past the checkpoint: closed, it leaves its segments at the
                // checkpoint's positions, where the epoch's saved state belongs
                reader.finishBuffered();
                continuation = launch.handedOffAt(epoch);
            }
            reader.synced(request);
        }
        return handOff;
    }

    /**
     * Exactly-once, at an epoch checkpoint with everything read before it processed and flushed into
     * the epoch's transaction: saves the state for the epoch and moves on to the next transaction.
     *
     * @return the epoch closed, or 0 when the checkpoint is not one of this worker's generation
     */
    private long closeEpoch(StageProcessor processor, String checkpointName) throws Exception {
        EpochCheckpoint c = EpochCheckpoint.parse(checkpointName);
        if (c == null || c.generation() != exactlyOnce.generation()) {
            return 0;
        }
        state.saveForEpoch(processor, c.epoch());
        endpoints.useEpoch(c.nextTransaction());
        return c.epoch();
    }

    /** Where the stage's results go: serialized and routed into the output, or folded per key first (map-side combining). */
    private Consumer<Object> emitter(StageOutput output) {
        if (emit != null) {
            return emit;
        }
        Serializer<Object> outSer = cast(stage.outputSerializer());
        io.xtremehub.faastream.Routing<Object> routing = cast(stage.routing());
        Consumer<Object> write = o -> {
            byte[] bytes = outSer.serialize(o);
            double value = routing == null ? Double.NaN : routing.route(o);
            output.write(bytes, value);
            eventsOut++;
            if ((eventsOut & 1023) == 0) {
                // a reducer or sorter emitting millions of results at the end must still be seen alive
                heartbeat();
            }
        };
        emit = write;
        if (stage.combine() != null) {
            partials = new MapSideCombiner(stage.combine().key(), stage.combine().combiner(), write);
            emit = partials::add;
        }
        return emit;
    }

    private WorkerOutcome processLoop(StageProcessor processor, StageOutput output, DeadLetters deadLetters,
                                      Channel<ControlMessage> control, Channel<Telemetry> telemetry, Thread readerThread)
            throws Exception {
        Serializer<Object> inSer = cast(spec.inputSerializer(launch.stage()));
        Consumer<Object> emit = emitter(output);
        boolean stream = launch.settings().mode() == Mode.STREAM;
        long lastControl = 0;
        WindowClock windows = new WindowClock(launch.settings().windowMillis(), System.currentTimeMillis());
        // a keyed worker told to STOP ends at its next window end, so no window of a key is cut short
        boolean stopAtWindowEnd = false;
        side.startPolling(control, controlPollMillis);
        while (true) {
            // the reader queues a wake-up behind the events of a sync and when it ends; the timeout
            // paces the periodic work below (windows, heartbeat, control)
            InputItem item = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
            if (item != null && item.carriesEvents()) {
                handle(item, processor, inSer, emit, deadLetters, output);
                if (stream && queue.isEmpty()) {
                    output.idle();
                }
            }
            if (syncIfRequested(processor, output)) {
                return finish(processor, emit, output, deadLetters, telemetry, readerThread, Telemetry.Type.HANDOFF);
            }
            long now = System.currentTimeMillis();
            if (reader.error() != null) {
                throw new WorkerFailure(label + " worker " + launch.workerId() + " cannot read its input: "
                        + FailureText.oneLine(reader.error()));
            }
            if (stream && windows.ended(now)) {
                if (stopAtWindowEnd && orders.stopEpoch() > 0) {
                    return stopForResize(processor, emit, output, deadLetters, readerThread, windows.end(),
                            orders.stopEpoch());
                }
                if (stopAtWindowEnd) {
                    return finish(processor, emit, output, deadLetters, telemetry, readerThread, Telemetry.Type.DONE,
                            windows.end());
                }
                emitGroups(processor, emit, windows.end());
                windows.next(now);
                flushPartials();
                output.tick();
                if (emittedPosition != null) {
                    // the window is durable downstream before the manager may resume a lost worker after it
                    output.flush();
                    emittedPosition.emitted();
                    lastTelemetry = now;
                    side.report(telemetry(Telemetry.Type.STATS, null));
                }
            }
            heartbeat();
            if (reader.finished() && queue.isEmpty() && !readerThread.isAlive()) {
                // a bounded input is fully processed
                return finish(processor, emit, output, deadLetters, telemetry, readerThread, Telemetry.Type.DONE);
            }
            if (now - lastControl >= controlPollMillis) {
                lastControl = now;
                switch (orders.next()) {
                    case STOP -> {
                        if (stream && stage.keyed()) {
                            stopAtWindowEnd = true;
                        } else {
                            return finish(processor, emit, output, deadLetters, telemetry, readerThread,
                                    Telemetry.Type.DONE);
                        }
                    }
                    case FINISH -> {
                        return finish(processor, emit, output, deadLetters, telemetry, readerThread,
                                Telemetry.Type.DONE);
                    }
                    case CANCEL -> {
                        return WorkerOutcome.CANCELLED;
                    }
                    case ROLL_BACK -> {
                        // what it read, wrote and holds since the committed epoch is dropped with it
                        rolledBack = true;
                        return WorkerOutcome.ROLLED_BACK;
                    }
                    case NONE -> {
                    }
                }
                if (canHandOff() && timeIsShort()) {
                    if (exactlyOnce == null) {
                        return finish(processor, emit, output, deadLetters, telemetry, readerThread,
                                Telemetry.Type.HANDOFF);
                    }
                    // its state and read positions belong to the stage's epochs: it stops at the next checkpoint
                    handOffAtCheckpoint = true;
                }
            }
        }
    }

    private boolean timeIsShort() {
        return remainingMillis != null && remainingMillis.getAsLong() < handoffMarginMillis;
    }

    /**
     * Only workers reading through a reader group hand off: closing the reader records exactly how far
     * they got. Reducers (whose groups span the whole input) and bounded-split readers run to the end.
     * Exactly-once, a streaming job's workers hand off at an epoch checkpoint, reducers too (their open
     * window is saved with each epoch); stages over a bounded input, whose last epoch has no checkpoint,
     * run to the end.
     */
    private boolean canHandOff() {
        if (exactlyOnce != null) {
            return exactlyOnce.attempt() == null && launch.settings().mode() == Mode.STREAM
                    && spec.source().kind() == SourceSpec.Kind.STREAM;
        }
        return launch.stage() > 0 || spec.source().kind() == SourceSpec.Kind.STREAM
                && launch.settings().mode() == Mode.STREAM ? !stage.keyed() : false;
    }

    private void handle(InputItem item, StageProcessor processor, Serializer<Object> inSer, Consumer<Object> emit,
                        DeadLetters deadLetters, StageOutput output) throws WorkerFailure {
        handleOne(item, processor, inSer, emit, deadLetters, output);
        if (emittedPosition != null) {
            emittedPosition.processed(item);
        }
    }

    private void handleOne(InputItem item, StageProcessor processor, Serializer<Object> inSer, Consumer<Object> emit,
                           DeadLetters deadLetters, StageOutput output) throws WorkerFailure {
        if (item.partition() >= 0 && partitions.add(item.partition())) {
            output.partitionHint(item.partition());
        }
        if (item.kind() == InputItem.Kind.PACK) {
            handlePack(item, processor);
            return;
        }
        long n = ++processed;
        Object value;
        try {
            value = inSer.deserialize(item.payload());
        } catch (RuntimeException e) {
            fail(deadLetters, item, n, label + " could not decode event " + n + " at " + item.origin()
                    + " with serializer " + inSer.name() + ": " + FailureText.oneLine(e) + " (payload "
                    + FailureText.preview(item.payload()) + ")");
            return;
        }
        long t0 = System.nanoTime();
        try {
            processor.process(value, emit);
        } catch (WorkerFailure e) {
            throw e;
        } catch (Exception e) {
            if (FailureText.killed(e)) {
                // the thread platform stopped this worker inside the user's call (a resize removed its
                // slot, a roll-back, a cancel): not the event's fault, so neither a failure nor a dead letter
                Thread.currentThread().interrupt();
                throw new WorkerFailure(label + " worker " + launch.workerId() + " stopped on event " + n);
            }
            fail(deadLetters, item, n, label + " failed on event " + n + " at " + item.origin() + " (payload "
                    + FailureText.preview(item.payload()) + "): " + FailureText.oneLine(e));
        } finally {
            timed(1, System.nanoTime() - t0);
        }
    }

    /** A whole pack for a stage that keeps packs: a bad pack fails the stage, as a failing sort does. */
    private void handlePack(InputItem item, StageProcessor processor) throws WorkerFailure {
        long t0 = System.nanoTime();
        try {
            processor.processPack(item.payload());
        } catch (RuntimeException e) {
            throw new WorkerFailure(label + " failed on the pack of " + item.events() + " events after event "
                    + processed + " at " + item.origin() + ": " + FailureText.oneLine(e));
        } finally {
            timed(item.events(), System.nanoTime() - t0);
        }
        processed += item.events();
    }

    private void timed(long events, long nanos) {
        processingNanos += nanos;
        if (readAhead != null) {
            readAhead.processed(events, nanos);
        }
    }

    private void fail(DeadLetters deadLetters, InputItem item, long n, String message) throws WorkerFailure {
        if (deadLetters == null) {
            throw new WorkerFailure(message);
        }
        deadLetters.send(launch.jobId(), label, launch.workerId(), item.origin(), message, item.payload());
        deadLettered++;
    }

    private void emitGroups(StageProcessor processor, Consumer<Object> emit, long windowEnd) throws WorkerFailure {
        try {
            processor.emitGroups(emit, windowEnd);
        } catch (StageProcessor.GroupFailure g) {
            if (g.key == null) {
                throw new WorkerFailure(label + " failed sorting its " + g.size + " events: "
                        + FailureText.oneLine(g.getCause()));
            }
            throw new WorkerFailure(label + " failed on the group of key '" + g.key + "' (" + g.size + " events): "
                    + FailureText.oneLine(g.getCause()));
        }
    }

    private void flushPartials() {
        if (partials != null) {
            partials.flush();
        }
    }

    private WorkerOutcome finish(StageProcessor processor, Consumer<Object> emit, StageOutput output,
                                 DeadLetters deadLetters, Channel<Telemetry> telemetry, Thread readerThread,
                                 Telemetry.Type type) throws Exception {
        return finish(processor, emit, output, deadLetters, telemetry, readerThread, type, 0);
    }

    /** @param windowEnd the end of the window the last groups close (a stream), or 0 (the end of a batch) */
    private WorkerOutcome finish(StageProcessor processor, Consumer<Object> emit, StageOutput output,
                                 DeadLetters deadLetters, Channel<Telemetry> telemetry, Thread readerThread,
                                 Telemetry.Type type, long windowEnd) throws Exception {
        processTheRest(processor, emit, output, deadLetters, readerThread);
        if (type == Telemetry.Type.HANDOFF && exactlyOnce == null) {
            // exactly-once, the state was saved for the epoch it hands off at
            state.saveForHandoff(processor);
            continuation = launch.nextIncarnation(launch.workerId(), true);
        }
        if (type == Telemetry.Type.DONE) {
            emitGroups(processor, emit, windowEnd);
        }
        // a hand-off closes the reader at its position: nothing read may stay behind in the table
        flushAll(output, deadLetters);
        if (emittedPosition != null && type == Telemetry.Type.DONE) {
            // DONE carries it: should this worker die before its reader is closed, the manager resumes there
            emittedPosition.emitted();
        }
        reader.endsWritten();
        WorkerOutcome overruled = ordersWhileFinishing();
        if (overruled != null) {
            return overruled;
        }
        report(telemetry, type, null);
        return type == Telemetry.Type.HANDOFF ? WorkerOutcome.HANDOFF : WorkerOutcome.DONE;
    }

    /**
     * Exactly-once keyed stage resized, at a window end: emits the window with everything this worker read
     * (its reader stops first), flushes it into the open epoch's transaction and saves its state for
     * {@code epoch}, which that transaction is committed as; its open window is empty then. It ends so that
     * its reader is closed where it got to, and waits for its RESTART: the manager commits the epoch at the
     * positions the stage's readers closed at and restarts the stage from there with its new slots.
     */
    private WorkerOutcome stopForResize(StageProcessor processor, Consumer<Object> emit, StageOutput output,
                                        DeadLetters deadLetters, Thread readerThread, long windowEnd, long epoch)
            throws Exception {
        processTheRest(processor, emit, output, deadLetters, readerThread);
        emitGroups(processor, emit, windowEnd);
        flushAll(output, deadLetters);
        state.saveForEpoch(processor, epoch);
        WorkerOutcome overruled = ordersWhileFinishing();
        if (overruled != null) {
            return overruled;
        }
        stoppedAtEpoch = epoch;
        return WorkerOutcome.ROLLED_BACK;
    }

    /** Stops the reader and processes everything it read: its position is then right after the last event. */
    private void processTheRest(StageProcessor processor, Consumer<Object> emit, StageOutput output,
                                DeadLetters deadLetters, Thread readerThread) throws Exception {
        reader.finishBuffered();
        InputItem item;
        Serializer<Object> inSer = cast(spec.inputSerializer(launch.stage()));
        while (readerThread.isAlive()) {
            // the reader may still be queueing the rest of a pack it read
            item = queue.poll(10, TimeUnit.MILLISECONDS);
            if (item != null && item.carriesEvents()) {
                handle(item, processor, inSer, emit, deadLetters, output);
            }
        }
        readerThread.join();
        while ((item = queue.poll()) != null) {
            if (item.carriesEvents()) {
                handle(item, processor, inSer, emit, deadLetters, output);
            }
        }
        if (reader.error() != null) {
            throw new WorkerFailure(label + " worker " + launch.workerId() + " cannot read its input: "
                    + FailureText.oneLine(reader.error()));
        }
    }

    private void flushAll(StageOutput output, DeadLetters deadLetters) {
        flushPartials();
        output.flush();
        if (deadLetters != null) {
            deadLetters.flush();
        }
    }

    /**
     * Orders that came while this worker finished: a roll-back aborts what it just wrote, and the manager
     * waits for this worker to say it let go (a DONE instead left it waiting in vain). Polled now, so that an
     * order written just before is not missed for a poll interval.
     *
     * @return how the worker ends instead, or null when it ends as it meant to
     */
    private WorkerOutcome ordersWhileFinishing() throws InterruptedException {
        side.pollNow();
        switch (orders.next()) {
            case ROLL_BACK -> {
                rolledBack = true;
                return WorkerOutcome.ROLLED_BACK;
            }
            case CANCEL -> {
                return WorkerOutcome.CANCELLED;
            }
            default -> {
                return null;
            }
        }
    }

    /** Reports STATS when the last report is a telemetry interval old: the manager's sign of life. */
    private void heartbeat() {
        long now = System.currentTimeMillis();
        if (now - lastTelemetry >= launch.settings().telemetryMillis()) {
            lastTelemetry = now;
            side.report(telemetry(Telemetry.Type.STATS, null));
        }
    }

    private Telemetry telemetry(Telemetry.Type type, String error) {
        return telemetry(type, error, 0);
    }

    private Telemetry telemetry(Telemetry.Type type, String error, long checkpointEpoch) {
        InputReader r = reader;
        return new Telemetry(type, launch.stage(), launch.workerId(), launch.slot(), queue.size(),
                r == null ? 0 : r.eventsIn(), eventsOut, processingNanos, r == null ? 0 : r.readNanos(), deadLettered,
                r == null ? 0 : r.bytesRead(), progressTotal(), r == null ? new ArrayList<>() : r.endSegments(),
                List.copyOf(partitions), error, System.currentTimeMillis(), checkpointEpoch,
                emittedPosition == null ? null : emittedPosition.lastEmitted(), ProcessHandle.current().pid());
    }

    private void report(Channel<Telemetry> telemetry, Telemetry.Type type, String error) {
        side.report(telemetry(type, error));
    }

    private long progressTotal() {
        return launch.splits() == null ? 0 : launch.splits().stream().mapToLong(x -> x.length()).sum();
    }

    private static void joinQuietly(Thread t) {
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void abandonQuietly(StageInput input) {
        abandonQuietly(input, null);
    }

    private void abandonQuietly(StageInput input, Position resumeAt) {
        try {
            input.abandonAt(resumeAt);
        } catch (Exception e) { // Pravega rethrows checked exceptions unchecked
            LOG.debug("{}: abandoning the input failed: {}", label, e.toString());
        }
    }

    private void closeQuietly(StageProcessor processor, AutoCloseable... resources) {
        try {
            processor.close();
        } catch (Exception e) {
            LOG.warn("{}: closing the user function failed: {}", label, e.toString());
        }
        for (AutoCloseable r : resources) {
            if (r != null) {
                try {
                    r.close();
                } catch (Exception e) {
                    LOG.debug("{}: close failed: {}", label, e.toString());
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    /** A failure already phrased for the user. */
    static final class WorkerFailure extends Exception {
        WorkerFailure(String message) {
            super(message);
        }
    }
}
