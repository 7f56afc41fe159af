package io.xtremehub.autoscaler.collect;

/**
 * One job vertex as Flink's REST API reports it.
 *
 * @param busyRatio          busy time per second of its busiest subtask, 0..1
 * @param backPressureRatio  back-pressured time per second of its most back-pressured subtask, 0..1
 * @param recordsInPerSecond summed over subtasks
 * @param recordsOutPerSecond summed over subtasks
 */
public record VertexStats(String id, String name, int parallelism, double busyRatio, double backPressureRatio,
                          double recordsInPerSecond, double recordsOutPerSecond) {
    /** Records this vertex handles per second: what comes in, or for a source what goes out. */
    public double processedPerSecond() {
        return Math.max(recordsInPerSecond, recordsOutPerSecond);
    }
}
