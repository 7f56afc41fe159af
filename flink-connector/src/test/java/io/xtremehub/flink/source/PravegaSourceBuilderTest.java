package io.xtremehub.flink.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.source.Boundedness;
import org.junit.jupiter.api.Test;

class PravegaSourceBuilderTest {
    private static final URI CONTROLLER = URI.create("tcp://localhost:9090");

    @Test
    void missingPiecesAreNamed() {
        assertThatThrownBy(() -> PravegaSource.<String>builder().build())
                .hasMessage("PravegaSource needs a controller: call setControllerUri(...)");
        assertThatThrownBy(() -> PravegaSource.<String>builder().setControllerUri(CONTROLLER).build())
                .hasMessage("PravegaSource needs a stream: call setStream(scope, stream)");
        assertThatThrownBy(() -> PravegaSource.<String>builder().setControllerUri(CONTROLLER).setStream("s", "t")
                .build()).hasMessage("PravegaSource needs a deserializer: call setDeserializer(...)");
    }

    @Test
    void invalidNamesAreRejected() {
        assertThatThrownBy(() -> PravegaSource.<String>builder().setControllerUri(CONTROLLER)
                .setStream("s", "bad_name").setDeserializer(new SimpleStringSchema()).build())
                .hasMessage("Pravega stream 'bad_name' may only contain letters, digits, '.' and '-'");
    }

    @Test
    void boundednessFollowsTheStopPosition() {
        PravegaSourceBuilder<String> builder = PravegaSource.<String>builder().setControllerUri(CONTROLLER)
                .setStream("s", "t").setDeserializer(new SimpleStringSchema());
        assertThat(builder.build().getBoundedness()).isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(builder.setBounded(StreamPosition.latest()).build().getBoundedness())
                .isEqualTo(Boundedness.BOUNDED);
        PravegaSource<String> source = builder.build();
        assertThat(source.settings().readerGroupName()).startsWith("flink-");
        assertThat(builder.setReaderGroupName("mine").build().settings().readerGroupName()).isEqualTo("mine");
    }
}
