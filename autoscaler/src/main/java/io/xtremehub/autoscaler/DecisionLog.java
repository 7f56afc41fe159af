package io.xtremehub.autoscaler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decisions of the orchestrator: every action and failure at INFO and every hold at DEBUG on
 * the logger {@code io.xtremehub.autoscaler.decisions}; the latest actions and failures are kept
 * for the status endpoint (holds would push them out within minutes).
 */
public final class DecisionLog {
    private static final Logger LOG = LoggerFactory.getLogger("io.xtremehub.autoscaler.decisions");

    private final int keep;
    private final Deque<Decision> latest = new ArrayDeque<>();

    public DecisionLog(int keep) {
        this.keep = keep;
    }

    public synchronized void add(Decision d) {
        if (!d.acted() && !d.action().equals("failed")) {
            LOG.debug("{}", d.line());
            return;
        }
        LOG.info("{}", d.line());
        latest.addLast(d);
        while (latest.size() > keep) {
            latest.removeFirst();
        }
    }

    /** The latest actions and failures, oldest first. */
    public synchronized List<Decision> latest() {
        return new ArrayList<>(latest);
    }
}
