package io.xtremehub.faastream.internal.manager;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Exactly-once for a stage that reads fixed splits (a bucket source, or a bounded stream in a
 * batch): each launch of a slot is an attempt with its own transaction and staging id. The attempt's
 * output is committed when the slot reports it has finished all its splits, and thrown away when
 * the slot is lost; the relaunched slot does its splits again from the start, with fresh @State, in
 * a new attempt. So a crashed worker's results never reach the sink, and the successful attempt's
 * results reach it once. No checkpoints: a split is redone whole rather than resumed.
 */
final class SplitAttempts implements AutoCloseable {
    private static final Duration COMMIT_TIMEOUT = Duration.ofMinutes(2);
    private final EpochCommits commits;
    /** Slot to its running attempt. */
    private final Map<String, UUID> running = new HashMap<>();
    private long committed;
    private long aborted;

    SplitAttempts(EpochCommits commits) {
        this.commits = commits;
    }

    /** Begins the attempt of a slot's new launch; its workers write under the id returned. */
    UUID begin(String slot) {
        UUID attempt = commits.begin();
        UUID previous = running.put(slot, attempt);
        if (previous != null) {
            // a launch without the previous one lost first (it cannot happen today): never publish both
            abort(previous);
        }
        return attempt;
    }

    /**
     * The slot reported it finished its splits with everything flushed: its attempt becomes visible.
     *
     * @throws IllegalStateException when the commit cannot be made (the job must stop)
     */
    void finished(String slot) {
        UUID attempt = running.remove(slot);
        if (attempt == null) {
            return;
        }
        UUID deadLetters = commits.prepare(attempt);
        commits.commit(attempt, deadLetters, ++committed);
        // the job may end right after its last slot: what it committed must be readable by then
        commits.awaitCommitted(attempt, deadLetters, committed, COMMIT_TIMEOUT);
    }

    /** The slot's worker is lost (and killed): its attempt's output is thrown away. */
    void lost(String slot) {
        UUID attempt = running.remove(slot);
        if (attempt != null) {
            abort(attempt);
        }
    }

    private void abort(UUID attempt) {
        commits.abort(attempt);
        aborted++;
    }

    long commits() {
        return committed;
    }

    long abortedAttempts() {
        return aborted;
    }

    /** Throws away the attempts not finished (the job ends) and closes the writers. */
    @Override
    public void close() {
        running.values().forEach(this::abort);
        running.clear();
        commits.close();
    }
}
