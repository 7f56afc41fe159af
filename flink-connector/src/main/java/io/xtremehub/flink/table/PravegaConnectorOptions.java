package io.xtremehub.flink.table;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** The {@code WITH} options of {@code 'connector' = 'pravega'} tables. */
public final class PravegaConnectorOptions {
    private PravegaConnectorOptions() {
    }

    /** Where reading starts. */
    public enum StartupMode {
        EARLIEST, LATEST;

        @Override
        public String toString() {
            return name().toLowerCase();
        }
    }

    /** Where a bounded scan stops. */
    public enum BoundedMode {
        UNBOUNDED, LATEST;

        @Override
        public String toString() {
            return name().toLowerCase();
        }
    }

    /** The sink's delivery guarantee, written 'at-least-once' or 'exactly-once'. */
    public enum SinkGuarantee {
        AT_LEAST_ONCE, EXACTLY_ONCE;

        @Override
        public String toString() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    public static final ConfigOption<String> CONTROLLER_URI = ConfigOptions.key("controller-uri").stringType()
            .noDefaultValue().withDescription("Pravega controller, e.g. tcp://localhost:9090.");
    public static final ConfigOption<String> SCOPE = ConfigOptions.key("scope").stringType()
            .noDefaultValue().withDescription("Scope of the stream.");
    public static final ConfigOption<String> STREAM = ConfigOptions.key("stream").stringType()
            .noDefaultValue().withDescription("Name of the stream.");

    public static final ConfigOption<String> SCAN_READER_GROUP = ConfigOptions.key("scan.reader-group.name")
            .stringType().noDefaultValue()
            .withDescription("Reader group name; a random flink-<uuid> name when not given.");
    public static final ConfigOption<StartupMode> SCAN_STARTUP_MODE = ConfigOptions.key("scan.startup.mode")
            .enumType(StartupMode.class).defaultValue(StartupMode.EARLIEST)
            .withDescription("'earliest' (head of the stream) or 'latest' (tail when the job starts).");
    public static final ConfigOption<BoundedMode> SCAN_BOUNDED_MODE = ConfigOptions.key("scan.bounded.mode")
            .enumType(BoundedMode.class).defaultValue(BoundedMode.UNBOUNDED)
            .withDescription("'unbounded' or 'latest' (stop at the tail the stream had when the job started).");
    public static final ConfigOption<Duration> SCAN_CHECKPOINT_TIMEOUT = ConfigOptions.key("scan.checkpoint.timeout")
            .durationType().defaultValue(Duration.ofSeconds(30))
            .withDescription("How long a Flink checkpoint waits for the reader group's checkpoint.");

    public static final ConfigOption<SinkGuarantee> SINK_DELIVERY_GUARANTEE = ConfigOptions
            .key("sink.delivery-guarantee").enumType(SinkGuarantee.class).defaultValue(SinkGuarantee.AT_LEAST_ONCE)
            .withDescription("'at-least-once' or 'exactly-once' (Pravega transactions per checkpoint).");
    public static final ConfigOption<Duration> SINK_TRANSACTION_TIMEOUT = ConfigOptions
            .key("sink.transaction.timeout").durationType().defaultValue(Duration.ofSeconds(90))
            .withDescription("Timeout of the sink's Pravega transactions (exactly-once).");
    public static final ConfigOption<String> SINK_ROUTING_KEY_FIELD = ConfigOptions.key("sink.routing-key.field")
            .stringType().noDefaultValue()
            .withDescription("A STRING column whose value is the routing key of each row.");
}
