package io.xtremehub.flink.sink;

import io.xtremehub.flink.PravegaConnectionConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializationSchema;

/**
 * Builds a {@link PravegaSink}. Required: the controller, the stream and a serializer. By
 * default the sink is at-least-once, without routing keys, with a 90 s transaction timeout.
 *
 * @param <T> the records written
 */
public final class PravegaSinkBuilder<T> {
    /** Pravega refuses shorter transaction timeouts. */
    public static final Duration MIN_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);

    private PravegaConnectionConfig connection;
    private String scope;
    private String stream;
    private SerializationSchema<T> serializer;
    private PravegaEventRouter<T> router;
    private DeliveryGuarantee guarantee = DeliveryGuarantee.AT_LEAST_ONCE;
    private Duration transactionTimeout = Duration.ofSeconds(90);

    PravegaSinkBuilder() {
    }

    public PravegaSinkBuilder<T> setControllerUri(URI controllerUri) {
        this.connection = PravegaConnectionConfig.of(controllerUri);
        return this;
    }

    public PravegaSinkBuilder<T> setConnection(PravegaConnectionConfig connection) {
        this.connection = Objects.requireNonNull(connection);
        return this;
    }

    /** The stream to write; it must exist when the job starts. */
    public PravegaSinkBuilder<T> setStream(String scope, String stream) {
        this.scope = scope;
        this.stream = stream;
        return this;
    }

    public PravegaSinkBuilder<T> setSerializer(SerializationSchema<T> serializer) {
        this.serializer = Objects.requireNonNull(serializer);
        return this;
    }

    /** Routing keys for the records; without one Pravega places records freely. */
    public PravegaSinkBuilder<T> setEventRouter(PravegaEventRouter<T> router) {
        this.router = router;
        return this;
    }

    public PravegaSinkBuilder<T> setDeliveryGuarantee(DeliveryGuarantee guarantee) {
        this.guarantee = Objects.requireNonNull(guarantee);
        return this;
    }

    /**
     * How long an open transaction may go unpinged before Pravega aborts it (exactly-once). The
     * writers keep their transactions alive while they run; the timeout bounds how long a
     * failed job may take to recover before the transactions of its last checkpoint are lost.
     * At least 10 s and at most the controller's maximum lease (120 s by default).
     */
    public PravegaSinkBuilder<T> setTransactionTimeout(Duration timeout) {
        Objects.requireNonNull(timeout);
        if (timeout.compareTo(MIN_TRANSACTION_TIMEOUT) < 0) {
            throw new IllegalArgumentException("transaction timeout must be at least "
                    + MIN_TRANSACTION_TIMEOUT.toSeconds() + " s, got " + timeout.toMillis() + " ms");
        }
        this.transactionTimeout = timeout;
        return this;
    }

    public PravegaSink<T> build() {
        if (connection == null) {
            throw new IllegalStateException("PravegaSink needs a controller: call setControllerUri(...)");
        }
        if (scope == null || stream == null) {
            throw new IllegalStateException("PravegaSink needs a stream: call setStream(scope, stream)");
        }
        if (serializer == null) {
            throw new IllegalStateException("PravegaSink needs a serializer: call setSerializer(...)");
        }
        return new PravegaSink<>(new PravegaSinkSettings(connection, scope, stream, guarantee,
                transactionTimeout.toMillis()), serializer, router);
    }
}
