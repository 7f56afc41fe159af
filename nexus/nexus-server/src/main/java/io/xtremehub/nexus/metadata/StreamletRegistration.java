package io.xtremehub.nexus.metadata;

import java.util.Objects;

/**
 * A streamlet jar registered at runtime.
 *
 * @param name streamlet name (from its descriptor)
 * @param version streamlet version (from its descriptor)
 * @param className implementing class
 * @param jarPath where the jar is on the workers' file system
 * @param sha256 hex SHA-256 of the jar, checked before loading
 */
public record StreamletRegistration(String name, int version, String className, String jarPath, String sha256) {
    /** Validates the fields. */
    public StreamletRegistration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(jarPath, "jarPath");
        Objects.requireNonNull(sha256, "sha256");
    }
}
