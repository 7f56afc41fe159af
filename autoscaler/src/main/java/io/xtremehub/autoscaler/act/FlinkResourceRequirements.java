package io.xtremehub.autoscaler.act;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.xtremehub.autoscaler.flink.FlinkRestClient;
import io.xtremehub.autoscaler.flink.FlinkRestException;
import java.util.Iterator;
import java.util.Map;

/**
 * The parallelism of a running job under Flink's adaptive scheduler, set through
 * {@code PUT /jobs/:jobid/resource-requirements}: every vertex gets the upper bound
 * {@code target} (lower bound 1), and the scheduler rescales the job to what its slots allow.
 * Needs {@code jobmanager.scheduler: adaptive} on the JobManager.
 */
public final class FlinkResourceRequirements implements Actuator {
    private final FlinkRestClient flink;
    private final String jobName;

    public FlinkResourceRequirements(FlinkRestClient flink, String jobName) {
        this.flink = flink;
        this.jobName = jobName;
    }

    @Override
    public String describe() {
        return "parallelism of Flink job '" + jobName + "' at " + flink.base();
    }

    /** The highest upper bound of any vertex. */
    @Override
    public int current() {
        int max = 0;
        for (JsonNode v : requirements(jobId())) {
            max = Math.max(max, v.path("parallelism").path("upperBound").asInt());
        }
        return max;
    }

    @Override
    public void scaleTo(int target) {
        if (target < 1) {
            throw new ActuatorException("a job's parallelism must be at least 1, got " + target);
        }
        String id = jobId();
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        Iterator<Map.Entry<String, JsonNode>> vertices = requirements(id).fields();
        while (vertices.hasNext()) {
            ObjectNode p = body.putObject(vertices.next().getKey()).putObject("parallelism");
            p.put("lowerBound", 1);
            p.put("upperBound", target);
        }
        try {
            flink.put("/jobs/" + id + "/resource-requirements", body);
        } catch (FlinkRestException e) {
            throw new ActuatorException(e.getMessage() + " (is jobmanager.scheduler set to adaptive?)", e);
        }
    }

    private JsonNode requirements(String jobId) {
        try {
            return flink.get("/jobs/" + jobId + "/resource-requirements");
        } catch (FlinkRestException e) {
            throw new ActuatorException(e.getMessage() + " (is jobmanager.scheduler set to adaptive?)", e);
        }
    }

    private String jobId() {
        return flink.liveJob(jobName).map(j -> j.path("jid").asText())
                .orElseThrow(() -> new ActuatorException("no running Flink job named '" + jobName + "' at " + flink.base()));
    }
}
