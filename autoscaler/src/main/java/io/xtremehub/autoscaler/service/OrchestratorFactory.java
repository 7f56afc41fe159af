package io.xtremehub.autoscaler.service;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.pravega.client.ClientConfig;
import io.xtremehub.autoscaler.Orchestrator;
import io.xtremehub.autoscaler.Scaler;
import io.xtremehub.autoscaler.act.Actuator;
import io.xtremehub.autoscaler.act.FlinkResourceRequirements;
import io.xtremehub.autoscaler.act.KubernetesDeployment;
import io.xtremehub.autoscaler.act.LocalTaskManagerProcesses;
import io.xtremehub.autoscaler.act.StreamMinSegments;
import io.xtremehub.autoscaler.act.StreamSegmentCount;
import io.xtremehub.autoscaler.collect.FlinkCollector;
import io.xtremehub.autoscaler.collect.PravegaCollector;
import io.xtremehub.autoscaler.config.ActuatorSection;
import io.xtremehub.autoscaler.config.AutoscalerConfig;
import io.xtremehub.autoscaler.config.RuleSection;
import io.xtremehub.autoscaler.flink.FlinkRestClient;
import io.xtremehub.autoscaler.flink.FlinkRestException;
import io.xtremehub.autoscaler.rule.Bounds;
import io.xtremehub.autoscaler.rule.ComputeAwareRule;
import io.xtremehub.autoscaler.rule.ScalingRule;
import io.xtremehub.autoscaler.rule.SegmentRatioRule;
import io.xtremehub.autoscaler.rule.Stabilizer;
import io.xtremehub.autoscaler.rule.StreamRateRule;
import io.xtremehub.autoscaler.rule.StreamSegmentsRule;
import io.xtremehub.config.ConfigException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Builds an {@link Orchestrator} from a checked configuration, and refuses to start, with one
 * line, when what it points at is not there: a watched stream Pravega does not have, or a Flink
 * REST API that does not answer.
 */
public final class OrchestratorFactory {
    private OrchestratorFactory() {
    }

    public static Orchestrator create(AutoscalerConfig c) {
        ClientConfig client = ClientConfig.builder().controllerURI(URI.create(c.pravega().controller())).build();
        String scope = c.pravega().scope();
        FlinkRestClient flink = null;
        if (c.flink() != null) {
            flink = new FlinkRestClient(URI.create(c.flink().rest()), Duration.ofSeconds(10));
            try {
                flink.get("/overview");
            } catch (FlinkRestException e) {
                throw new ConfigException("flink.rest: " + e.getMessage());
            }
        }
        PravegaCollector pravega = new PravegaCollector(client, scope, 100);
        try {
            for (AutoscalerConfig.StreamSection s : c.streams()) {
                if (!exists(pravega, s.name(), c.pravega().controller())) {
                    throw new ConfigException("streams: stream '" + s.name() + "' does not exist in scope '" + scope
                            + "' at " + c.pravega().controller() + " (create it first, or fix the name)");
                }
            }
            Orchestrator.Builder b = Orchestrator.builder().period(Duration.ofSeconds(c.periodSeconds()))
                    .pravega(pravega, scope);
            c.streams().forEach(s -> b.watch(s.name(), s.readerGroup()));
            if (flink != null) {
                b.flink(new FlinkCollector(flink));
            }
            for (AutoscalerConfig.ScalerSection s : c.scalers()) {
                List<Actuator> actuators = new ArrayList<>();
                for (ActuatorSection a : s.actuators()) {
                    actuators.add(actuator(a, flink, client, scope, s.name()));
                }
                AutoscalerConfig.StabilizationSection st = s.stabilization();
                Stabilizer stabilizer = new Stabilizer(Clock.systemUTC(), Duration.ofSeconds(st.upWindowSeconds()),
                        Duration.ofSeconds(st.downWindowSeconds()), Duration.ofSeconds(st.upCooldownSeconds()),
                        Duration.ofSeconds(st.downCooldownSeconds()));
                b.scaler(new Scaler(s.name(), rule(s.rule(), scope), stabilizer, actuators));
            }
            return b.build();
        } catch (RuntimeException e) {
            pravega.close();
            throw e;
        }
    }

    /** Whether the stream exists; the Pravega client retries an absent controller forever, so this waits 30 s at most. */
    private static boolean exists(PravegaCollector pravega, String stream, String controller) {
        try {
            return CompletableFuture.supplyAsync(() -> pravega.exists(stream)).get(30, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new ConfigException("pravega.controller: no Pravega controller answers at " + controller
                    + " (is the cluster running, and the address right?)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigException("interrupted while checking the streams");
        }
    }

    static ScalingRule rule(RuleSection r, String scope) {
        Bounds bounds = new Bounds(r.min() == null ? 1 : r.min(), r.max() == null ? 64 : r.max());
        String stream = scope + "/" + r.stream();
        if (r instanceof RuleSection.SegmentsRatio s) {
            return new SegmentRatioRule(stream, s.segmentsPerTaskManager(), bounds);
        }
        if (r instanceof RuleSection.ComputeAware ca) {
            ComputeAwareRule.Builder b = ComputeAwareRule.builder(stream, ca.job()).bounds(bounds);
            if (ca.targetUtilization() != null) {
                b.targetUtilization(ca.targetUtilization());
            }
            if (ca.catchUpSeconds() != null) {
                b.catchUpSeconds(ca.catchUpSeconds());
            }
            if (ca.capBySegments() != null) {
                b.capBySegments(ca.capBySegments());
            }
            return b.build();
        }
        if (r instanceof RuleSection.StreamRate sr) {
            return sr.eventsPerSegment() != null
                    ? new StreamRateRule(stream, StreamRateRule.Unit.EVENTS, sr.eventsPerSegment(), bounds)
                    : new StreamRateRule(stream, StreamRateRule.Unit.KBYTES, sr.kbytesPerSegment(), bounds);
        }
        RuleSection.StreamMinSegments sm = (RuleSection.StreamMinSegments) r;
        StreamSegmentsRule.Builder b = StreamSegmentsRule.builder(stream, sm.job()).bounds(bounds);
        if (sm.backPressureHigh() != null) {
            b.backPressureHigh(sm.backPressureHigh());
        }
        if (sm.lagBytesHigh() != null) {
            b.lagBytesHigh(sm.lagBytesHigh());
        }
        if (sm.idleBusyRatio() != null) {
            b.idleBusyRatio(sm.idleBusyRatio());
        }
        return b.build();
    }

    private static Actuator actuator(ActuatorSection a, FlinkRestClient flink, ClientConfig client, String scope,
                                     String scaler) {
        if (a instanceof ActuatorSection.FlinkResourceRequirements f) {
            return new FlinkResourceRequirements(flink, f.job());
        }
        if (a instanceof ActuatorSection.LocalProcesses l) {
            String cp = l.classpath() != null ? l.classpath() : System.getProperty("java.class.path");
            Path work = Path.of(l.workDir() != null ? l.workDir() : "autoscaler-taskmanagers/" + scaler);
            return new LocalTaskManagerProcesses(l.jobManager(), l.slots() == null ? 1 : l.slots(),
                    l.flinkConf() == null ? Map.of() : l.flinkConf(), cp, work);
        }
        if (a instanceof ActuatorSection.Kubernetes k) {
            Config config = k.masterUrl() == null ? Config.autoConfigure(null)
                    : new ConfigBuilder().withMasterUrl(k.masterUrl()).build();
            return new KubernetesDeployment(new KubernetesClientBuilder().withConfig(config).build(),
                    k.namespace(), k.deployment(), true);
        }
        if (a instanceof ActuatorSection.StreamSegments s) {
            return new StreamSegmentCount(client, scope, s.stream());
        }
        ActuatorSection.StreamMinSegments s = (ActuatorSection.StreamMinSegments) a;
        return new StreamMinSegments(client, scope, s.stream());
    }
}
