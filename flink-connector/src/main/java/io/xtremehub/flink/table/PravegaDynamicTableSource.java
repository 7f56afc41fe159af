package io.xtremehub.flink.table;

import io.xtremehub.flink.PravegaConnectionConfig;
import io.xtremehub.flink.source.PravegaSource;
import io.xtremehub.flink.source.PravegaSourceBuilder;
import io.xtremehub.flink.source.StreamPosition;
import java.time.Duration;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;

/** A Pravega stream read as a table, decoding each event with the table's format. */
public final class PravegaDynamicTableSource implements ScanTableSource {
    private final DataType physicalType;
    private final DecodingFormat<DeserializationSchema<RowData>> format;
    private final PravegaConnectionConfig connection;
    private final String scope;
    private final String stream;
    private final String readerGroup;
    private final PravegaConnectorOptions.StartupMode startup;
    private final PravegaConnectorOptions.BoundedMode bounded;
    private final Duration checkpointTimeout;

    PravegaDynamicTableSource(DataType physicalType, DecodingFormat<DeserializationSchema<RowData>> format,
            PravegaConnectionConfig connection, String scope, String stream, String readerGroup,
            PravegaConnectorOptions.StartupMode startup, PravegaConnectorOptions.BoundedMode bounded,
            Duration checkpointTimeout) {
        this.physicalType = physicalType;
        this.format = format;
        this.connection = connection;
        this.scope = scope;
        this.stream = stream;
        this.readerGroup = readerGroup;
        this.startup = startup;
        this.bounded = bounded;
        this.checkpointTimeout = checkpointTimeout;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return format.getChangelogMode();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        DeserializationSchema<RowData> deserializer = format.createRuntimeDecoder(context, physicalType);
        PravegaSourceBuilder<RowData> builder = PravegaSource.<RowData>builder()
                .setConnection(connection)
                .setStream(scope, stream)
                .setDeserializer(deserializer)
                .setCheckpointTimeout(checkpointTimeout)
                .setStartingPosition(startup == PravegaConnectorOptions.StartupMode.LATEST
                        ? StreamPosition.latest() : StreamPosition.earliest());
        if (readerGroup != null) {
            builder.setReaderGroupName(readerGroup);
        }
        if (bounded == PravegaConnectorOptions.BoundedMode.LATEST) {
            builder.setBounded(StreamPosition.latest());
        }
        return SourceProvider.of(builder.build());
    }

    @Override
    public DynamicTableSource copy() {
        return new PravegaDynamicTableSource(physicalType, format, connection, scope, stream, readerGroup, startup,
                bounded, checkpointTimeout);
    }

    @Override
    public String asSummaryString() {
        return "Pravega(" + scope + "/" + stream + ")";
    }
}
