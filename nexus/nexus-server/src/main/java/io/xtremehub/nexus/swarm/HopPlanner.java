package io.xtremehub.nexus.swarm;

import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Places a policy's pipeline on swarmlets: each step runs at its location (the one the policy pins
 * it to, else the location of the swarmlet the request arrived at), on a swarmlet there that has
 * the hardware its streamlet declares. The swarmlet the chunk is on already is preferred, then the
 * first by name, so consecutive steps stay on one swarmlet (one hop) whenever they can and a chunk
 * crosses the network only where the policy or the hardware says so. The last step, which stores,
 * runs on the first swarmlet by name that fits, whichever swarmlet the chunk comes from: reads
 * arriving anywhere plan the same storing swarmlet.
 *
 * <p>Locations are checked here, at first use: a policy may be defined before the swarmlets it names
 * have joined. A step nobody can run is a one-line error.
 */
public final class HopPlanner {
    private final Map<String, SwarmletLabels> swarmlets;

    /** @param swarmlets the registered swarmlets by name, with their labels */
    public HopPlanner(Map<String, SwarmletLabels> swarmlets) {
        this.swarmlets = new TreeMap<>(swarmlets);
    }

    /**
     * The hops of a policy's pipeline for a request that arrived at a swarmlet, in pipeline order.
     *
     * @param policy the policy version
     * @param hardware the hardware each step's streamlet declares, by pipeline position
     * @param arrival the swarmlet the request arrived at (it must be registered)
     * @throws IllegalArgumentException with one line if no registered swarmlet can run a step
     */
    public List<Hop> plan(Policy policy, List<List<String>> hardware, String arrival) {
        SwarmletLabels here = swarmlets.get(arrival);
        if (here == null) {
            throw new IllegalArgumentException("swarmlet '" + arrival + "' is not registered");
        }
        if (hardware.size() != policy.pipeline().size()) {
            throw new IllegalArgumentException("policy " + policy.id() + " has " + policy.pipeline().size()
                    + " steps but hardware was given for " + hardware.size());
        }
        List<Hop> hops = new ArrayList<>();
        String current = arrival;
        int from = 0;
        for (int i = 0; i < policy.pipeline().size(); i++) {
            StreamletRef step = policy.pipeline().get(i);
            String location = step.location() != null ? step.location() : here.location();
            // the last step (it stores) goes to the same swarmlet whatever the path there, so a read
            // arriving anywhere finds the chunk: the first by name at its location that fits
            boolean last = i == policy.pipeline().size() - 1;
            String chosen = place(policy, i, location, hardware.get(i), last ? null : current);
            if (!chosen.equals(current) && i > from) {
                hops.add(new Hop(current, from, i));
                from = i;
            }
            current = chosen;
        }
        hops.add(new Hop(current, from, policy.pipeline().size()));
        return hops;
    }

    private String place(Policy policy, int position, String location, List<String> needs, String current) {
        if (current != null && fits(current, location, needs)) {
            return current;
        }
        List<String> atLocation = new ArrayList<>();
        for (Map.Entry<String, SwarmletLabels> s : swarmlets.entrySet()) {
            if (s.getValue().location().equals(location)) {
                if (s.getValue().hasHardware(needs)) {
                    return s.getKey();
                }
                atLocation.add(s.getKey());
            }
        }
        StreamletRef step = policy.pipeline().get(position);
        String what = "policy " + policy.id() + " step " + (position + 1) + " (" + step.name() + ")";
        if (atLocation.isEmpty()) {
            throw new IllegalArgumentException(what + " runs at location '" + location + "' but no swarmlet is"
                    + " registered there (registered: " + describe() + "); start one with that location or fix the"
                    + " policy");
        }
        throw new IllegalArgumentException(what + " needs hardware " + String.join(",", needs)
                + " but no swarmlet at location '" + location + "' has it (" + String.join(", ", atLocation.stream()
                .map(n -> n + ": " + swarmlets.get(n)).toList()) + ")");
    }

    private boolean fits(String swarmlet, String location, List<String> needs) {
        SwarmletLabels labels = swarmlets.get(swarmlet);
        return labels.location().equals(location) && labels.hasHardware(needs);
    }

    private String describe() {
        if (swarmlets.isEmpty()) {
            return "none";
        }
        List<String> all = new ArrayList<>();
        swarmlets.forEach((name, labels) -> all.add(name + " at " + labels.location()));
        return String.join(", ", all);
    }
}
