package io.xtremehub.faastream.internal.manager;

import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.internal.graph.JobSpec;
import io.xtremehub.faastream.internal.jobrecord.EpochProgress;
import io.xtremehub.faastream.internal.jobrecord.JobRecord;
import io.xtremehub.faastream.internal.jobrecord.JobRecordStore;
import io.xtremehub.faastream.internal.jobrecord.RecordedOptions;
import io.xtremehub.faastream.internal.jobrecord.StageRecord;
import io.xtremehub.faastream.internal.wire.JobNames;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps an exactly-once job's {@link JobRecord} current: each stage's epoch progress as its
 * coordinator reports it, and the job's state. Every change rewrites the whole record, so a
 * manager that resumes the job reads one consistent version of it.
 */
final class JobJournal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobJournal.class);
    private final JobRecordStore.Writer writer;
    private final JobNames names;
    private JobRecord record;
    private volatile boolean takenOver;

    private JobJournal(JobRecordStore.Writer writer, JobRecord record) {
        this.writer = writer;
        this.record = record;
        this.names = new JobNames(record.jobId());
    }

    /** Creates the record of a job being started, {@code workers[i]} workers in stage i. */
    static JobJournal create(JobRecordStore store, String jobId, JobSpec spec, JobOptions options, Mode mode,
                             int[] workers) {
        List<StageRecord> stages = new ArrayList<>();
        for (int i = 0; i < workers.length; i++) {
            stages.add(new StageRecord(i, workers[i], null, EpochProgress.initial()));
        }
        JobRecord first = JobRecord.of(jobId, JobState.STARTING, RecordedOptions.of(options, mode),
                new JobRecord.Definition(spec, options.errorPolicy()), stages);
        return new JobJournal(store.create(first), first);
    }

    /** Continues the record of a job that this manager resumes; the previous writer is fenced out. */
    static JobJournal takeOver(JobRecordStore store, JobRecordStore.Found found) {
        return new JobJournal(store.takeOver(found), found.record());
    }

    /**
     * Marks a taken-over job RUNNING before this manager touches it, which fences out the manager
     * that ran it: its next write fails.
     *
     * @throws IllegalStateException when the record changed since it was read (another manager has it)
     */
    void claim() {
        write(record.withState(JobState.RUNNING));
    }

    /** Where the coordinator of {@code stage} reports its progress. */
    Consumer<EpochProgress> stage(int stage) {
        return progress -> {
            StageRecord before = record.stages().get(stage);
            String stateRef = progress.committedEpoch() > 0 ? names.epochStatePrefix(stage, progress.committedEpoch())
                    : null;
            write(record.withStage(new StageRecord(stage, before.workers(), stateRef, progress)));
        };
    }

    /** Records that stage {@code stage} runs {@code workers} slots from now on (a resize at a commit). */
    void workers(int stage, int workers) {
        StageRecord before = record.stages().get(stage);
        write(record.withStage(new StageRecord(stage, workers, before.stateRef(), before.epochs())));
    }

    /** Records the job's state; a job's end is only logged when it cannot be recorded. */
    void state(JobState state) {
        try {
            write(record.withState(state));
        } catch (RuntimeException e) {
            LOG.warn("job {}: its {} state could not be recorded: {}", record.jobId(), state, e.getMessage());
        }
    }

    /** Whether another manager took the job over: this one must then leave its streams alone. */
    boolean takenOver() {
        return takenOver;
    }

    private void write(JobRecord next) {
        if (takenOver) {
            throw new IllegalStateException("job " + record.jobId() + " was taken over by another manager");
        }
        try {
            writer.write(next);
        } catch (IllegalStateException e) {
            takenOver = true;
            throw e;
        }
        record = next;
    }

    @Override
    public void close() {
        writer.close();
    }
}
