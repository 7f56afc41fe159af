package io.xtremehub.flink.sink;

import io.xtremehub.flink.internal.StreamChecks;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Writes a Flink stream into a Pravega stream, built with {@link #builder()}:
 *
 * <pre>{@code
 * PravegaSink<String> sink = PravegaSink.<String>builder()
 *         .setControllerUri(URI.create("tcp://localhost:9090"))
 *         .setStream("xtremehub", "results")
 *         .setSerializer(new SimpleStringSchema())
 *         .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
 *         .setEventRouter(line -> line.split(",")[0])
 *         .build();
 * stream.sinkTo(sink);
 * }</pre>
 *
 * <p>With {@link DeliveryGuarantee#EXACTLY_ONCE} each subtask writes into one Pravega
 * transaction per checkpoint and the committer commits it when the checkpoint completes: a
 * two-phase commit driven by Flink's checkpoints. Readers see the records only once
 * committed. Checkpointing must be enabled for anything to be committed before the end.
 *
 * @param <T> the records written
 */
public final class PravegaSink<T>
        implements Sink<T>, SupportsCommitter<PravegaCommittable>, SupportsWriterState<T, PravegaWriterState> {
    private static final long serialVersionUID = 1L;

    private final PravegaSinkSettings settings;
    private final SerializationSchema<T> serializer;
    private final PravegaEventRouter<T> router;

    PravegaSink(PravegaSinkSettings settings, SerializationSchema<T> serializer, PravegaEventRouter<T> router) {
        this.settings = settings;
        this.serializer = serializer;
        this.router = router;
    }

    /** A builder for a sink of records of type {@code T}. */
    public static <T> PravegaSinkBuilder<T> builder() {
        return new PravegaSinkBuilder<>();
    }

    public PravegaSinkSettings settings() {
        return settings;
    }

    @Override
    public PravegaWriter<T> createWriter(WriterInitContext context) throws IOException {
        return restoreWriter(context, List.of());
    }

    @Override
    public PravegaWriter<T> restoreWriter(WriterInitContext context, Collection<PravegaWriterState> states)
            throws IOException {
        StreamChecks.requireStream(settings.connection(), settings.scope(), settings.stream());
        RecordEncoder<T> encoder = new RecordEncoder<>(serializer, router, settings.streamName());
        try {
            encoder.open(context.asSerializationSchemaInitializationContext());
        } catch (Exception e) {
            throw new IOException("cannot open the serialization schema: " + e.getMessage(), e);
        }
        return settings.guarantee() == DeliveryGuarantee.EXACTLY_ONCE
                ? new TransactionalWriter<>(settings, encoder, context.metricGroup(), states)
                : new AtLeastOnceWriter<>(settings, encoder, context.metricGroup());
    }

    @Override
    public SimpleVersionedSerializer<PravegaWriterState> getWriterStateSerializer() {
        return new PravegaWriterStateSerializer();
    }

    @Override
    public Committer<PravegaCommittable> createCommitter(CommitterInitContext context) {
        return new PravegaCommitter(settings);
    }

    @Override
    public SimpleVersionedSerializer<PravegaCommittable> getCommittableSerializer() {
        return new PravegaCommittableSerializer();
    }
}
