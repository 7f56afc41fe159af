package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentRange;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteBufferSerializer;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobFailedException;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.StageMetrics;
import io.xtremehub.faastream.WorkerStats;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.routing.SegmentRouter;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.Envelope;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.RuntimeSettings;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.internal.wire.WorkerLaunch;
import io.xtremehub.faastream.platform.WorkerPlatform;
import io.xtremehub.faastream.platform.WorkerRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job (reference Fig. 27): creates each stage's intermediate stream, reader group and
 * control and telemetry channels; launches the workers; follows their telemetry for liveness,
 * metrics and batch progress; drives scaling; and cleans everything up at the end. In an
 * exactly-once job each stage's {@link StageTransactionCoordinator} commits its output per epoch,
 * and a lost worker rolls its whole stage back to the last committed epoch instead of restarting
 * alone.
 */
public final class JobRunner implements Job {
    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);
    private static final int MAX_RESTARTS = 3;

    private final String jobId;
    private final JobSpec spec;
    private final JobOptions options;
    private final boolean exactlyOnce;
    private final Mode mode;
    private final ScalingPolicy policy;
    private final WorkerPlatform platform;
    private final PravegaContext ctx;
    private final ObjectStore store;
    private final ObjectStoreConfig storeConfig;
    private final StreamManager streams;
    private final ReaderGroupManager readerGroups;
    private final Consumer<JobStatus> publisher;
    private final JobNames names;
    private final RuntimeSettings settings;
    private final List<StageState> stages = new ArrayList<>();
    private final List<String> createdStreams = new ArrayList<>();
    private final CompletableFuture<JobStatus> finished = new CompletableFuture<>();
    private volatile JobStatus status;
    private volatile boolean cancelRequested;
    private volatile JobState state = JobState.STARTING;
    private String failure;
    private long lastScaling;
    private long lastPublish;
    private long lastLag;

    public JobRunner(String jobId, JobSpec spec, JobOptions options, Mode mode, PravegaContext ctx, ObjectStore store,
                     ObjectStoreConfig storeConfig, StreamManager streams, ReaderGroupManager readerGroups,
                     WorkerPlatform platform, Consumer<JobStatus> publisher) {
        this.jobId = jobId;
        this.spec = spec;
        this.options = options;
        this.exactlyOnce = options.exactlyOnce();
        this.mode = mode;
        this.policy = options.scalingPolicy();
        this.platform = platform;
        this.ctx = ctx;
        this.store = store;
        this.storeConfig = storeConfig;
        this.streams = streams;
        this.readerGroups = readerGroups;
        this.publisher = publisher;
        this.names = new JobNames(jobId);
        this.settings = new RuntimeSettings(mode, options.errorPolicy(), options.window().toMillis(),
                options.largeEventThreshold(), 250, options.queueCapacity());
        this.status = new JobStatus(jobId, JobState.STARTING, mode, mode == Mode.BATCH ? 0 : -1, List.of(), null);
    }

    /** Creates streams, reader groups and channels, and launches the workers; then runs in the background. */
    public void start() {
        try {
            setup();
        } catch (RuntimeException e) {
            teardown(true);
            throw e;
        }
        Thread loop = new Thread(this::runLoop, "faastream-job-" + jobId);
        loop.setDaemon(true);
        loop.start();
    }

    // ---------------------------------------------------------------- setup

    private void setup() {
        for (int i = 0; i < spec.stageCount(); i++) {
            createStream(names.controlStream(i), 1);
            createStream(names.telemetryStream(i), 1);
        }
        for (int i = 0; i < spec.stageCount(); i++) {
            var s = spec.stage(i);
            int workers = Math.max(1, s.parallelism());
            policy.initialize(i, workers, workers);
            int want = s.keyed() ? workers : Math.max(1, policy.getWorkers(i));
            StageState st = new StageState(i, s, spec.stageLabel(i),
                    new Channel<>(ctx.sync(), names.controlStream(i), ControlMessage.class),
                    new Channel<>(ctx.sync(), names.telemetryStream(i), Telemetry.class));
            if (i > 0) {
                int partitions = s.keyed() ? want : Math.max(1, policy.getPartitions(i));
                createStream(names.dataStream(i), s.keyed() ? partitions : 1);
                if (!s.keyed() && partitions > 1) {
                    scaleStream(names.dataStream(i), partitions);
                }
                st.partitions = partitions;
                st.readerGroup = createReaderGroup(i, names.dataStream(i));
            } else if (spec.source().kind() == SourceSpec.Kind.STREAM && mode == Mode.STREAM) {
                st.readerGroup = createReaderGroup(0, spec.source().stream());
            }
            st.nextSlot = 0;
            stages.add(st);
            List<List<SourceSplit>> splits = i == 0 && st.readerGroup == null ? sourceSplits(want) : null;
            for (int w = 0; w < want; w++) {
                addSlot(st, splits == null ? null : splits.get(w), true);
            }
        }
        if (exactlyOnce) {
            for (StageState st : stages) {
                st.transactions = coordinator(st);
            }
        }
        // launch consumers before producers so data never waits for a reader
        for (int i = stages.size() - 1; i >= 0; i--) {
            for (SlotState slot : stages.get(i).slots.values()) {
                launch(stages.get(i), slot);
            }
        }
        state = JobState.RUNNING;
        LOG.info("job {} ({}) started: {} stages, mode {}, platform {}", jobId, options.name(), stages.size(), mode,
                platform.name());
    }

    private void createStream(String name, int segments) {
        streams.createStream(ctx.scope(), name, StreamConfiguration.builder()
                .scalingPolicy(io.pravega.client.stream.ScalingPolicy.fixed(segments)).build());
        createdStreams.add(name);
    }

    private io.pravega.client.stream.ReaderGroup createReaderGroup(int stage, String stream) {
        readerGroups.createReaderGroup(names.readerGroup(stage), readerGroupConfig(stream));
        return readerGroups.getReaderGroup(names.readerGroup(stage));
    }

    private ReaderGroupConfig readerGroupConfig(String stream) {
        ReaderGroupConfig.ReaderGroupConfigBuilder b = ReaderGroupConfig.builder().stream(Stream.of(ctx.scope(), stream));
        // exactly-once: the only checkpoints are the epochs' (each closes a transaction); otherwise
        // checkpoint every second: successors of merged segments are only released at a checkpoint
        return exactlyOnce ? b.disableAutomaticCheckpoints().build() : b.automaticCheckpointIntervalMillis(1000).build();
    }

    private StageTransactionCoordinator coordinator(StageState st) {
        String output = spec.lastStage(st.index) ? spec.sink().stream() : names.dataStream(st.index + 1);
        String input = st.index == 0 ? spec.source().stream() : names.dataStream(st.index);
        return new StageTransactionCoordinator(st.label, ctx, "fs-" + jobId + "-txn" + st.index, output,
                st.readerGroup, readerGroupConfig(input), options.transactionWindow().toMillis(),
                epoch -> deleteEpochState(st.index, epoch));
    }

    private void deleteEpochState(int stage, long epoch) {
        try {
            store.deletePrefix(storeConfig.spillBucket(), names.epochStatePrefix(stage, epoch));
        } catch (RuntimeException e) {
            LOG.debug("delete state of epoch {}: {}", epoch, e.toString());
        }
    }

    private void scaleStream(String stream, int count) {
        SegmentRouter router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0);
        List<Long> sealed = router.allSegments().stream().map(SegmentRouter.Target::segmentId).toList();
        Map<Double, Double> ranges = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            ranges.put((double) i / count, i == count - 1 ? 1.0 : (double) (i + 1) / count);
        }
        boolean ok = ctx.controller().scaleStream(Stream.of(ctx.scope(), stream), sealed, ranges, ctx.executor())
                .getFuture().join();
        if (!ok) {
            throw new IllegalStateException("the controller refused to scale " + stream + " to " + count + " segments");
        }
    }

    /** Splits a bounded source among {@code workers} workers. */
    private List<List<SourceSplit>> sourceSplits(int workers) {
        List<SourceSplit> all = new ArrayList<>();
        SourceSpec src = spec.source();
        if (src.kind() == SourceSpec.Kind.STREAM) {
            StreamInfo info = streams.fetchStreamInfo(ctx.scope(), src.stream()).join();
            Iterator<SegmentRange> it = ctx.batch().getSegments(Stream.of(ctx.scope(), src.stream()),
                    info.getHeadStreamCut(), info.getTailStreamCut()).getIterator();
            while (it.hasNext()) {
                SegmentRange r = it.next();
                if (r.getEndOffset() > r.getStartOffset()) {
                    all.add(SourceSplit.segment(r));
                }
            }
        } else {
            List<ObjectStore.Listed> objects = src.kind() == SourceSpec.Kind.BUCKET_FILE
                    ? List.of(new ObjectStore.Listed(src.keyOrPrefix(), store.size(src.bucket(), src.keyOrPrefix())))
                    : store.list(src.bucket(), src.keyOrPrefix());
            int rec = src.format().fixedSize();
            for (ObjectStore.Listed o : objects) {
                if (rec > 0 && o.size() > rec) {
                    long records = (o.size() + rec - 1) / rec;
                    long perWorker = Math.max(1, (records + workers - 1) / workers);
                    for (long r = 0; r < records; r += perWorker) {
                        all.add(SourceSplit.object(src.bucket(), o.key(), r * rec, Math.min(o.size(), (r + perWorker) * rec)));
                    }
                } else {
                    all.add(SourceSplit.object(src.bucket(), o.key(), 0, o.size()));
                }
            }
        }
        List<List<SourceSplit>> out = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            out.add(new ArrayList<>());
        }
        for (int k = 0; k < all.size(); k++) {
            out.get(k % workers).add(all.get(k));
        }
        return out;
    }

    private SlotState addSlot(StageState st, List<SourceSplit> splits, boolean initial) {
        SlotState slot = new SlotState("s" + st.index + "w" + st.nextSlot++, splits, initial);
        st.slots.put(slot.slot, slot);
        return slot;
    }

    private void launch(StageState st, SlotState slot) {
        slot.workerId = jobId + "-" + slot.slot + "-" + slot.incarnation;
        slot.ready = false;
        slot.heard = false;
        slot.last = null;
        slot.lastSeen = System.currentTimeMillis();
        WorkerLaunch.ExactlyOnceStart start = st.transactions == null ? null
                : new WorkerLaunch.ExactlyOnceStart(st.transactions.generation(), st.transactions.committedEpoch());
        WorkerLaunch l = new WorkerLaunch(jobId, ctx.scope(), ctx.controllerUri().toString(), storeConfig, spec,
                st.index, slot.slot, slot.workerId, settings, slot.splits, start == null && slot.incarnation > 0, start);
        slot.handle = platform.launch(new WorkerRequest(slot.workerId, jobId, st.index, l.encode()));
    }

    // ---------------------------------------------------------------- loop

    private void runLoop() {
        JobState end;
        try {
            end = loop();
        } catch (RuntimeException | InterruptedException e) {
            LOG.error("job {}: manager loop failed", jobId, e);
            failure = failure != null ? failure : "the job manager failed: " + e;
            end = JobState.FAILED;
        }
        state = end;
        teardown(end != JobState.COMPLETED);
        status = snapshot();
        publish(true);
        if (end == JobState.FAILED) {
            LOG.warn("job {} failed: {}", jobId, failure);
        } else {
            LOG.info("job {} {}", jobId, end.name().toLowerCase());
        }
        finished.complete(status);
    }

    private JobState loop() throws InterruptedException {
        while (true) {
            for (StageState st : stages) {
                for (Telemetry t : st.telemetry.poll()) {
                    onTelemetry(st, t);
                }
            }
            if (failure != null) {
                return JobState.FAILED;
            }
            if (cancelRequested) {
                return JobState.CANCELLED;
            }
            checkLiveness();
            if (failure != null) {
                return JobState.FAILED;
            }
            for (StageState st : stages) {
                if (st.readerGroup != null && !st.goSent
                        && st.slots.values().stream().filter(s -> s.initial).allMatch(s -> s.ready || s.finished)) {
                    st.control.append(st.transactions == null
                            ? new ControlMessage(ControlMessage.Type.GO, ControlMessage.ALL)
                            : ControlMessage.useTransaction(st.transactions.generation(),
                                    st.transactions.open().toString()));
                    st.goSent = true;
                }
            }
            if (exactlyOnce) {
                advanceEpochs();
                if (failure != null) {
                    return JobState.FAILED;
                }
            }
            if (mode == Mode.BATCH && advanceBatch()) {
                return JobState.COMPLETED;
            }
            long now = System.currentTimeMillis();
            if (now - lastScaling >= options.scalingInterval().toMillis()) {
                lastScaling = now;
                scale();
            }
            if (now - lastLag >= 1000) {
                lastLag = now;
                updateLag();
            }
            status = snapshot();
            publish(false);
            Thread.sleep(20);
        }
    }

    private void onTelemetry(StageState st, Telemetry t) {
        SlotState slot = st.slots.get(t.slot());
        if (slot == null || !t.worker().equals(slot.workerId)) {
            return; // an earlier incarnation
        }
        slot.lastSeen = System.currentTimeMillis();
        slot.heard = true;
        slot.last = t;
        if (t.endSegments() != null) {
            st.endsSeen.addAll(t.endSegments());
        }
        switch (t.type()) {
            case READY -> slot.ready = true;
            case CHECKPOINTED -> st.transactions.acknowledged(slot.slot, t.checkpointEpoch());
            case DONE -> {
                slot.finished = true;
                retire(st, t);
            }
            case FAILED -> {
                if (failure == null) {
                    failure = t.error();
                }
            }
            case STATS, HANDOFF -> policy.addWorkerStats(new WorkerStats(st.index, t.worker(), t.queueSize(),
                    t.eventsIn(), t.eventsOut(), t.processingNanos(), t.readNanos(), t.timestampMillis()));
            default -> {
            }
        }
    }

    private void retire(StageState st, Telemetry t) {
        st.retiredIn += t.eventsIn();
        st.retiredOut += t.eventsOut();
        st.retiredNanos += t.processingNanos();
        st.retiredDeadLettered += t.deadLettered();
    }

    private void checkLiveness() {
        long now = System.currentTimeMillis();
        for (StageState st : stages) {
            for (SlotState slot : st.slots.values()) {
                if (slot.finished) {
                    continue;
                }
                boolean exited = !slot.handle.alive();
                Duration limit = slot.heard ? options.heartbeatTimeout() : options.startupTimeout();
                boolean silent = now - slot.lastSeen > limit.toMillis();
                if (!exited && !silent) {
                    continue;
                }
                if (exited && slot.stopping) {
                    // a worker told to stop may exit before its DONE report is read
                    continue;
                }
                if (exited) {
                    // give its last report a moment to arrive before calling it dead
                    for (Telemetry t : st.telemetry.poll()) {
                        onTelemetry(st, t);
                    }
                    if (slot.finished || failure != null) {
                        continue;
                    }
                }
                workerLost(st, slot, exited ? "exited unexpectedly" : (slot.heard ? "sent no heartbeat for "
                        : "sent no first report within ") + limit.toSeconds() + " s");
                if (failure != null) {
                    return;
                }
            }
        }
    }

    private void workerLost(StageState st, SlotState slot, String why) {
        slot.handle.kill();
        String who = st.label + " worker " + slot.workerId;
        if (st.spec.keyed()) {
            failure = who + " " + why + " while holding key groups; its partial groups are lost, so the job stops"
                    + " rather than emit incomplete results (rerun the job)";
            return;
        }
        if (st.inputComplete) {
            failure = who + " " + why + " while finishing; the job stops rather than lose its last events (rerun the job)";
            return;
        }
        if (exactlyOnce && st.transactions.commits() > slot.commitsAtLastLoss) {
            // the stage committed since this slot's last loss: it made progress, so count afresh
            // (a Lambda worker reaching its time limit is recovered like this once per invocation)
            slot.restarts = 0;
        }
        if (exactlyOnce) {
            slot.commitsAtLastLoss = st.transactions.commits();
        }
        if (++slot.restarts > MAX_RESTARTS) {
            failure = who + " " + why + "; slot " + slot.slot + " failed " + MAX_RESTARTS + " times"
                    + (exactlyOnce ? " without a commit in between" : "") + ", giving up";
            return;
        }
        if (exactlyOnce) {
            rollBack(st, who + " " + why);
            return;
        }
        if (slot.last != null) {
            retire(st, slot.last);
        }
        if (st.readerGroup != null) {
            try {
                // its segments go back to the others from the last checkpoint: nothing read is lost
                st.readerGroup.readerOffline(slot.workerId, null);
            } catch (RuntimeException e) {
                LOG.warn("readerOffline {} failed: {}", slot.workerId, e.toString());
            }
        }
        LOG.warn("{} {}; restarting slot {}", who, why, slot.slot);
        slot.incarnation++;
        launch(st, slot);
    }

    /** Exactly-once: checkpoints and commits each running stage's epochs. */
    private void advanceEpochs() {
        for (StageState st : stages) {
            if (!st.goSent || !st.transactions.isOpen()) {
                continue;
            }
            Set<String> slots = new HashSet<>(st.slots.keySet());
            try {
                st.transactions.advance(slots);
            } catch (RuntimeException e) {
                failure = e.getMessage() + "; the job stops (what was committed stays, nothing after it is visible)";
                return;
            }
        }
    }

    /**
     * Exactly-once recovery (reference Algorithm 2, lines 10-15): stops every worker of the stage,
     * aborts its open transactions, puts its reader group back at the last committed checkpoint and
     * relaunches every slot restoring that checkpoint's state. Other stages go on: they only ever
     * read this stage's committed output.
     */
    private void rollBack(StageState st, String reason) {
        LOG.warn("{}; rolling {} back to its last committed epoch {}", reason, st.label,
                st.transactions.committedEpoch());
        for (SlotState s : st.slots.values()) {
            if (s.handle.alive()) {
                s.handle.kill();
            }
            try {
                st.control.append(new ControlMessage(ControlMessage.Type.CANCEL, s.workerId));
            } catch (RuntimeException e) {
                LOG.debug("cancel message: {}", e.toString());
            }
            if (s.last != null) {
                retire(st, s.last);
            }
            try {
                st.readerGroup.readerOffline(s.workerId, null);
            } catch (RuntimeException e) {
                LOG.debug("readerOffline {} failed: {}", s.workerId, e.toString());
            }
        }
        st.transactions.rollback();
        st.goSent = false;
        for (SlotState s : st.slots.values()) {
            s.incarnation++;
            launch(st, s);
        }
    }

    /** Moves batch stages forward; true when the whole job is done. */
    private boolean advanceBatch() {
        for (StageState st : stages) {
            if (st.done) {
                continue;
            }
            if (st.index == 0) {
                st.done = st.allFinished();
                continue;
            }
            StageState prev = stages.get(st.index - 1);
            if (prev.done && st.endsExpected == null) {
                st.endsExpected = writeEndMarkers(st);
            }
            if (st.endsExpected != null && !st.inputComplete && st.endsSeen.containsAll(st.endsExpected)) {
                st.control.append(new ControlMessage(ControlMessage.Type.INPUT_COMPLETE, ControlMessage.ALL));
                st.inputComplete = true;
            }
            if (st.inputComplete && st.allFinished()) {
                st.done = true;
            }
        }
        return stages.stream().allMatch(s -> s.done);
    }

    /** Writes one end marker into every active segment of the stage's input stream. */
    private Set<Long> writeEndMarkers(StageState st) {
        String stream = names.dataStream(st.index);
        SegmentRouter router = new SegmentRouter(ctx.controller(), ctx.scope(), stream, 0);
        if (st.markerWriter == null) {
            st.markerWriter = ctx.events().createEventWriter(stream, new ByteBufferSerializer(),
                    EventWriterConfig.builder().build());
        }
        Set<Long> ids = new HashSet<>();
        for (SegmentRouter.Target t : router.allSegments()) {
            st.markerWriter.writeEvent(t.routingKey(), Envelope.end(t.segmentId()).encode());
            ids.add(t.segmentId());
        }
        st.markerWriter.flush();
        return ids;
    }

    private void scale() {
        if (exactlyOnce) {
            return; // the manager rejects exactly-once jobs whose policy would scale
        }
        for (StageState st : stages) {
            if (st.spec.keyed() || st.done || st.inputComplete || st.endsExpected != null
                    || (st.index == 0 && st.readerGroup == null)) {
                continue;
            }
            if (st.index > 0 && stages.get(st.index - 1).done) {
                continue;
            }
            int want = Math.max(1, policy.getWorkers(st.index));
            long active = st.activeCount();
            if (want > active) {
                for (long k = active; k < want; k++) {
                    launch(st, addSlot(st, null, false));
                }
                LOG.info("{}: scaled workers {} -> {}", st.label, active, want);
            } else if (want < active) {
                List<SlotState> live = st.slots.values().stream().filter(s -> s.active() && !s.stopping).toList();
                for (int k = live.size() - 1; k >= want; k--) {
                    SlotState s = live.get(k);
                    s.stopping = true;
                    st.control.append(new ControlMessage(ControlMessage.Type.STOP, s.workerId));
                }
                LOG.info("{}: scaled workers {} -> {}", st.label, active, want);
            }
            if (st.index > 0) {
                int parts = Math.max(1, policy.getPartitions(st.index));
                if (parts != st.partitions) {
                    try {
                        scaleStream(names.dataStream(st.index), parts);
                        LOG.info("{}: scaled input segments {} -> {}", st.label, st.partitions, parts);
                        st.partitions = parts;
                    } catch (RuntimeException e) {
                        LOG.warn("{}: could not scale input to {} segments: {}", st.label, parts, e.getMessage());
                    }
                }
            }
        }
    }

    private void updateLag() {
        for (StageState st : stages) {
            if (st.readerGroup != null && !st.done) {
                try {
                    st.lagBytes = st.readerGroup.getMetrics().unreadBytes();
                } catch (RuntimeException e) {
                    st.lagBytes = -1;
                }
            }
        }
    }

    // ---------------------------------------------------------------- status

    private JobStatus snapshot() {
        List<StageMetrics> metrics = new ArrayList<>();
        double progress = 0;
        for (StageState st : stages) {
            long in = st.retiredIn;
            long out = st.retiredOut;
            long nanos = st.retiredNanos;
            long dl = st.retiredDeadLettered;
            long queue = 0;
            long read = 0;
            long total = 0;
            int workers = 0;
            for (SlotState s : st.slots.values()) {
                if (!s.finished) {
                    workers++;
                    if (s.last != null) {
                        in += s.last.eventsIn();
                        out += s.last.eventsOut();
                        nanos += s.last.processingNanos();
                        dl += s.last.deadLettered();
                        queue += s.last.queueSize();
                    }
                }
                if (s.last != null) {
                    read += s.finished ? s.last.bytesTotal() : s.last.bytesRead();
                    total += s.last.bytesTotal();
                }
            }
            metrics.add(new StageMetrics(st.index, st.spec.name(), workers, st.partitions, in, out, queue,
                    in == 0 ? 0 : nanos / 1000.0 / in, st.lagBytes, dl, st.done));
            if (st.done) {
                progress += 1;
            } else if (st.index == 0 && total > 0) {
                progress += (double) read / total * 0.99;
            }
        }
        double p = mode == Mode.BATCH ? (stages.isEmpty() ? 0 : progress / stages.size()) : -1;
        return new JobStatus(jobId, state, mode, p, metrics, state == JobState.FAILED ? failure : null);
    }

    private void publish(boolean force) {
        long now = System.currentTimeMillis();
        if (publisher != null && (force || now - lastPublish >= 1000)) {
            lastPublish = now;
            try {
                publisher.accept(status);
            } catch (RuntimeException e) {
                LOG.debug("status publish failed: {}", e.toString());
            }
        }
    }

    // ---------------------------------------------------------------- teardown

    private void teardown(boolean abort) {
        if (abort) {
            for (StageState st : stages) {
                try {
                    st.control.append(new ControlMessage(ControlMessage.Type.CANCEL, ControlMessage.ALL));
                } catch (RuntimeException e) {
                    LOG.debug("cancel message: {}", e.toString());
                }
            }
        }
        long deadline = System.currentTimeMillis() + 15_000;
        for (StageState st : stages) {
            for (SlotState s : st.slots.values()) {
                while (s.handle != null && s.handle.alive() && System.currentTimeMillis() < deadline) {
                    sleepQuietly(20);
                }
                if (s.handle != null && s.handle.alive()) {
                    s.handle.kill();
                }
            }
        }
        for (StageState st : stages) {
            if (st.transactions != null) {
                try {
                    st.transactions.close();
                } catch (RuntimeException e) {
                    LOG.debug("close transactions: {}", e.toString());
                }
            }
            if (st.markerWriter != null) {
                st.markerWriter.close();
            }
            st.control.close();
            st.telemetry.close();
        }
        if (!options.cleanup()) {
            return;
        }
        for (int i = 0; i < spec.stageCount(); i++) {
            try {
                readerGroups.deleteReaderGroup(names.readerGroup(i));
            } catch (RuntimeException e) {
                LOG.debug("delete reader group: {}", e.toString());
            }
        }
        for (String s : createdStreams) {
            try {
                streams.sealStream(ctx.scope(), s);
                streams.deleteStream(ctx.scope(), s);
            } catch (RuntimeException e) {
                LOG.debug("delete stream {}: {}", s, e.toString());
            }
        }
        try {
            store.deletePrefix(storeConfig.spillBucket(), names.spillPrefix());
        } catch (RuntimeException e) {
            LOG.debug("delete spill objects: {}", e.toString());
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------- Job

    @Override
    public String id() {
        return jobId;
    }

    @Override
    public JobStatus status() {
        return status;
    }

    @Override
    public JobStatus awaitCompletion(Duration timeout) throws TimeoutException, InterruptedException {
        JobStatus s;
        try {
            s = finished.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        if (s.state() == JobState.FAILED) {
            throw new JobFailedException("job " + jobId + " failed: " + s.error());
        }
        return s;
    }

    @Override
    public void cancel() {
        cancelRequested = true;
        try {
            finished.get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("job {} did not stop within 60 s", jobId);
        }
    }
}
