package io.xtremehub.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.junit.jupiter.api.Test;

class PravegaSinkBuilderTest {
    @Test
    void missingPiecesAreNamed() {
        assertThatThrownBy(() -> PravegaSink.<String>builder().build())
                .hasMessage("PravegaSink needs a controller: call setControllerUri(...)");
        assertThatThrownBy(() -> PravegaSink.<String>builder().setControllerUri(URI.create("tcp://h:1"))
                .setStream("s", "t").build())
                .hasMessage("PravegaSink needs a serializer: call setSerializer(...)");
    }

    @Test
    void transactionTimeoutBelowPravegasMinimumIsRejected() {
        assertThatThrownBy(() -> PravegaSink.<String>builder().setTransactionTimeout(Duration.ofSeconds(5)))
                .hasMessage("transaction timeout must be at least 10 s, got 5000 ms");
    }

    @Test
    void defaultsToAtLeastOnce() {
        PravegaSink<String> sink = PravegaSink.<String>builder().setControllerUri(URI.create("tcp://h:1"))
                .setStream("s", "t").setSerializer(new SimpleStringSchema()).build();
        assertThat(sink.settings().guarantee()).isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
        assertThat(sink.settings().transactionTimeoutMillis()).isEqualTo(90_000);
    }

    @Test
    void writerStatesRoundTrip() throws IOException {
        PravegaWriterStateSerializer serializer = new PravegaWriterStateSerializer();
        PravegaWriterState state = new PravegaWriterState(UUID.randomUUID());
        assertThat(serializer.deserialize(serializer.getVersion(), serializer.serialize(state))).isEqualTo(state);
    }

    @Test
    void committablesRoundTrip() throws IOException {
        PravegaCommittableSerializer serializer = new PravegaCommittableSerializer();
        PravegaCommittable c = new PravegaCommittable("s", "t", UUID.randomUUID());
        assertThat(serializer.deserialize(serializer.getVersion(), serializer.serialize(c))).isEqualTo(c);
    }
}
