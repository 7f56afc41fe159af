package io.xtremehub.flink.table;

import static io.xtremehub.flink.table.PravegaConnectorOptions.CONTROLLER_URI;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SCAN_BOUNDED_MODE;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SCAN_CHECKPOINT_TIMEOUT;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SCAN_READER_GROUP;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SCAN_STARTUP_MODE;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SCOPE;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SINK_DELIVERY_GUARANTEE;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SINK_ROUTING_KEY_FIELD;
import static io.xtremehub.flink.table.PravegaConnectorOptions.SINK_TRANSACTION_TIMEOUT;
import static io.xtremehub.flink.table.PravegaConnectorOptions.STREAM;

import io.xtremehub.flink.PravegaConnectionConfig;
import io.xtremehub.flink.sink.DeliveryGuarantee;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.RowType;

/**
 * The {@code 'connector' = 'pravega'} table factory, for sources and sinks:
 *
 * <pre>{@code
 * CREATE TABLE readings (sensor STRING, value DOUBLE) WITH (
 *   'connector' = 'pravega',
 *   'controller-uri' = 'tcp://localhost:9090',
 *   'scope' = 'xtremehub',
 *   'stream' = 'readings',
 *   'format' = 'json',
 *   'sink.delivery-guarantee' = 'exactly-once',
 *   'sink.routing-key.field' = 'sensor'
 * )
 * }</pre>
 */
public final class PravegaDynamicTableFactory implements DynamicTableSourceFactory, DynamicTableSinkFactory {
    public static final String IDENTIFIER = "pravega";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(CONTROLLER_URI, SCOPE, STREAM, FactoryUtil.FORMAT);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(SCAN_READER_GROUP, SCAN_STARTUP_MODE, SCAN_BOUNDED_MODE, SCAN_CHECKPOINT_TIMEOUT,
                SINK_DELIVERY_GUARANTEE, SINK_TRANSACTION_TIMEOUT, SINK_ROUTING_KEY_FIELD);
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        DecodingFormat<DeserializationSchema<RowData>> format =
                helper.discoverDecodingFormat(DeserializationFormatFactory.class, FactoryUtil.FORMAT);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        return new PravegaDynamicTableSource(context.getPhysicalRowDataType(), format, connection(options),
                options.get(SCOPE), options.get(STREAM), options.getOptional(SCAN_READER_GROUP).orElse(null),
                options.get(SCAN_STARTUP_MODE), options.get(SCAN_BOUNDED_MODE), options.get(SCAN_CHECKPOINT_TIMEOUT));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        EncodingFormat<SerializationSchema<RowData>> format =
                helper.discoverEncodingFormat(SerializationFormatFactory.class, FactoryUtil.FORMAT);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        DataType physical = context.getPhysicalRowDataType();
        int routingField = options.getOptional(SINK_ROUTING_KEY_FIELD)
                .map(name -> routingKeyIndex(physical, name)).orElse(-1);
        DeliveryGuarantee guarantee = options.get(SINK_DELIVERY_GUARANTEE)
                == PravegaConnectorOptions.SinkGuarantee.EXACTLY_ONCE
                ? DeliveryGuarantee.EXACTLY_ONCE : DeliveryGuarantee.AT_LEAST_ONCE;
        return new PravegaDynamicTableSink(physical, format, connection(options), options.get(SCOPE),
                options.get(STREAM), guarantee, options.get(SINK_TRANSACTION_TIMEOUT), routingField);
    }

    private static PravegaConnectionConfig connection(ReadableConfig options) {
        try {
            return PravegaConnectionConfig.of(options.get(CONTROLLER_URI));
        } catch (IllegalArgumentException e) {
            throw new ValidationException("invalid '" + CONTROLLER_URI.key() + "': " + e.getMessage());
        }
    }

    private static int routingKeyIndex(DataType physical, String name) {
        RowType row = (RowType) physical.getLogicalType();
        List<String> names = row.getFieldNames();
        int index = names.indexOf(name);
        if (index < 0) {
            throw new ValidationException("'" + SINK_ROUTING_KEY_FIELD.key() + "' names column '" + name
                    + "', but the table has only " + names);
        }
        if (!row.getTypeAt(index).is(LogicalTypeFamily.CHARACTER_STRING)) {
            throw new ValidationException("'" + SINK_ROUTING_KEY_FIELD.key() + "' column '" + name
                    + "' must be a STRING, it is " + row.getTypeAt(index));
        }
        return index;
    }
}
