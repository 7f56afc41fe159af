package io.xtremehub.faastream.internal.wire;

import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.internal.graph.JobSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * Everything a worker needs to start, in any runtime: a thread, a JVM process (on its standard
 * input) or a Lambda function (in the invocation payload). Workers need no inbound connection:
 * after the launch they talk to the manager only through the stage's control and telemetry streams.
 *
 * @param slot   the worker's place in the stage, stable across restarts and Lambda re-invocations
 * @param workerId unique per incarnation; also the Pravega reader id
 * @param exactlyOnce null for at-least-once jobs; else where this incarnation starts from
 */
public record WorkerLaunch(String jobId, String scope, String controllerUri, ObjectStoreConfig store, JobSpec spec,
                           int stage, String slot, String workerId, RuntimeSettings settings,
                           List<SourceSplit> splits, boolean restoreState, ExactlyOnceStart exactlyOnce)
        implements Serializable {

    /** At-least-once launch. */
    public WorkerLaunch(String jobId, String scope, String controllerUri, ObjectStoreConfig store, JobSpec spec,
                        int stage, String slot, String workerId, RuntimeSettings settings, List<SourceSplit> splits,
                        boolean restoreState) {
        this(jobId, scope, controllerUri, store, spec, stage, slot, workerId, settings, splits, restoreState, null);
    }

    /**
     * Where an exactly-once worker starts.
     *
     * @param generation   the stage's recovery generation: the worker only obeys USE_TRANSACTION of it
     * @param restoreEpoch the last committed epoch whose saved state it restores, or 0 for none
     * @param attempt      a stage that reads splits: the attempt all this worker writes belongs to
     *                     (committed when it finishes); null in a stage with epoch checkpoints
     * @param successor    whether it continues a Lambda invocation that handed off at epoch {@code restoreEpoch}'s
     *                     checkpoint: it starts only on a USE_TRANSACTION sent to it by name (the stage's
     *                     broadcast one names the generation's first transaction, long committed)
     */
    public record ExactlyOnceStart(long generation, long restoreEpoch, UUID attempt, boolean successor)
            implements Serializable {
        public ExactlyOnceStart(long generation, long restoreEpoch, UUID attempt) {
            this(generation, restoreEpoch, attempt, false);
        }
    }

    public JobNames names() {
        return new JobNames(jobId);
    }

    /** The same slot as a new incarnation (after a crash or for a Lambda re-invocation). */
    public WorkerLaunch nextIncarnation(String newWorkerId, boolean restore) {
        return new WorkerLaunch(jobId, scope, controllerUri, store, spec, stage, slot, newWorkerId, settings,
                splits, restore, exactlyOnce);
    }

    /**
     * Exactly-once: the same slot as worker {@code newWorkerId} of stage generation {@code generation},
     * restoring the state of committed epoch {@code restoreEpoch} (a survivor of a roll-back restarted in place).
     */
    public WorkerLaunch restartedAs(String newWorkerId, long generation, long restoreEpoch) {
        if (exactlyOnce == null || exactlyOnce.attempt() != null) {
            throw new IllegalStateException("worker " + workerId + " has no epochs to restart from");
        }
        return new WorkerLaunch(jobId, scope, controllerUri, store, spec, stage, slot, newWorkerId, settings,
                splits, false, new ExactlyOnceStart(generation, restoreEpoch, null));
    }

    /**
     * Exactly-once: the slot's next Lambda invocation after this worker handed off at the checkpoint of
     * {@code epoch}, whose state it saved; it writes into the transaction that follows that epoch.
     */
    public WorkerLaunch handedOffAt(long epoch) {
        if (exactlyOnce == null || exactlyOnce.attempt() != null) {
            throw new IllegalStateException("worker " + workerId + " has no epochs to hand off at");
        }
        return new WorkerLaunch(jobId, scope, controllerUri, store, spec, stage, slot, handOffWorkerId(workerId, epoch),
                settings, splits, false, new ExactlyOnceStart(exactlyOnce.generation(), epoch, null, true));
    }

    /** The same launch with {@code other}'s functions (the same job's, decoded afresh). */
    public WorkerLaunch withSpec(JobSpec other) {
        return new WorkerLaunch(jobId, scope, controllerUri, store, other, stage, slot, workerId, settings, splits,
                restoreState, exactlyOnce);
    }

    /**
     * The worker id of the invocation that continues {@code workerId} after its hand-off at {@code epoch}:
     * computed alike by the worker and the manager, which expects its reports. Unique, because a slot
     * passes each epoch's checkpoint once per incarnation; the suffix of an earlier hand-off is replaced.
     */
    public static String handOffWorkerId(String workerId, long epoch) {
        int mark = workerId.lastIndexOf(HAND_OFF_MARK);
        String base = mark >= 0 && workerId.substring(mark + HAND_OFF_MARK.length()).chars().allMatch(Character::isDigit)
                ? workerId.substring(0, mark) : workerId;
        return base + HAND_OFF_MARK + epoch;
    }

    private static final String HAND_OFF_MARK = "-h";

    public String encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(out)) {
            o.writeObject(this);
        } catch (IOException e) {
            throw new UncheckedIOException("the pipeline cannot be shipped to workers: " + e.getMessage()
                    + " (every function, key and serializer must be Serializable)", e);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    public static WorkerLaunch decode(String text) {
        byte[] bytes = Base64.getDecoder().decode(text.trim());
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                ClassLoader cl = Thread.currentThread().getContextClassLoader();
                return cl == null ? super.resolveClass(desc) : Class.forName(desc.getName(), false, cl);
            }
        }) {
            return (WorkerLaunch) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("cannot decode worker launch: " + e, e);
        }
    }
}
