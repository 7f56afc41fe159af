package io.xtremehub.autoscaler;

import io.xtremehub.autoscaler.act.Actuator;
import io.xtremehub.autoscaler.rule.ScalingRule;
import io.xtremehub.autoscaler.rule.Stabilizer;
import java.util.List;

/**
 * One knob under control: a rule recommends its value, a stabilizer decides when to follow, and
 * the actuators set it. The first actuator's value is the knob's current value. On the way up the
 * actuators act in order (add task managers, then raise the job's parallelism bound); on the way
 * down in reverse (lower the bound, then remove task managers).
 */
public record Scaler(String name, ScalingRule rule, Stabilizer stabilizer, List<Actuator> actuators) {
    public Scaler {
        if (actuators.isEmpty()) {
            throw new IllegalArgumentException("scaler " + name + " needs at least one actuator");
        }
        actuators = List.copyOf(actuators);
    }
}
