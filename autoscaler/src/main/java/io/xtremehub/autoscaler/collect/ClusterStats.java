package io.xtremehub.autoscaler.collect;

/** The Flink cluster's registered task managers and slots. */
public record ClusterStats(int taskManagers, int slotsTotal, int slotsFree) {
    public static final ClusterStats UNKNOWN = new ClusterStats(-1, -1, -1);
}
