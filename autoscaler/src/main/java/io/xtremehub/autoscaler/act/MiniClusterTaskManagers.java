package io.xtremehub.autoscaler.act;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import org.apache.flink.runtime.minicluster.MiniCluster;

/**
 * Task managers of a Flink MiniCluster the caller started: adds them with
 * {@code startTaskManager()} and removes the newest with {@code terminateTaskManager(i)}.
 * The MiniCluster keeps terminated task managers in its list, so the indices of the live
 * ones are tracked here. Start it as a {@link ScalableMiniCluster} when it begins with one task
 * manager and runs jobs with shuffles.
 */
public final class MiniClusterTaskManagers implements Actuator {
    private final MiniCluster cluster;
    private final Deque<Integer> alive = new ArrayDeque<>();
    private int started;

    /** @param initialTaskManagers how many task managers the MiniCluster was started with */
    public MiniClusterTaskManagers(MiniCluster cluster, int initialTaskManagers) {
        this.cluster = cluster;
        for (int i = 0; i < initialTaskManagers; i++) {
            alive.addLast(started++);
        }
    }

    @Override
    public String describe() {
        return "MiniCluster task managers";
    }

    @Override
    public synchronized int current() {
        return alive.size();
    }

    @Override
    public synchronized void scaleTo(int target) {
        if (target < 0) {
            throw new ActuatorException("task managers cannot be negative: " + target);
        }
        try {
            while (alive.size() < target) {
                cluster.startTaskManager();
                alive.addLast(started++);
            }
            while (alive.size() > target) {
                cluster.terminateTaskManager(alive.removeLast()).get(60, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ActuatorException("interrupted while changing MiniCluster task managers", e);
        } catch (Exception e) {
            throw new ActuatorException("MiniCluster refused to change task managers: " + e.getMessage(), e);
        }
    }
}
