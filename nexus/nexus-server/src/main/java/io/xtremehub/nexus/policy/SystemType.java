package io.xtremehub.nexus.policy;

import java.util.Locale;

/**
 * The event streaming system whose tiering writes through Nexus; decides how object keys are read
 * (see {@link KeyLayout} and the layouts documented on each implementation).
 */
public enum SystemType {
    /** Pravega 0.13 chunked long-term storage, see {@link PravegaKeyLayout}. */
    PRAVEGA(new PravegaKeyLayout()),
    /** Kafka tiered storage through an S3 remote storage manager, see {@link KafkaKeyLayout}. */
    KAFKA(new KafkaKeyLayout()),
    /** Pulsar's S3 offloader, see {@link PulsarKeyLayout}. */
    PULSAR(new PulsarKeyLayout()),
    /** Any object is a chunk; no stream or partition is extracted. */
    GENERIC(key -> java.util.Optional.of(new ChunkId(null, null)));

    private final KeyLayout layout;

    SystemType(KeyLayout layout) {
        this.layout = layout;
    }

    /** How this system names its objects. */
    public KeyLayout layout() {
        return layout;
    }

    /** Parses {@code pravega|kafka|pulsar|generic}, case-insensitively. */
    public static SystemType parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown system type '" + value
                    + "': use pravega, kafka, pulsar or generic");
        }
    }
}
