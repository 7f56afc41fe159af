package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docker/k8s: the Nexus swarmlet (Deployment, Service, config, Redis) and the autoscaler, parsed into
 * fabric8's model. Checks what would make them fail on a cluster without any error at apply time:
 * selectors that match no pod, ports and config paths that differ from the image's, a Redis URL
 * naming no Service, a Role that does not allow what the actuator does. That the config files in
 * them are read by the programs is checked by running the images on them (NexusImageTest,
 * AutoscalerImageTest).
 */
class KubernetesManifestsTest {
    static final Path K8S = ImageTestBase.DOCKER.resolve("k8s");
    static final String NAMESPACE = "xtremehub";

    static List<HasMetadata> nexusSwarmlet() throws Exception {
        return Manifests.load(K8S.resolve("nexus-swarmlet.yaml"));
    }

    static List<HasMetadata> autoscaler() throws Exception {
        return Manifests.load(K8S.resolve("autoscaler.yaml"));
    }

    @Test
    void everyObjectIsInTheNamespace() throws Exception {
        for (List<HasMetadata> file : List.of(nexusSwarmlet(), autoscaler())) {
            for (HasMetadata r : file) {
                if (!r.getKind().equals("Namespace")) {
                    assertEquals(NAMESPACE, r.getMetadata().getNamespace(), r.getKind() + " " + r.getMetadata().getName());
                }
            }
        }
    }

    @Test
    void nexusWorkersRunTheImageWithItsConfigPathAndListenOnThePodAddress() throws Exception {
        List<HasMetadata> all = nexusSwarmlet();
        Deployment d = Manifests.get(all, Deployment.class, "nexus");
        assertTrue(d.getSpec().getReplicas() > 1, "a swarmlet has several workers");
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        Container c = single(pod);
        assertEquals("xtremehub/nexus:" + ImageTestBase.TAG, c.getImage());
        assertEquals("IfNotPresent", c.getImagePullPolicy(), "the image is loaded, never pulled");
        // the image's entrypoint and arguments: serve --config /etc/xtremehub/nexus.yaml
        assertTrue(c.getCommand().isEmpty() && c.getArgs().isEmpty(), "no command or args override");
        assertMounted(pod, c, "/etc/xtremehub", "nexus.yaml", all);
        assertUnprivileged(pod, c);

        Map<String, EnvVar> env = env(c);
        assertEquals("status.podIP", env.get("NEXUS_HOST").getValueFrom().getFieldRef().getFieldPath());
        for (String key : List.of("NEXUS_SECRET_KEY", "NEXUS_ADMIN_TOKEN", "NEXUS_BACKEND_ACCESS_KEY", "NEXUS_BACKEND_SECRET_KEY")) {
            var ref = env.get(key).getValueFrom().getSecretKeyRef();
            Secret s = Manifests.get(all, Secret.class, ref.getName());
            assertTrue(s.getStringData().containsKey(ref.getKey()), key + " from " + ref.getName() + "/" + ref.getKey());
        }

        JsonNode config = Manifests.yaml(Manifests.file(Manifests.get(all, Secret.class, "nexus-config"), "nexus.yaml"));
        Map<Integer, String> ports = c.getPorts().stream().collect(Collectors.toMap(ContainerPort::getContainerPort, ContainerPort::getName));
        assertEquals(Set.of(config.at("/listen/port").asInt(), config.at("/listen/adminPort").asInt(),
                config.at("/swarmlet/meshPort").asInt()), ports.keySet(), "container ports are the config's");
        assertEquals("s3", config.at("/backend/type").asText(), "the workers of a swarmlet share one backend");
        assertTrue(config.at("/swarmlet/secret").asText().length() >= 8);
        // work directory of the config is a volume (the root filesystem is read-only)
        assertTrue(c.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals(config.path("workDir").asText())),
                "workDir " + config.path("workDir").asText() + " mounted");

        // probes hit ports the container has
        assertEquals("admin", c.getReadinessProbe().getHttpGet().getPort().getStrVal());
        assertEquals("/metrics", c.getReadinessProbe().getHttpGet().getPath());
        assertEquals("s3", c.getLivenessProbe().getTcpSocket().getPort().getStrVal());
        assertTrue(ports.containsValue("admin") && ports.containsValue("s3"));

        // the Service selects the workers and forwards to their named ports
        Service svc = Manifests.get(all, Service.class, "nexus");
        assertSelects(svc, d);
        for (ServicePort p : svc.getSpec().getPorts()) {
            assertTrue(ports.containsValue(p.getTargetPort().getStrVal()), "target port " + p.getTargetPort());
        }

        // the Redis of the config is the Redis Service, which selects the Redis pods
        URI redis = URI.create(config.at("/metadata/redis").asText());
        Service redisSvc = Manifests.get(all, Service.class, redis.getHost());
        assertEquals(redis.getPort(), redisSvc.getSpec().getPorts().get(0).getPort());
        Deployment redisDeployment = Manifests.get(all, Deployment.class, "redis");
        assertSelects(redisSvc, redisDeployment);
        Container rc = single(redisDeployment.getSpec().getTemplate().getSpec());
        assertTrue(rc.getPorts().stream().anyMatch(p -> p.getName().equals(redisSvc.getSpec().getPorts().get(0).getTargetPort().getStrVal())
                && p.getContainerPort() == 6379));
    }

    @Test
    void autoscalerRunsTheImageWithItsConfigAndMayScaleTheTaskManagers() throws Exception {
        List<HasMetadata> all = autoscaler();
        Deployment d = Manifests.get(all, Deployment.class, "autoscaler");
        assertEquals(1, d.getSpec().getReplicas(), "one decision maker");
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        Container c = single(pod);
        assertEquals("xtremehub/autoscaler:" + ImageTestBase.TAG, c.getImage());
        assertTrue(c.getCommand().isEmpty() && c.getArgs().isEmpty(), "the image's run --config /etc/xtremehub/autoscaler.yaml");
        assertMounted(pod, c, "/etc/xtremehub", "autoscaler.yaml", all);
        assertUnprivileged(pod, c);
        assertTrue(c.getPorts().isEmpty(), "its status server listens on loopback only: no port to declare");

        JsonNode config = Manifests.yaml(Manifests.file(Manifests.get(all, ConfigMap.class, "autoscaler-config"), "autoscaler.yaml"));
        JsonNode k8s = null;
        for (JsonNode scaler : config.path("scalers")) {
            for (JsonNode a : scaler.path("actuators")) {
                if (a.path("type").asText().equals("kubernetes")) {
                    k8s = a;
                }
            }
        }
        assertNotNull(k8s, "a kubernetes actuator");
        assertEquals(NAMESPACE, k8s.path("namespace").asText());
        assertTrue(k8s.path("masterUrl").isMissingNode(), "in-cluster configuration");

        // the service account may do what KubernetesDeployment does: get, then patch the Deployment
        ServiceAccount sa = Manifests.get(all, ServiceAccount.class, pod.getServiceAccountName());
        RoleBinding binding = all.stream().filter(RoleBinding.class::isInstance).map(RoleBinding.class::cast)
                .filter(b -> b.getSubjects().stream().anyMatch(s -> s.getKind().equals("ServiceAccount")
                        && s.getName().equals(sa.getMetadata().getName()) && NAMESPACE.equals(s.getNamespace())))
                .findFirst().orElseThrow(() -> new AssertionError("no RoleBinding for " + sa.getMetadata().getName()));
        Role role = Manifests.get(all, Role.class, binding.getRoleRef().getName());
        assertEquals("Role", binding.getRoleRef().getKind());
        boolean allowed = false;
        for (PolicyRule rule : role.getRules()) {
            allowed |= rule.getApiGroups().contains("apps") && rule.getResources().contains("deployments")
                    && rule.getVerbs().containsAll(List.of("get", "patch"))
                    && (rule.getResourceNames().isEmpty() || rule.getResourceNames().contains(k8s.path("deployment").asText()));
        }
        assertTrue(allowed, "Role " + role.getMetadata().getName() + " allows get and patch on deployment "
                + k8s.path("deployment").asText());
    }

    static Container single(PodSpec pod) {
        assertEquals(1, pod.getContainers().size());
        return pod.getContainers().get(0);
    }

    static Map<String, EnvVar> env(Container c) {
        return c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
    }

    /** The config directory of the image is a volume holding the file the image's arguments name. */
    static void assertMounted(PodSpec pod, Container c, String dir, String file, List<HasMetadata> all) {
        VolumeMount m = c.getVolumeMounts().stream().filter(v -> v.getMountPath().equals(dir)).findFirst()
                .orElseThrow(() -> new AssertionError("nothing mounted at " + dir));
        assertNull(m.getSubPath());
        Volume v = pod.getVolumes().stream().filter(x -> x.getName().equals(m.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + m.getName()));
        HasMetadata holder = v.getSecret() != null ? Manifests.get(all, Secret.class, v.getSecret().getSecretName())
                : Manifests.get(all, ConfigMap.class, v.getConfigMap().getName());
        assertNotNull(Manifests.file(holder, file));
    }

    static void assertUnprivileged(PodSpec pod, Container c) {
        assertEquals(Boolean.TRUE, pod.getSecurityContext().getRunAsNonRoot());
        assertEquals(10001L, pod.getSecurityContext().getRunAsUser(), "the image's user");
        assertEquals(Boolean.FALSE, c.getSecurityContext().getAllowPrivilegeEscalation());
        if (Boolean.TRUE.equals(c.getSecurityContext().getReadOnlyRootFilesystem())) {
            assertTrue(c.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals("/tmp")),
                    "a read-only root needs a writable /tmp (native libraries are unpacked there)");
        }
    }

    static void assertSelects(Service svc, Deployment d) {
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        assertTrue(podLabels.entrySet().containsAll(svc.getSpec().getSelector().entrySet()),
                "Service " + svc.getMetadata().getName() + " selects the pods of " + d.getMetadata().getName());
        assertTrue(podLabels.entrySet().containsAll(d.getSpec().getSelector().getMatchLabels().entrySet()),
                "Deployment " + d.getMetadata().getName() + " selects its own pods");
    }
}
