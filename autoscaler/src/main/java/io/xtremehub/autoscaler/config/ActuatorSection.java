package io.xtremehub.autoscaler.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/** An actuator in YAML, chosen by its {@code type}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ActuatorSection.FlinkResourceRequirements.class, name = "flink-resource-requirements"),
    @JsonSubTypes.Type(value = ActuatorSection.LocalProcesses.class, name = "local-processes"),
    @JsonSubTypes.Type(value = ActuatorSection.Kubernetes.class, name = "kubernetes"),
    @JsonSubTypes.Type(value = ActuatorSection.StreamMinSegments.class, name = "stream-min-segments"),
    @JsonSubTypes.Type(value = ActuatorSection.StreamSegments.class, name = "stream-segments")
})
public sealed interface ActuatorSection {
    /** The parallelism upper bound of a running job (adaptive scheduler). */
    record FlinkResourceRequirements(String job) implements ActuatorSection { }

    /**
     * TaskManagerRunner JVMs on this machine joining the JobManager at {@code jobManager}
     * ({@code host:rpcPort}); {@code classpath} defaults to the service's own, {@code flinkConf}
     * adds Flink settings.
     */
    record LocalProcesses(String jobManager, Integer slots, String classpath, String workDir,
                          Map<String, String> flinkConf) implements ActuatorSection { }

    /** Replicas of a task-manager Deployment; {@code masterUrl} defaults to the kubeconfig's. */
    record Kubernetes(String namespace, String deployment, String masterUrl) implements ActuatorSection { }

    /** The stream's minimum segments. */
    record StreamMinSegments(String stream) implements ActuatorSection { }

    /** The stream's active segments, rescaled through the controller. */
    record StreamSegments(String stream) implements ActuatorSection { }
}
