package io.xtremehub.flink.table;

import io.xtremehub.flink.PravegaConnectionConfig;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import io.xtremehub.flink.sink.PravegaEventRouter;
import io.xtremehub.flink.sink.PravegaSink;
import java.time.Duration;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;

/** A table written into a Pravega stream, one event per row encoded with the table's format. */
public final class PravegaDynamicTableSink implements DynamicTableSink {
    private final DataType physicalType;
    private final EncodingFormat<SerializationSchema<RowData>> format;
    private final PravegaConnectionConfig connection;
    private final String scope;
    private final String stream;
    private final DeliveryGuarantee guarantee;
    private final Duration transactionTimeout;
    private final int routingKeyField;

    PravegaDynamicTableSink(DataType physicalType, EncodingFormat<SerializationSchema<RowData>> format,
            PravegaConnectionConfig connection, String scope, String stream, DeliveryGuarantee guarantee,
            Duration transactionTimeout, int routingKeyField) {
        this.physicalType = physicalType;
        this.format = format;
        this.connection = connection;
        this.scope = scope;
        this.stream = stream;
        this.guarantee = guarantee;
        this.transactionTimeout = transactionTimeout;
        this.routingKeyField = routingKeyField;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return format.getChangelogMode();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        SerializationSchema<RowData> serializer = format.createRuntimeEncoder(context, physicalType);
        return SinkV2Provider.of(PravegaSink.<RowData>builder()
                .setConnection(connection)
                .setStream(scope, stream)
                .setSerializer(serializer)
                .setDeliveryGuarantee(guarantee)
                .setTransactionTimeout(transactionTimeout)
                .setEventRouter(routingKeyField < 0 ? null : routingKey(routingKeyField))
                .build());
    }

    private static PravegaEventRouter<RowData> routingKey(int field) {
        return row -> row.isNullAt(field) ? null : row.getString(field).toString();
    }

    @Override
    public DynamicTableSink copy() {
        return new PravegaDynamicTableSink(physicalType, format, connection, scope, stream, guarantee,
                transactionTimeout, routingKeyField);
    }

    @Override
    public String asSummaryString() {
        return "Pravega(" + scope + "/" + stream + ", " + guarantee + ")";
    }
}
