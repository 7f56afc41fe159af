package io.xtremehub.nexus.api;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The descriptor of a streamlet as a value: what {@link StreamletInfo} declares on its class.
 *
 * @param name registered name
 * @param version stored-format version
 * @param on operations it runs on
 * @param type category
 * @param stateful whether it keeps persistent state
 * @param hardware hardware it requires (empty for none)
 */
public record StreamletDescriptor(String name, int version, Operation on, StreamletType type,
                                  boolean stateful, List<String> hardware) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** Validates the fields. */
    public StreamletDescriptor {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("streamlet name '" + name
                    + "' must be 1-64 letters, digits, '.', '_' or '-'");
        }
        if (version < 1) {
            throw new IllegalArgumentException("streamlet version must be >= 1, got " + version);
        }
        Objects.requireNonNull(on, "on");
        Objects.requireNonNull(type, "type");
        hardware = List.copyOf(hardware);
    }

    /**
     * Reads the descriptor declared on a streamlet class.
     *
     * @throws IllegalArgumentException if the class has no {@link StreamletInfo}
     */
    public static StreamletDescriptor of(Class<?> streamletClass) {
        StreamletInfo info = streamletClass.getAnnotation(StreamletInfo.class);
        if (info == null) {
            throw new IllegalArgumentException("streamlet class " + streamletClass.getName()
                    + " has no @StreamletInfo descriptor");
        }
        return new StreamletDescriptor(info.name(), info.version(), info.on(), info.type(),
                info.stateful(), List.of(info.hardware()));
    }

    /** {@code name@version}, the form recorded in an object's marker. */
    public String id() {
        return name + "@" + version;
    }
}
