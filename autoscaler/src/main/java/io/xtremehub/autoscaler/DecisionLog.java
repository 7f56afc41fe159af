package io.xtremehub.autoscaler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decisions of the orchestrator: every action at INFO and every hold at DEBUG on the logger
 * {@code io.xtremehub.autoscaler.decisions}, and the latest ones kept for the status endpoint.
 */
public final class DecisionLog {
    private static final Logger LOG = LoggerFactory.getLogger("io.xtremehub.autoscaler.decisions");

    private final int keep;
    private final Deque<Decision> latest = new ArrayDeque<>();

    public DecisionLog(int keep) {
        this.keep = keep;
    }

    public synchronized void add(Decision d) {
        if (d.acted() || d.action().equals("failed")) {
            LOG.info("{}", d.line());
        } else {
            LOG.debug("{}", d.line());
        }
        latest.addLast(d);
        while (latest.size() > keep) {
            latest.removeFirst();
        }
    }

    /** Oldest first. */
    public synchronized List<Decision> latest() {
        return new ArrayList<>(latest);
    }
}
