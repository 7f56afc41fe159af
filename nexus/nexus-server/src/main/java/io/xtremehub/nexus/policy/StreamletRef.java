package io.xtremehub.nexus.policy;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One step of a policy's pipeline: a registered streamlet, its parameters and, optionally, the
 * location of the swarmlet that must run it.
 *
 * <p>A location is a swarmlet location label ({@code edge}, {@code cloud}, ...). Whether a swarmlet
 * with that label exists is checked at first use, not here: swarmlets register when their first
 * worker joins, which may well be after the policy was defined (see
 * {@code io.xtremehub.nexus.swarm.HopPlanner}).
 *
 * @param name registered streamlet name
 * @param parameters parameters handed to {@code Streamlet.configure}
 * @param location the location this step runs at, or null for where the request arrived
 */
public record StreamletRef(String name, Map<String, String> parameters, String location) {
    // the syntax of a swarmlet location label (SwarmletLabels): checked here so a typo fails at definition
    private static final Pattern LOCATION = Pattern.compile("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");

    /** Validates and copies; a bad location is a one-line error. */
    public StreamletRef {
        Objects.requireNonNull(name, "streamlet name");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        if (location != null && !LOCATION.matcher(location).matches()) {
            throw new IllegalArgumentException("streamlet '" + name + "' location '" + location + "' must be a"
                    + " swarmlet location label: 1-63 lower-case letters, digits, '.', '_' or '-'");
        }
    }

    /** A step that runs where the request arrived. */
    public StreamletRef(String name, Map<String, String> parameters) {
        this(name, parameters, null);
    }
}
