package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ReaderGroup;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobFailedException;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.ScalingPolicy;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.graph.SinkSpec;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.graph.StageSpec;
import io.xtremehub.faastream.internal.state.KeyedStateFields;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.jobrecord.JobRecordStore;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ChannelPace;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.RuntimeSettings;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.faastream.platform.WorkerPlatform;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job (reference Fig. 27): sets up each stage's streams, reader group and channels
 * ({@link JobResources}), deals a bounded source to the first stage ({@link SourceSplitter}) and
 * launches the workers ({@link WorkerLauncher}); then loops: worker reports and liveness
 * ({@link StageSupervisor}), the start signal, exactly-once epochs (each stage's
 * {@link StageTransactionCoordinator}, or {@link SplitAttempts} over splits), batch progress ({@link BatchProgress}), scaling
 * ({@link StageScaler}; exactly-once at commits, {@link EpochBoundaryResize}) and the published status ({@link StatusSnapshot}); and cleans up at the end.
 * An exactly-once job keeps its durable record current ({@link JobJournal}), from which a later
 * manager resumes it ({@link #resume}, {@link JobResumer}).
 */
public final class JobRunner implements Job {
    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

    private final String jobId;
    private final JobSpec spec;
    private final JobOptions options;
    private final boolean exactlyOnce;
    /**
     * How often an idle-or-busy worker reports STATS. Each report is a durable append (a write-ahead
     * log add on the same journal as the events): every 250 ms, a 100-stage job's workers appended 400
     * times a second while its events needed 100. Once a second is still 15 reports per heartbeat
     * timeout and two per scaling decision.
     */
    static final long WORKER_STATS_MILLIS = 1000;

    private final Mode mode;
    private final ScalingPolicy policy;
    private final PravegaContext ctx;
    private final Consumer<JobStatus> publisher;
    private final JobNames names;
    private final List<StageState> stages = new ArrayList<>();
    private final JobResources resources;
    private final BatchProgress batch;
    private final SourceSplitter splitter;
    private final WorkerLauncher launcher;
    private final StageSupervisor supervisor;
    private final KeyedStageResize keyedResize;
    private final StageScaler scaler;
    private final SlotStateParking parking;
    /** Exactly-once jobs over a reader group: carries out scaling decisions at commits. */
    private EpochBoundaryResize resize;
    private final JobRecordStore records;
    private JobJournal journal;
    private final CompletableFuture<JobStatus> finished = new CompletableFuture<>();
    /** Done once the job's streams, reader groups and parked packs are deleted (or left to another manager). */
    private final CompletableFuture<Void> cleanedUp = new CompletableFuture<>();
    private volatile JobStatus status;
    private volatile boolean cancelRequested;
    private volatile JobState state = JobState.STARTING;
    private final JobFailure failure = new JobFailure();
    private long startNanos;
    private volatile long runningNanos;
    private long lastScaling;
    private long lastPublish;
    private long lastLag;
    /** Whether the platform's workers hand off (checkpoints then wait for every worker to read). */
    private final boolean workersHandOff;

    public JobRunner(String jobId, JobSpec spec, JobOptions options, Mode mode, PravegaContext ctx, ObjectStore store,
                     ObjectStoreConfig storeConfig, StreamManager streams, ReaderGroupManager readerGroups,
                     WorkerPlatform platform, Consumer<JobStatus> publisher, JobRecordStore records) {
        this.jobId = jobId;
        this.spec = spec;
        this.options = options;
        this.exactlyOnce = options.exactlyOnce();
        this.mode = mode;
        this.policy = options.scalingPolicy();
        this.ctx = ctx;
        this.publisher = publisher;
        this.records = records;
        this.names = new JobNames(jobId);
        this.workersHandOff = platform.workersHandOff();
        Path shuffleDir = mode == Mode.BATCH && platform.sharesHostWithManager() ? JobResources.shuffleDir(jobId) : null;
        this.resources = new JobResources(ctx, streams, readerGroups, store, storeConfig, names, exactlyOnce,
                spec.stageCount(), shuffleDir);
        this.batch = new BatchProgress(ctx, names);
        this.splitter = new SourceSplitter(ctx, streams, store);
        RuntimeSettings settings = new RuntimeSettings(mode, options.errorPolicy(), options.window().toMillis(),
                options.largeEventThreshold(), WORKER_STATS_MILLIS, options.queueCapacity(),
                shuffleDir == null ? null : shuffleDir.toString());
        this.launcher = new WorkerLauncher(jobId, ctx, storeConfig, spec, settings, platform);
        this.keyedResize = new KeyedStageResize(launcher, mode == Mode.STREAM);
        this.supervisor = new StageSupervisor(launcher, options, failure, keyedResize);
        this.scaler = new StageScaler(policy, launcher, resources, names,
                options.scaleSourceStream() ? spec.source().stream() : null, keyedResize);
        this.parking = new SlotStateParking(store, storeConfig.spillBucket(), names);
        this.status = new JobStatus(jobId, JobState.STARTING, mode, mode == Mode.BATCH ? 0 : -1, List.of(), null);
    }

    /** Creates streams, reader groups and channels, and launches the workers; then runs in the background. */
    public void start() {
        startNanos = System.nanoTime();
        try {
            setup();
        } catch (RuntimeException e) {
            teardown(true);
            throw e;
        }
        startLoop();
    }

    private void startLoop() {
        Thread loop = new Thread(this::runLoop, "faastream-job-" + jobId);
        loop.setDaemon(true);
        loop.start();
    }

    // ---------------------------------------------------------------- setup

    private void setup() {
        int[] want = new int[spec.stageCount()];
        int[] partitions = new int[spec.stageCount()];
        // every stream of the job in one round of controller calls: one by one they add up to seconds
        Map<String, Integer> streams = new LinkedHashMap<>();
        for (int i = 0; i < spec.stageCount(); i++) {
            var s = spec.stage(i);
            int workers = Math.max(1, s.parallelism());
            policy.initialize(i, workers, workers);
            want[i] = s.keyed() ? workers : Math.max(1, policy.getWorkers(i));
            // a keyed stage keeps its segments and changes its workers within them, all at one window end;
            // an exactly-once sort keeps its workers, each with one segment (StageScaler.keepsItsSize)
            partitions[i] = !s.keyed() ? Math.max(1, policy.getPartitions(i))
                    : exactlyOnce && StageScaler.keepsItsSize(s) ? want[i]
                    : Math.max(want[i], policy.getPartitions(i));
            streams.put(names.controlStream(i), 1);
            streams.put(names.telemetryStream(i), 1);
            if (i > 0) {
                streams.put(names.dataStream(i), s.keyed() ? partitions[i] : 1);
            }
        }
        Map<String, CompletableFuture<Boolean>> creating = resources.createStreams(streams);
        // a reader group whose stream needs no rescaling is made as soon as that stream exists
        Map<Integer, CompletableFuture<ReaderGroup>> groups = new HashMap<>();
        for (int i = 1; i < spec.stageCount(); i++) {
            if (spec.stage(i).keyed() || partitions[i] <= 1) {
                groups.put(i, resources.createReaderGroupWhen(creating.get(names.dataStream(i)), i,
                        names.dataStream(i), spec.stage(i).keyed()));
            }
        }
        try {
            CompletableFuture.allOf(creating.values().toArray(new CompletableFuture<?>[0])).join();
        } catch (RuntimeException e) {
            // let the groups under way finish, so that the teardown finds (and deletes) them
            groups.values().forEach(g -> g.handle((group, failure) -> null).join());
            throw e;
        }
        long streamsDone = System.nanoTime();
        for (int i = 0; i < spec.stageCount(); i++) {
            var s = spec.stage(i);
            StageState st = new StageState(i, s, spec.stageLabel(i),
                    new Channel<>(ctx.sync(), names.controlStream(i), ControlMessage.class),
                    new Channel<>(ctx.sync(), names.telemetryStream(i), Telemetry.class));
            if (i > 0) {
                if (!s.keyed() && partitions[i] > 1) {
                    resources.scaleStream(names.dataStream(i), partitions[i]);
                }
                st.partitions = partitions[i];
                st.readerGroup = groups.containsKey(i) ? groups.get(i).join()
                        : resources.createReaderGroup(i, names.dataStream(i), s.keyed());
            } else if (spec.source().kind() == SourceSpec.Kind.STREAM && mode == Mode.STREAM) {
                st.readerGroup = resources.createReaderGroup(0, spec.source().stream(), s.keyed());
            }
            st.nextSlot = 0;
            stages.add(st);
            List<List<SourceSplit>> splits = i == 0 && st.readerGroup == null
                    ? splitter.split(spec.source(), want[i]) : null;
            for (int w = 0; w < want[i]; w++) {
                launcher.addSlot(st, splits == null ? null : splits.get(w), true);
            }
        }
        if (exactlyOnce && stages.get(0).readerGroup == null) {
            // a job over splits redoes a lost slot's splits in a new attempt; it keeps no record. Its
            // later stages read only committed attempts, and run epochs of their own
            stages.get(0).attempts = new SplitAttempts(epochCommits(stages.get(0)));
            for (StageState st : stages.subList(1, stages.size())) {
                st.transactions = coordinator(st);
            }
        } else if (exactlyOnce) {
            resources.adoptStreams(List.of(names.recordStream())); // deleted with the job's other streams
            journal = JobJournal.create(records, jobId, spec, options, mode, want);
            for (StageState st : stages) {
                st.transactions = coordinator(st);
            }
            resizeAtCommits();
        }
        long groupsDone = System.nanoTime();
        launchAll();
        state = JobState.RUNNING;
        if (journal != null) {
            journal.state(state);
        }
        runningNanos = System.nanoTime();
        LOG.info("job {} ({}) started: {} stages, mode {}, platform {} (streams {} ms, channels, reader groups "
                + "and splits {} ms, launch {} ms)", jobId, options.name(), stages.size(), mode, launcher.platformName(),
                millis(startNanos, streamsDone), millis(streamsDone, groupsDone), millis(groupsDone, runningNanos));
    }

    /** Launches every slot's worker, consumers before producers so data never waits for a reader. */
    private void launchAll() {
        for (int i = stages.size() - 1; i >= 0; i--) {
            for (SlotState slot : stages.get(i).slots.values()) {
                launcher.launch(stages.get(i), slot);
            }
        }
    }

    /**
     * Resumes an exactly-once job that a manager which is gone was running, from its record: every
     * stage restarts from its last committed epoch (see {@link JobResumer}); then runs in the background.
     *
     * @throws RuntimeException when it cannot; the job's streams and record are left as they were
     */
    public void resume(JobRecordStore.Found found) {
        startNanos = System.nanoTime();
        try {
            journal = JobJournal.takeOver(records, found);
            journal.claim();
            new JobResumer(ctx, names, spec, resources, launcher, supervisor.rollBacks())
                    .restore(found.record(), stages, this::coordinator);
            for (StageState st : stages) {
                // the policy goes on from the recorded slots, which a resize may have changed
                policy.initialize(st.index, st.slots.size(), st.partitions);
            }
            resizeAtCommits();
            for (int i = stages.size() - 1; i >= 0; i--) {
                StageState st = stages.get(i);
                if (st.rollBack == null) {
                    // a stage whose old workers were adopted is relaunched when they have let go (its roll-back)
                    st.slots.values().forEach(slot -> launcher.launch(st, slot));
                    st.recovery.step("relaunched");
                    st.transactions.openAhead();
                }
            }
        } catch (RuntimeException e) {
            release();
            throw e;
        }
        state = JobState.RUNNING;
        runningNanos = System.nanoTime();
        LOG.info("job {} ({}) resumed: {} stages from their last committed epochs {}", jobId, options.name(),
                stages.size(), stages.stream().map(st -> st.transactions.committedEpoch()).toList());
        startLoop();
    }

    private void resizeAtCommits() {
        resize = new EpochBoundaryResize(supervisor.rollBacks(), launcher, parking, journal);
        supervisor.rollBacks().resizeWith(resize);
    }

    /** Exactly-once: what commits and aborts everything the stage writes in an epoch or attempt. */
    private EpochCommits epochCommits(StageState st) {
        boolean toBucket = spec.lastStage(st.index) && spec.sink().kind() == SinkSpec.Kind.BUCKET;
        String output = !spec.lastStage(st.index) ? names.dataStream(st.index + 1) : toBucket ? null
                : spec.sink().stream();
        return new EpochCommits(st.label, ctx, "fs-" + jobId + "-txn" + st.index, output,
                toBucket ? spec.sink().bucket() : null, options.errorPolicy().deadLetterStream(),
                resources.epochStaging());
    }

    private StageTransactionCoordinator coordinator(StageState st) {
        String input = st.index == 0 ? spec.source().stream() : names.dataStream(st.index);
        StageTransactionCoordinator c = new StageTransactionCoordinator(st.label, ctx, epochCommits(st), st.readerGroup,
                resources.readerGroupConfig(input, st.spec.keyed()),
                BatchEpochs.windowMillis(mode, st.spec, options.transactionWindow()),
                epoch -> resources.deleteEpochStateLater(st.index, epoch),
                journal != null ? journal.stage(st.index) : progress -> { });
        if (st.spec.kind() == StageSpec.Kind.REDUCE && KeyedStateFields.any(st.spec.function())) {
            c.keepKeyedState(resources.keyedStateCommits(st.index));
        }
        return c;
    }

    // ---------------------------------------------------------------- loop

    private void runLoop() {
        JobState end;
        try {
            end = loop();
        } catch (RuntimeException | InterruptedException e) {
            if (journal != null && journal.takenOver()) {
                failure.set(e.getMessage()); // another manager resumed the job: not a fault of this one
            } else {
                LOG.error("job {}: manager loop failed", jobId, e);
                failure.set("the job manager failed: " + e);
            }
            end = JobState.FAILED;
        }
        state = end;
        if (journal != null) {
            journal.state(end);
            if (end == JobState.FAILED && journal.takenOver()) {
                // its workers failed because another manager resumed the job and aborted their
                // transactions; recording the end is where this manager learns so
                failure.explainedBy("job " + jobId + " was taken over by another manager; this manager leaves it alone");
            }
        }
        long endNanos = System.nanoTime();
        if (end == JobState.COMPLETED) {
            // every worker reported DONE after writing its output: the job's result is complete, and
            // deleting its streams and packs (1.7 s of a 23 s sort) is no reason to keep its caller waiting
            status = StatusSnapshot.of(jobId, state, mode, stages, failure.reason());
            publish(true); // `job list` must show it completed as soon as its caller learns so
            finished.complete(status);
        }
        try {
            teardown(end != JobState.COMPLETED);
        } finally {
            cleanedUp.complete(null);
        }
        status = StatusSnapshot.of(jobId, state, mode, stages, failure.reason());
        publish(true);
        if (end == JobState.FAILED) {
            LOG.warn("job {} failed: {}", jobId, failure.reason());
        } else {
            // where a job's wall time goes: setting up streams and workers, running, cleaning up
            LOG.info("job {} {} in {} ms (setup {} ms, running {} ms, teardown {} ms)", jobId,
                    end.name().toLowerCase(), millis(startNanos, System.nanoTime()), millis(startNanos, runningNanos),
                    millis(runningNanos, endNanos), millis(endNanos, System.nanoTime()));
        }
        finished.complete(status);
    }

    private JobState loop() throws InterruptedException {
        long telemetryPollMillis = ChannelPace.telemetryMillis(stages.size());
        long lastTelemetryPoll = 0;
        while (true) {
            if (System.currentTimeMillis() - lastTelemetryPoll >= telemetryPollMillis) {
                lastTelemetryPoll = System.currentTimeMillis();
                for (StageState st : stages) {
                    for (Telemetry t : st.telemetry.poll()) {
                        supervisor.onTelemetry(st, t);
                    }
                }
            }
            if (failure.isSet()) {
                return JobState.FAILED;
            }
            if (cancelRequested) {
                return JobState.CANCELLED;
            }
            supervisor.checkLiveness(stages);
            if (failure.isSet()) {
                return JobState.FAILED;
            }
            supervisor.finishRollBacks(stages);
            keyedResize.advance(stages);
            for (StageState st : stages) {
                if (st.readerGroup != null && !st.goSent && st.rollBack == null && !keyedResize.underWay(st)
                        && st.slots.values().stream().filter(s -> s.initial).allMatch(s -> s.ready || s.finished)) {
                    if (KeyedStageResize.startsTogether(st)) {
                        // by name: a later generation of the stage must not start on this one's signal
                        st.slots.values().stream().filter(s -> !s.finished)
                                .forEach(s -> st.control.append(new ControlMessage(ControlMessage.Type.GO, s.workerId)));
                    } else if (st.transactions != null && st.transactions.emitsHeldWindowsFirst()) {
                        StageTransactionCoordinator.HeldEpochStart held = st.transactions.beginHeldEpoch();
                        st.control.append(ControlMessage.emitHeld(st.transactions.generation(),
                                held.transaction().toString(), held.epoch()));
                    } else {
                        st.control.append(st.transactions == null
                                ? new ControlMessage(ControlMessage.Type.GO, ControlMessage.ALL)
                                : ControlMessage.useTransaction(st.transactions.generation(),
                                        st.transactions.open().toString()));
                    }
                    st.goSent = true;
                    if (st.recovery != null) {
                        st.recovery.step("every worker ready, reading");
                    }
                }
            }
            if (exactlyOnce) {
                EpochHandOffs.startReadySuccessors(stages);
                advanceEpochs();
                if (failure.isSet()) {
                    return JobState.FAILED;
                }
            }
            try {
                if (mode == Mode.BATCH && batch.advance(stages)) {
                    return JobState.COMPLETED;
                }
            } catch (IllegalStateException e) {
                // an exactly-once stage's last commit failed
                failure.commitFailed(e.getMessage());
                return JobState.FAILED;
            }
            long now = System.currentTimeMillis();
            if (now - lastScaling >= options.scalingInterval().toMillis()) {
                lastScaling = now;
                if (!exactlyOnce) {
                    scaler.scale(stages);
                } else if (resize != null) {
                    scaler.scaleAtCommits(stages, resize);
                }
            }
            if (now - lastLag >= 1000) {
                lastLag = now;
                updateLag();
            }
            status = StatusSnapshot.of(jobId, state, mode, stages, failure.reason());
            publish(false);
            Thread.sleep(20);
        }
    }

    /** Exactly-once: checkpoints and commits each running stage's epochs. */
    private void advanceEpochs() {
        for (StageState st : stages) {
            if (!st.goSent || !st.transactions.isOpen()) {
                continue;
            }
            Set<String> slots = new HashSet<>(st.slots.keySet());
            long commits = st.transactions.commits();
            if (st.recovery != null) {
                // seen here before the commit they allow, which advance() makes at once
                if (st.transactions.checkpointComplete()) {
                    st.recovery.step("checkpoint complete");
                }
                if (st.transactions.acknowledgedBy(slots)) {
                    st.recovery.step("every worker acknowledged");
                }
            }
            try {
                st.transactions.advance(slots, EpochHandOffs.mayCheckpoint(st, workersHandOff));
            } catch (StageTransactionCoordinator.UnusableCheckpointException e) {
                supervisor.rollBackStage(st, e.getMessage());
                continue;
            } catch (RuntimeException e) {
                failure.commitFailed(e.getMessage());
                return;
            }
            UUID start = st.transactions.takeStartAfterHeld();
            if (start != null) {
                // the restored windows are committed: now the stage reads (a resize waits for a commit of reads)
                st.control.append(ControlMessage.useTransaction(st.transactions.generation(), start.toString()));
                continue;
            }
            if (st.recovery != null && st.transactions.checkpointUnderWay()) {
                st.recovery.step("first checkpoint begun");
            }
            if (st.recovery != null && st.transactions.commits() > commits) {
                st.recovery.committed();
                st.recovery = null;
            }
            if (resize != null && st.transactions.commits() > commits) {
                resize.committed(st);
            }
        }
    }

    private void updateLag() {
        for (StageState st : stages) {
            if (st.readerGroup != null && !st.done) {
                try {
                    st.lagBytes = st.readerGroup.getMetrics().unreadBytes();
                    policy.addInputBacklog(st.index, st.lagBytes);
                } catch (RuntimeException e) {
                    st.lagBytes = -1;
                }
            }
        }
    }

    // ---------------------------------------------------------------- status

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
        // a manager that took the job over runs on its channels and streams: leave them to it
        boolean ours = journal == null || !journal.takenOver();
        if (abort && ours) {
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
        release();
        if (!options.cleanup() || !ours) {
            return;
        }
        resources.delete(spec.stageCount());
    }

    /** Closes the job's writers and channels (aborting open transactions) and its record's writer. */
    private void release() {
        for (StageState st : stages) {
            if (st.transactions != null) {
                try {
                    st.transactions.close();
                } catch (RuntimeException e) {
                    LOG.debug("close transactions: {}", e.toString());
                }
            }
            if (st.attempts != null) {
                try {
                    st.attempts.close();
                } catch (RuntimeException e) {
                    LOG.debug("close attempts: {}", e.toString());
                }
            }
            if (st.markerWriter != null) {
                st.markerWriter.close();
            }
            st.control.close();
            st.telemetry.close();
        }
        if (journal != null) {
            journal.close();
        }
    }

    private static long millis(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1_000_000;
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

    /**
     * Waits until the job's resources are released: a completed job is reported before its streams,
     * reader groups and parked packs are deleted, and a manager closing must not cut that short.
     *
     * @return whether they were released in time
     */
    public boolean awaitCleanup(Duration timeout) throws InterruptedException {
        try {
            cleanedUp.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
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
