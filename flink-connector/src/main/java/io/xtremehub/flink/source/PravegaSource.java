package io.xtremehub.flink.source;

import io.xtremehub.flink.source.enumerator.PravegaEnumeratorState;
import io.xtremehub.flink.source.enumerator.PravegaEnumeratorStateSerializer;
import io.xtremehub.flink.source.enumerator.PravegaSplitEnumerator;
import io.xtremehub.flink.source.reader.PravegaSourceReader;
import io.xtremehub.flink.source.split.PravegaSplit;
import io.xtremehub.flink.source.split.PravegaSplitSerializer;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Reads a Pravega stream into Flink with exactly-once guarantees, built with
 * {@link #builder()}:
 *
 * <pre>{@code
 * PravegaSource<String> source = PravegaSource.<String>builder()
 *         .setControllerUri(URI.create("tcp://localhost:9090"))
 *         .setStream("xtremehub", "sensors")
 *         .setDeserializer(new SimpleStringSchema())
 *         .build();
 * env.fromSource(source, WatermarkStrategy.noWatermarks(), "sensors");
 * }</pre>
 *
 * <p>The subtasks are the readers of one Pravega reader group, which spreads the segments
 * among them and follows the stream as it scales. Flink checkpoints are aligned with
 * reader-group checkpoints (see {@link PravegaSplitEnumerator}), so restoring a checkpoint or
 * a savepoint, at any parallelism, resumes exactly where the checkpoint was taken.
 *
 * @param <T> the records produced
 */
public final class PravegaSource<T> implements Source<T, PravegaSplit, PravegaEnumeratorState>, ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;

    private final PravegaSourceSettings settings;
    private final DeserializationSchema<T> deserializer;

    PravegaSource(PravegaSourceSettings settings, DeserializationSchema<T> deserializer) {
        this.settings = settings;
        this.deserializer = deserializer;
    }

    /** A builder for a source of records of type {@code T}. */
    public static <T> PravegaSourceBuilder<T> builder() {
        return new PravegaSourceBuilder<>();
    }

    public PravegaSourceSettings settings() {
        return settings;
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.bounded() ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<T, PravegaSplit> createReader(SourceReaderContext context) {
        return new PravegaSourceReader<>(settings, deserializer, context);
    }

    @Override
    public SplitEnumerator<PravegaSplit, PravegaEnumeratorState> createEnumerator(
            SplitEnumeratorContext<PravegaSplit> context) {
        return new PravegaSplitEnumerator(settings, context, null);
    }

    @Override
    public SplitEnumerator<PravegaSplit, PravegaEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<PravegaSplit> context, PravegaEnumeratorState state) {
        return new PravegaSplitEnumerator(settings, context, state);
    }

    @Override
    public SimpleVersionedSerializer<PravegaSplit> getSplitSerializer() {
        return new PravegaSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<PravegaEnumeratorState> getEnumeratorCheckpointSerializer() {
        return new PravegaEnumeratorStateSerializer();
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return deserializer.getProducedType();
    }
}
