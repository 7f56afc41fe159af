package io.xtremehub.autoscaler.act;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;

/**
 * The replicas of a Kubernetes Deployment running Flink task managers (a standalone or
 * reactive-mode Flink cluster on Kubernetes), through the fabric8 client.
 */
public final class KubernetesDeployment implements Actuator {
    private final KubernetesClient client;
    private final String namespace;
    private final String name;
    private final boolean ownsClient;

    /**
     * @param ownsClient whether {@link #close()} closes the client
     */
    public KubernetesDeployment(KubernetesClient client, String namespace, String name, boolean ownsClient) {
        this.client = client;
        this.namespace = namespace;
        this.name = name;
        this.ownsClient = ownsClient;
    }

    @Override
    public String describe() {
        return "kubernetes deployment " + namespace + "/" + name;
    }

    @Override
    public int current() {
        Deployment d = get();
        Integer replicas = d.getSpec() == null ? null : d.getSpec().getReplicas();
        return replicas == null ? 1 : replicas;
    }

    @Override
    public void scaleTo(int target) {
        if (target < 0) {
            throw new ActuatorException("replicas cannot be negative: " + target);
        }
        get();
        try {
            deployment().edit(d -> {
                d.getSpec().setReplicas(target);
                return d;
            });
        } catch (KubernetesClientException e) {
            throw new ActuatorException("Kubernetes refused to scale " + namespace + "/" + name + ": " + e.getMessage(), e);
        }
    }

    private Deployment get() {
        Deployment d;
        try {
            d = deployment().get();
        } catch (KubernetesClientException e) {
            throw new ActuatorException("cannot read deployment " + namespace + "/" + name + ": " + e.getMessage(), e);
        }
        if (d == null) {
            throw new ActuatorException("no deployment " + namespace + "/" + name + " in Kubernetes at "
                    + client.getMasterUrl());
        }
        return d;
    }

    private RollableScalableResource<Deployment> deployment() {
        return client.apps().deployments().inNamespace(namespace).withName(name);
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }
}
