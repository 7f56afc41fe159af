package io.xtremehub.autoscaler.collect;

import com.fasterxml.jackson.databind.JsonNode;
import io.xtremehub.autoscaler.flink.FlinkRestClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads jobs, vertices and task managers from Flink's REST API: per vertex its parallelism,
 * the busy and back-pressured time per second of its busiest subtask, and records in and out
 * per second summed over its subtasks.
 */
public final class FlinkCollector {
    private static final String METRICS = "busyTimeMsPerSecond,backPressuredTimeMsPerSecond,"
            + "numRecordsInPerSecond,numRecordsOutPerSecond";

    private final FlinkRestClient flink;

    public FlinkCollector(FlinkRestClient flink) {
        this.flink = flink;
    }

    /** Running jobs by name. */
    public Map<String, JobStats> jobs() {
        Map<String, JobStats> out = new HashMap<>();
        for (JsonNode j : flink.liveJobs()) {
            String id = j.path("jid").asText();
            List<VertexStats> vertices = new ArrayList<>();
            for (JsonNode v : flink.get("/jobs/" + id).path("vertices")) {
                vertices.add(vertex(id, v));
            }
            out.put(j.path("name").asText(), new JobStats(id, j.path("name").asText(), j.path("state").asText(), vertices));
        }
        return out;
    }

    public ClusterStats cluster() {
        JsonNode o = flink.get("/overview");
        return new ClusterStats(o.path("taskmanagers").asInt(), o.path("slots-total").asInt(), o.path("slots-available").asInt());
    }

    private VertexStats vertex(String job, JsonNode v) {
        String id = v.path("id").asText();
        Map<String, JsonNode> metrics = new HashMap<>();
        for (JsonNode m : flink.get("/jobs/" + job + "/vertices/" + id + "/subtasks/metrics?get=" + METRICS + "&agg=max,sum")) {
            metrics.put(m.path("id").asText(), m);
        }
        double busy = metric(metrics, "busyTimeMsPerSecond", "max") / 1000.0;
        double backPressure = metric(metrics, "backPressuredTimeMsPerSecond", "max") / 1000.0;
        return new VertexStats(id, v.path("name").asText(), v.path("parallelism").asInt(),
                Math.min(1, busy), Math.min(1, backPressure),
                metric(metrics, "numRecordsInPerSecond", "sum"), metric(metrics, "numRecordsOutPerSecond", "sum"));
    }

    /** A metric Flink has not measured yet (or reports as NaN) counts as 0. */
    private static double metric(Map<String, JsonNode> metrics, String name, String agg) {
        JsonNode m = metrics.get(name);
        double v = m == null ? 0 : m.path(agg).asDouble(0);
        return Double.isFinite(v) ? v : 0;
    }
}
