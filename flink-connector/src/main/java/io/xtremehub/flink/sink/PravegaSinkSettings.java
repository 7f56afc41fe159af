package io.xtremehub.flink.sink;

import io.pravega.client.stream.EventWriterConfig;
import io.xtremehub.flink.PravegaConnectionConfig;
import java.io.Serializable;

/** Everything a {@link PravegaSink} was built with, shared by its writers and its committer. */
public final class PravegaSinkSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final PravegaConnectionConfig connection;
    private final String scope;
    private final String stream;
    private final DeliveryGuarantee guarantee;
    private final long transactionTimeoutMillis;

    PravegaSinkSettings(PravegaConnectionConfig connection, String scope, String stream, DeliveryGuarantee guarantee,
            long transactionTimeoutMillis) {
        this.connection = connection;
        this.scope = scope;
        this.stream = stream;
        this.guarantee = guarantee;
        this.transactionTimeoutMillis = transactionTimeoutMillis;
    }

    public PravegaConnectionConfig connection() { return connection; }
    public String scope() { return scope; }
    public String stream() { return stream; }
    public DeliveryGuarantee guarantee() { return guarantee; }
    /** How long Pravega keeps an open transaction without a ping before it aborts it. */
    public long transactionTimeoutMillis() { return transactionTimeoutMillis; }

    public String streamName() {
        return scope + "/" + stream;
    }

    EventWriterConfig writerConfig() {
        return EventWriterConfig.builder().transactionTimeoutTime(transactionTimeoutMillis).build();
    }
}
