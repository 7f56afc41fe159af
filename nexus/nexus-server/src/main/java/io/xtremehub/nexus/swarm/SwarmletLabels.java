package io.xtremehub.nexus.swarm;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Where a swarmlet runs and what specialized hardware its workers have. All workers of a swarmlet
 * are alike, so these are the swarmlet's labels, which each worker states in its configuration and
 * its membership record: a worker whose labels differ from those of the live workers cannot join.
 * They are what location- and hardware-aware routing will pick swarmlets by (a policy step that
 * must run at the {@code edge} on a {@code gpu}).
 *
 * @param location the infrastructure, e.g. {@code edge} or {@code cloud}
 * @param hardware specialized hardware every worker has, e.g. {@code gpu} or {@code tee}; sorted, no duplicates
 */
public record SwarmletLabels(String location, List<String> hardware) {
    /** The location of a swarmlet nobody labelled. */
    public static final String DEFAULT_LOCATION = "default";

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");

    /** Validates and normalizes (null location: {@value #DEFAULT_LOCATION}; null hardware: none). */
    public SwarmletLabels {
        location = location == null ? DEFAULT_LOCATION : location;
        check("location", location);
        hardware = hardware == null ? List.of() : List.copyOf(new TreeSet<>(hardware));
        hardware.forEach(h -> check("hardware", h));
    }

    /** No location given and no hardware. */
    public static SwarmletLabels none() {
        return new SwarmletLabels(null, null);
    }

    /** Whether these labels have every one of the hardware labels. */
    public boolean hasHardware(List<String> required) {
        return hardware.containsAll(required);
    }

    private static void check(String what, String label) {
        Objects.requireNonNull(label, what);
        if (!LABEL.matcher(label).matches()) {
            throw new IllegalArgumentException("swarmlet " + what + " label '" + label + "' must be 1-63 lower-case"
                    + " letters, digits, '.', '_' or '-', starting and ending with a letter or digit");
        }
    }

    @Override
    public String toString() {
        return "location=" + location + " hardware=" + (hardware.isEmpty() ? "none" : String.join(",", hardware));
    }
}
