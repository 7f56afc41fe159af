package io.xtremehub.faastream.internal.manager;

import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When each step of an exactly-once stage's recovery happened, from the start of its roll-back (or
 * of a resuming manager's take-over) to its first commit after it, logged as one line at that commit:
 * where a recovery's time goes, read from the manager's log.
 */
final class RecoveryTimeline {
    private static final Logger LOG = LoggerFactory.getLogger(RecoveryTimeline.class);
    private final String label;
    private final String cause;
    private final long began = System.currentTimeMillis();
    private final StringBuilder steps = new StringBuilder();
    private final Set<String> seen = new HashSet<>();

    RecoveryTimeline(String label, String cause) {
        this.label = label;
        this.cause = cause;
    }

    /** Records that {@code step} happened now (only its first time). */
    void step(String step) {
        if (seen.add(step)) {
            steps.append(", ").append(step).append(" +").append(System.currentTimeMillis() - began).append(" ms");
        }
    }

    /** The stage committed again: logs the recovery's steps. */
    void committed() {
        step("committed");
        LOG.info("{} recovered ({}): began{}", label, cause, steps);
    }
}
