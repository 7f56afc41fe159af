package io.xtremehub.faastream.internal.manager;

import io.pravega.client.stream.Checkpoint;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.io.StageReaderGroups;
import io.xtremehub.faastream.internal.jobrecord.EpochProgress;
import io.xtremehub.faastream.internal.wire.EpochCheckpoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The manager's half of exactly-once for one stage (reference Algorithm 2). The stage's output
 * goes into one Pravega transaction per epoch, which every worker joins by id; what it writes to
 * the object store (bucket sink parts, dead letters, large events) is staged under that id
 * ({@link EpochCommits} commits or aborts all of it together). When the transaction window has
 * passed, it starts a reader-group checkpoint named after the epoch and the next epoch's transaction
 * ({@link EpochCheckpoint}), which it began while the window ran; once the checkpoint has completed (every
 * reader passed it, so it holds the read positions) and every worker has reported that its output
 * is flushed and its state saved for the epoch, it records the checkpoint and commits. On a
 * failure it aborts the open transactions and resets the reader group to the last committed
 * checkpoint, so the restarted workers read again exactly what was not committed.
 *
 * <p>Each change of its progress goes to a journal ({@link EpochProgress}: the job record), the
 * commit's before the transaction is committed: a manager that resumes the stage after a crash
 * finishes that commit ({@link #restore}) rather than repeat or lose the epoch.
 */
final class StageTransactionCoordinator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StageTransactionCoordinator.class);

    private final String label;
    private final ReaderGroup readerGroup;
    private final ReaderGroupConfig initialConfig;
    private final EpochCommits epochs;
    private final PravegaContext ctx;
    private final long windowMillis;
    /** Told the epoch whose saved state is no longer needed once a later one is committed. */
    private final LongConsumer discardEpochState;
    /** Told every change of the stage's progress, to keep it where a restarted manager finds it. */
    private final Consumer<EpochProgress> journal;
    private final CheckpointCoverage coverage;
    /** A reduce whose reducer keeps {@code KeyedState}: merged at every commit; null otherwise. */
    private KeyedStateCommits keyedState;

    private long generation;
    private long nextEpoch = 1;
    private UUID current;
    /** Whether no checkpoint has begun since {@link #open} (see {@link #readersHoldEverySegment}). */
    private boolean firstOfGeneration;
    /** The next epoch's transaction, begun ahead ({@link #prepareSpare}); null when none is. */
    private UUID spare;
    private long currentSince;
    private PendingEpoch pending;
    private long committedEpoch;
    private Map<Stream, StreamCut> committedPositions;
    private String committedCheckpoint;
    private long commits;
    private long abortedEpochs;
    private long rollBacks;
    /** Batch: the stage's input is complete, so no checkpoint starts any more ({@link #quiesce}). */
    private boolean finishing;
    /** A keyed resize: the checkpoint begun with no reader online ({@link #commitAtRest}); null when none. */
    private CompletableFuture<Checkpoint> atRest;

    /**
     * Restored windows being emitted into {@code current} before the generation reads ({@link #beginHeldEpoch});
     * null otherwise.
     */
    private HeldEpoch held;
    /** The transactions a manager that is gone had open ({@link #restore}), aborted by the next roll-back. */
    private final List<UUID> inherited = new ArrayList<>();
    /** Set when a held epoch is committed: the transaction the stage starts reading into. */
    private UUID startAfterHeld;

    private record HeldEpoch(long epoch, Set<String> acknowledged) {
    }

    /** A checkpoint under way: it closes {@code epoch}, whose transaction is {@code current}. */
    private record PendingEpoch(long epoch, UUID next, CompletableFuture<Checkpoint> checkpoint,
                                Set<String> acknowledged) {
    }

    StageTransactionCoordinator(String label, PravegaContext ctx, EpochCommits epochs, ReaderGroup readerGroup,
                                ReaderGroupConfig initialConfig, long windowMillis,
                                LongConsumer discardEpochState, Consumer<EpochProgress> journal) {
        this.label = label;
        this.ctx = ctx;
        this.readerGroup = readerGroup;
        this.initialConfig = initialConfig;
        this.windowMillis = windowMillis;
        this.discardEpochState = discardEpochState;
        this.journal = journal;
        this.epochs = epochs;
        this.coverage = new CheckpointCoverage(ctx.controller());
    }

    /** The stage's reducer keeps {@code KeyedState}: each commit first merges what the workers changed of it. */
    void keepKeyedState(KeyedStateCommits commits) {
        this.keyedState = commits;
    }

    /** A completed checkpoint whose positions leave part of the input out: the stage rolls back instead. */
    static final class UnusableCheckpointException extends IllegalStateException {
        UnusableCheckpointException(String message) {
            super(message);
        }
    }

    /** The generation workers launched now belong to; it changes at every rollback. */
    long generation() {
        return generation;
    }

    /** The last committed epoch (0 before the first commit): restarted workers restore its state. */
    long committedEpoch() {
        return committedEpoch;
    }

    long commits() {
        return commits;
    }

    /** Epochs whose transaction a roll-back aborted. */
    long abortedEpochs() {
        return abortedEpochs;
    }

    /**
     * Roll-backs of the stage by this coordinator: each {@link #rollback} that reset the reader group, whether
     * or not a transaction was open. {@link #restore} leaves it at 0 (the job record does not carry it), so a
     * resumed stage counts its resume's roll-back as its first.
     */
    long rollBacks() {
        return rollBacks;
    }

    /**
     * Opens the first transaction of the current generation, unless {@link #openAhead} did; the workers
     * are told to use it, and its window starts now.
     */
    UUID open() {
        finishing = false;
        openAhead();
        currentSince = System.currentTimeMillis();
        firstOfGeneration = true;
        return current;
    }

    /**
     * Opens the first transaction of the current generation while its workers start (after a
     * roll-back's relaunch), so that {@link #open} has it at hand once they are all ready: a controller
     * call and a record write fewer between the last worker's report and the stage's reading.
     */
    void openAhead() {
        if (current == null) {
            current = epochs.begin();
            journal.accept(progress(null, null));
        }
    }

    /** Whether a checkpoint has begun and its epoch is not committed yet. */
    boolean checkpointUnderWay() {
        return pending != null;
    }

    /** Whether the checkpoint under way has completed: every reader of the group passed it. */
    boolean checkpointComplete() {
        return pending != null && pending.checkpoint.isDone();
    }

    /** Whether every one of {@code slots} has acknowledged the epoch whose checkpoint is under way. */
    boolean acknowledgedBy(Set<String> slots) {
        return pending != null && pending.acknowledged.containsAll(slots);
    }

    boolean isOpen() {
        return current != null;
    }

    /**
     * Whether the stage's workers restart with open windows that must be emitted before any of them reads:
     * a reducer with {@code KeyedState} restarting from a commit (see {@code ControlMessage.Type.EMIT_HELD}).
     */
    boolean emitsHeldWindowsFirst() {
        return keyedState != null && committedEpoch > 0;
    }

    /**
     * Opens the generation's first transaction for the restored windows only, as the returned epoch; it is
     * committed, at the positions of the last commit (nothing is read meanwhile), once every worker saved
     * its state for it. Then {@link #takeStartAfterHeld} gives the transaction the stage reads into.
     */
    HeldEpochStart beginHeldEpoch() {
        held = new HeldEpoch(nextEpoch++, new HashSet<>());
        return new HeldEpochStart(held.epoch, open());
    }

    /** The epoch restored windows go into, and its transaction. */
    record HeldEpochStart(long epoch, UUID transaction) {
    }

    /** The transaction to start the stage's reading with, once its held epoch is committed (once), or null. */
    UUID takeStartAfterHeld() {
        UUID start = startAfterHeld;
        startAfterHeld = null;
        return start;
    }

    /** A worker of {@code slot} has flushed its output and saved its state for {@code epoch}. */
    void acknowledged(String slot, long epoch) {
        if (held != null && held.epoch == epoch) {
            held.acknowledged.add(slot);
        }
        if (pending != null && pending.epoch == epoch) {
            pending.acknowledged.add(slot);
        }
    }

    /**
     * The transaction of the epoch after {@code epoch}, which a worker resuming from {@code epoch}'s
     * checkpoint writes into: the one its checkpoint named while it is under way, the current one once
     * it is committed.
     *
     * @throws IllegalStateException when a later checkpoint has begun since (no worker can resume there)
     */
    UUID transactionAfter(long epoch) {
        if (pending != null && pending.epoch == epoch) {
            return pending.next;
        }
        if (pending == null && committedEpoch == epoch && current != null) {
            return current;
        }
        throw new IllegalStateException(label + ": no open transaction follows epoch " + epoch + " (committed "
                + committedEpoch + ", checkpoint under way " + (pending == null ? "none" : pending.epoch) + ")");
    }

    /**
     * Moves the protocol on: starts the next checkpoint when the window has passed, commits the
     * epoch whose checkpoint is complete and acknowledged by all of {@code slots}.
     *
     * @param mayCheckpoint false while a worker of the stage is missing from its reader group (a hand-off
     *                      under way): a checkpoint started then would never reach it
     * @throws UnusableCheckpointException when the checkpoint leaves part of the input out (the stage
     *                                     must be rolled back to its last commit)
     * @throws IllegalStateException       when a checkpoint or commit fails
     */
    void advance(Set<String> slots, boolean mayCheckpoint) {
        if (current == null) {
            return;
        }
        if (held != null) {
            if (held.acknowledged.containsAll(slots)) {
                commitHeld(slots);
            }
            return;
        }
        if (pending == null) {
            if (finishing) {
                return;
            }
            prepareSpare();
            long now = System.currentTimeMillis();
            if (mayCheckpoint && now - currentSince >= windowMillis && readersHoldEverySegment(now)) {
                startCheckpoint();
            }
            return;
        }
        if (!pending.checkpoint.isDone() || !pending.acknowledged.containsAll(slots)) {
            return;
        }
        if (pending.checkpoint.isCompletedExceptionally()) {
            throw new IllegalStateException(label + ": checkpoint of epoch " + pending.epoch + " failed: "
                    + pending.checkpoint.handle((c, e) -> String.valueOf(e)).join());
        }
        commit(usable(pending.checkpoint.join(), pending.epoch), pending.epoch, pending.next, slots);
    }

    /** The checkpoint, unless committing it would make a point the stage cannot restart from. */
    private Checkpoint usable(Checkpoint done, long epoch) {
        String gap = coverage.gap(done.asImpl().getPositions());
        if (gap != null) {
            throw new UnusableCheckpointException(label + ": checkpoint of epoch " + epoch
                    + " cannot be restarted from (" + gap + ")");
        }
        return done;
    }

    /**
     * The number the open transaction's epoch gets when the stage's workers stop at a window end for a
     * resize ({@link #commitAtRest}), to save their state under.
     *
     * @throws IllegalStateException when a checkpoint is under way (it would close that epoch) or none is open
     */
    long stoppingEpoch() {
        if (pending != null || current == null) {
            throw new IllegalStateException(label + ": no open epoch to stop in (" + (pending != null
                    ? "checkpoint of epoch " + pending.epoch + " under way)" : "no transaction open)"));
        }
        return nextEpoch;
    }

    /**
     * A keyed stage's resize: every worker stopped at a window end, wrote its last window into the open
     * transaction, saved its state for {@code epoch} ({@link #stoppingEpoch}) and closed its reader where it
     * got to, which leaves each segment unassigned at that position. Commits the open transaction as
     * {@code epoch} at those positions: a reader-group checkpoint begun with no reader online completes at
     * once and holds the position of every unassigned segment. No transaction is left open; {@link #rollback}
     * then starts the next generation from this commit.
     *
     * @return whether the epoch is committed; false while the checkpoint's completion is awaited
     * @throws UnusableCheckpointException when a reader is still in the group or the positions leave part of
     *                                     the input out (the stage must be rolled back to its last commit)
     * @throws IllegalStateException       when the checkpoint or the commit fails
     */
    boolean commitAtRest(long epoch, Set<String> slots) {
        if (atRest == null) {
            if (epoch != stoppingEpoch()) {
                throw new IllegalStateException(label + ": the open epoch is " + nextEpoch + ", not " + epoch);
            }
            Set<String> online = readerGroup.getOnlineReaders();
            if (!online.isEmpty()) {
                throw new UnusableCheckpointException(label + ": readers " + online
                        + " are still in the group after every worker stopped for the resize");
            }
            nextEpoch++;
            atRest = readerGroup.initiateCheckpoint(new EpochCheckpoint(generation, epoch, current).name(),
                    ctx.checkpointPolls());
        }
        if (!atRest.isDone()) {
            return false;
        }
        CompletableFuture<Checkpoint> done = atRest;
        atRest = null;
        if (done.isCompletedExceptionally()) {
            throw new IllegalStateException(label + ": checkpoint of stopped epoch " + epoch + " failed: "
                    + done.handle((c, e) -> String.valueOf(e)).join());
        }
        commit(usable(done.join(), epoch), epoch, null, slots);
        return true;
    }

    /**
     * Whether the generation's readers have taken every segment of their input, which the first checkpoint of a
     * generation waits for: a reader meets a pending checkpoint before it takes its first segments and passes it
     * at once, so fresh readers after a roll-back had closed their first epoch with nothing read (and the
     * recovery waited for the next epoch). One more window at most: a group with more segments than its readers
     * take at once leaves the rest unassigned for seconds.
     */
    private boolean readersHoldEverySegment(long now) {
        if (!firstOfGeneration || now - currentSince >= 2 * windowMillis) {
            return true;
        }
        try {
            return readerGroup.getReaderSegmentDistribution().getUnassignedSegments() == 0;
        } catch (RuntimeException e) {
            LOG.debug("{}: segment distribution unknown, the checkpoint goes ahead: {}", label, e.toString());
            return true;
        }
    }

    private void startCheckpoint() {
        firstOfGeneration = false;
        UUID next = takeSpare();
        long epoch = nextEpoch++;
        String name = new EpochCheckpoint(generation, epoch, next).name();
        pending = new PendingEpoch(epoch, next, readerGroup.initiateCheckpoint(name, ctx.checkpointPolls()), new HashSet<>());
    }

    /**
     * Begins the transaction of the epoch after the current one while the current one's window runs, so that
     * its checkpoint starts without a controller call and a record write (50-400 ms here, in every epoch and
     * in the first one after a roll-back). Recorded before any worker can use it, so a manager resuming the
     * stage knows to abort it.
     */
    private void prepareSpare() {
        if (spare == null) {
            spare = epochs.begin();
            journal.accept(progress(null, null));
        }
    }

    /** The spare transaction ({@link #prepareSpare}), begun now when there is none. */
    private UUID takeSpare() {
        prepareSpare();
        UUID next = spare;
        spare = null;
        return next;
    }

    /**
     * Commits the open transaction as {@code epoch} at {@code checkpoint}; {@code next} is open from then on (or null).
     *
     * @param slots the workers that saved their state for the epoch
     */
    private void commit(Checkpoint checkpoint, long epoch, UUID next, Set<String> slots) {
        long previous = committedEpoch;
        if (keyedState != null) {
            keyedState.commit(previous, epoch, slots);
        }
        // the checkpoint is recorded before the commit: a rollback after the commit resumes after it
        committedPositions = checkpoint.asImpl().getPositions();
        committedCheckpoint = checkpoint.getName();
        committedEpoch = epoch;
        commitCurrent(epoch);
        commits++;
        current = next;
        currentSince = System.currentTimeMillis();
        pending = null;
        if (previous > 0) {
            discardEpochState.accept(previous);
        }
        LOG.debug("{}: committed epoch {}", label, committedEpoch);
    }

    /**
     * Commits the open transaction (and its dead letters) as {@code number}, recorded in the journal first so
     * that a manager resuming the stage finishes the commit.
     *
     * @return the dead-letter transaction committed with it
     */
    private UUID commitCurrent(long number) {
        UUID deadLetters = epochs.prepare(current);
        journal.accept(progress(current, deadLetters));
        epochs.commit(current, deadLetters, number);
        return deadLetters;
    }

    /** Commits the held epoch at the last commit's positions and opens the transaction the stage reads into. */
    private void commitHeld(Set<String> slots) {
        long previous = committedEpoch;
        long epoch = held.epoch;
        keyedState.commit(previous, epoch, slots);
        committedEpoch = epoch;
        commitCurrent(epoch);
        commits++;
        held = null;
        current = null;
        startAfterHeld = open();
        discardEpochState.accept(previous);
        LOG.debug("{}: committed the restored windows as epoch {}", label, epoch);
    }

    /**
     * Aborts the open transactions and puts the reader group back at the last committed checkpoint
     * (or where it started). The workers of the old generation must be stopped and offline first.
     */
    void rollback() {
        long began = System.currentTimeMillis();
        abortedEpochs += (current != null ? 1 : 0) + (pending != null ? 1 : 0);
        abortOpen(true);
        long aborted = System.currentTimeMillis();
        ReaderGroupConfig restart = committedPositions == null ? initialConfig
                : StageReaderGroups.restartAt(initialConfig, committedPositions);
        generation++;
        // recorded first: a manager whose job was taken over fails here and leaves the group alone
        journal.accept(progress(null, null));
        long journaled = System.currentTimeMillis();
        readerGroup.resetReaderGroup(restart);
        // counted once it happened: a taken-over manager's attempt above fails and is no roll-back
        rollBacks++;
        LOG.info("{}: rolled back to epoch {} (generation {}; aborts begun {} ms, record {} ms, group reset {} ms)", label,
                committedEpoch, generation, aborted - began, journaled - aborted, System.currentTimeMillis() - journaled);
    }

    /**
     * Takes over a stage that a manager which is gone left at {@code p}: finishes the commit it had
     * recorded and continues its numbering; then {@link #rollback} aborts the transactions it had open and
     * restarts the stage from the committed epoch. Not before: that manager's workers, adopted by this one,
     * may still write into them until they have let go (a write into an aborted one fails the worker).
     *
     * @throws IllegalStateException when the recorded commit can no longer be made (its transaction
     *                               timed out while no manager ran): the epoch's results are lost
     */
    void restore(EpochProgress p) {
        generation = p.generation();
        committedEpoch = p.committedEpoch();
        nextEpoch = p.nextEpoch();
        committedCheckpoint = p.checkpoint();
        if (!p.positions().isEmpty()) {
            Map<Stream, StreamCut> positions = new LinkedHashMap<>();
            p.positions().forEach((stream, cut) -> positions.put(Stream.of(stream), StreamCut.from(cut)));
            committedPositions = positions;
        }
        if (p.committing() != null) {
            epochs.finishCommit(p.committing(), p.committingDeadLetters(), committedEpoch);
        }
        inherited.addAll(p.openTransactions());
    }

    /**
     * Batch: the stage's input is complete. No checkpoint starts from now on (the workers are about
     * to finish and write their last results into the open epoch).
     *
     * @return whether none is under way any more: only then may the workers be told to finish
     */
    boolean quiesce() {
        finishing = true;
        return pending == null;
    }

    /**
     * Batch: every worker has finished (after {@link #quiesce}) with its last results in the open
     * epoch, which is committed without a checkpoint (nothing is left to read again) and awaited, so
     * that the next stage's end markers come after it.
     *
     * @throws IllegalStateException when the commit cannot be made
     */
    void commitLast(Duration timeout) {
        if (current == null || pending != null) {
            throw new IllegalStateException(label + ": no open epoch to finish with");
        }
        long previous = committedEpoch;
        long number = nextEpoch++;
        UUID deadLetters = commitCurrent(number);
        epochs.awaitCommitted(current, deadLetters, number, timeout);
        committedEpoch = number;
        commits++;
        current = null;
        if (previous > 0) {
            discardEpochState.accept(previous);
        }
        LOG.debug("{}: committed its last epoch {}", label, number);
    }

    /**
     * The stage's progress for its journal.
     *
     * @param committing  the transaction about to be committed, or null
     * @param deadLetters the dead-letter transaction committed with it, or null
     */
    private EpochProgress progress(UUID committing, UUID deadLetters) {
        Map<String, String> positions = new LinkedHashMap<>();
        if (committedPositions != null) {
            committedPositions.forEach((stream, cut) -> positions.put(stream.getScopedName(), cut.asText()));
        }
        List<UUID> open = new ArrayList<>();
        if (current != null && !current.equals(committing)) {
            open.add(current);
        }
        if (pending != null) {
            open.add(pending.next);
        }
        if (spare != null) {
            open.add(spare);
        }
        open.addAll(inherited); // not aborted yet: a manager taking over after this one still must
        return new EpochProgress(generation, committedEpoch, nextEpoch, committedCheckpoint, positions, committing,
                deadLetters, open);
    }

    /** @param later whether the aborts may finish after this returns ({@link EpochCommits#abortLater}) */
    private void abortOpen(boolean later) {
        inherited.forEach(epoch -> abort(epoch, later));
        inherited.clear();
        held = null;
        startAfterHeld = null;
        if (atRest != null) {
            atRest.cancel(false);
            atRest = null;
        }
        if (pending != null) {
            abort(pending.next, later);
            pending.checkpoint.cancel(false);
            pending = null;
        }
        if (current != null) {
            abort(current, later);
            current = null;
        }
        if (spare != null) {
            abort(spare, later); // nothing was written into it: not counted as an aborted epoch
            spare = null;
        }
    }

    private void abort(UUID epoch, boolean later) {
        if (later) {
            epochs.abortLater(epoch);
        } else {
            epochs.abort(epoch);
        }
    }

    /** Aborts what is not committed (the job ends) and closes the writer. */
    @Override
    public void close() {
        abortOpen(false);
        epochs.close();
    }
}
