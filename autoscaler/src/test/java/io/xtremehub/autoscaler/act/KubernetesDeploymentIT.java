package io.xtremehub.autoscaler.act;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes actuator with the real fabric8 client against fabric8's mock API server in
 * CRUD mode (it stores what the client writes and serves it back over the Kubernetes REST API).
 */
@EnableKubernetesMockClient(crud = true, https = false)
class KubernetesDeploymentIT {
    // injected by the extension: a real client pointed at the mock API server
    static KubernetesClient client;

    @BeforeAll
    static void createDeployment() {
        client.apps().deployments().inNamespace("flink").resource(new DeploymentBuilder()
                .withNewMetadata().withName("flink-taskmanager").withNamespace("flink").endMetadata()
                .withNewSpec().withReplicas(2)
                .withNewSelector().withMatchLabels(Map.of("app", "flink", "component", "taskmanager")).endSelector()
                .withNewTemplate().withNewMetadata().withLabels(Map.of("app", "flink", "component", "taskmanager")).endMetadata()
                .withNewSpec().addNewContainer().withName("taskmanager").withImage("flink:2.2").withArgs("taskmanager")
                .endContainer().endSpec().endTemplate().endSpec().build()).create();
    }

    @Test
    void scalesTheTaskManagerDeploymentUpAndDown() {
        KubernetesDeployment tms = new KubernetesDeployment(client, "flink", "flink-taskmanager", false);
        assertEquals(2, tms.current());

        tms.scaleTo(5);
        Deployment stored = client.apps().deployments().inNamespace("flink").withName("flink-taskmanager").get();
        assertEquals(5, stored.getSpec().getReplicas());
        assertEquals(5, tms.current());
        assertEquals("flink:2.2", stored.getSpec().getTemplate().getSpec().getContainers().get(0).getImage(),
                "the rest of the deployment is kept");

        tms.scaleTo(1);
        assertEquals(1, client.apps().deployments().inNamespace("flink").withName("flink-taskmanager").get()
                .getSpec().getReplicas());
    }

    @Test
    void aMissingDeploymentIsReportedInOneLine() {
        KubernetesDeployment missing = new KubernetesDeployment(client, "flink", "no-such-deployment", false);
        ActuatorException e = assertThrows(ActuatorException.class, () -> missing.scaleTo(3));
        assertTrue(e.getMessage().startsWith("no deployment flink/no-such-deployment in Kubernetes at "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }
}
