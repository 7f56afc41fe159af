package io.xtremehub.flink.source;

import io.xtremehub.flink.PravegaConnectionConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.flink.api.common.serialization.DeserializationSchema;

/**
 * Builds a {@link PravegaSource}. Required: the controller, the stream and a deserializer.
 * By default the source is unbounded, starts at the head of the stream and uses a reader
 * group named {@code flink-<random>} fixed when {@link #build()} runs.
 *
 * @param <T> the records produced
 */
public final class PravegaSourceBuilder<T> {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9.\\-]+");

    private PravegaConnectionConfig connection;
    private String scope;
    private String stream;
    private String readerGroupName;
    private StreamPosition start = StreamPosition.earliest();
    private StreamPosition stop;
    private DeserializationSchema<T> deserializer;
    private Duration checkpointTimeout = Duration.ofSeconds(30);
    // short: a Pravega 0.13 reader at the tail can sleep out its whole wait (up to 1 s) with an event
    // there, and the next read returns it at once, so the wait bounds that delay
    private Duration readTimeout = Duration.ofMillis(20);
    private Duration groupRefresh = Duration.ofMillis(500);
    private int maxBatchEvents = 512;
    private int queueCapacity = 4;

    PravegaSourceBuilder() {
    }

    public PravegaSourceBuilder<T> setControllerUri(URI controllerUri) {
        this.connection = PravegaConnectionConfig.of(controllerUri);
        return this;
    }

    public PravegaSourceBuilder<T> setConnection(PravegaConnectionConfig connection) {
        this.connection = Objects.requireNonNull(connection);
        return this;
    }

    /** The stream to read. */
    public PravegaSourceBuilder<T> setStream(String scope, String stream) {
        this.scope = scope;
        this.stream = stream;
        return this;
    }

    /** Name of the reader group; give one to find the group again in Pravega's tools. */
    public PravegaSourceBuilder<T> setReaderGroupName(String name) {
        this.readerGroupName = name;
        return this;
    }

    /** Where a fresh job starts reading (restores resume from their checkpoint instead). */
    public PravegaSourceBuilder<T> setStartingPosition(StreamPosition start) {
        this.start = Objects.requireNonNull(start);
        return this;
    }

    /** Makes the source bounded: it finishes once everything up to {@code stop} is read. */
    public PravegaSourceBuilder<T> setBounded(StreamPosition stop) {
        this.stop = Objects.requireNonNull(stop);
        return this;
    }

    /** Makes the source unbounded (the default). */
    public PravegaSourceBuilder<T> setUnbounded() {
        this.stop = null;
        return this;
    }

    public PravegaSourceBuilder<T> setDeserializer(DeserializationSchema<T> deserializer) {
        this.deserializer = Objects.requireNonNull(deserializer);
        return this;
    }

    /** How long a Flink checkpoint waits for the reader group's checkpoint (default 30 s). */
    public PravegaSourceBuilder<T> setCheckpointTimeout(Duration timeout) {
        this.checkpointTimeout = positive(timeout, "checkpoint timeout");
        return this;
    }

    /**
     * How long one Pravega read blocks when no event is available (default 20 ms). It also bounds
     * how late a reader at the tail may see an event: Pravega's reader can miss the wake-up for an
     * event that arrives while it waits and only finds it on its next read.
     */
    public PravegaSourceBuilder<T> setReadTimeout(Duration timeout) {
        this.readTimeout = positive(timeout, "read timeout");
        return this;
    }

    /** How often readers refresh the group state: checkpoint latency and rebalancing speed (default 500 ms). */
    public PravegaSourceBuilder<T> setGroupRefreshTime(Duration refresh) {
        this.groupRefresh = positive(refresh, "group refresh time");
        return this;
    }

    /** Most events handed from the Pravega reader thread to the task at once (default 512). */
    public PravegaSourceBuilder<T> setMaxBatchEvents(int events) {
        if (events < 1) {
            throw new IllegalArgumentException("max batch events must be at least 1, got " + events);
        }
        this.maxBatchEvents = events;
        return this;
    }

    public PravegaSource<T> build() {
        if (connection == null) {
            throw new IllegalStateException("PravegaSource needs a controller: call setControllerUri(...)");
        }
        if (scope == null || stream == null) {
            throw new IllegalStateException("PravegaSource needs a stream: call setStream(scope, stream)");
        }
        checkName(scope, "scope");
        checkName(stream, "stream");
        if (deserializer == null) {
            throw new IllegalStateException("PravegaSource needs a deserializer: call setDeserializer(...)");
        }
        String group = readerGroupName != null ? readerGroupName : "flink-" + UUID.randomUUID();
        checkName(group, "reader group name");
        PravegaSourceSettings settings = new PravegaSourceSettings(connection, scope, stream, group, start, stop,
                checkpointTimeout, readTimeout, groupRefresh, maxBatchEvents, queueCapacity);
        return new PravegaSource<>(settings, deserializer);
    }

    private static void checkName(String name, String what) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Pravega " + what + " '" + name
                    + "' may only contain letters, digits, '.' and '-'");
        }
    }

    private static Duration positive(Duration d, String what) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, got " + d);
        }
        return d;
    }
}
