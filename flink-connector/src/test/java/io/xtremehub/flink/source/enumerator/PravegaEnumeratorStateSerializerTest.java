package io.xtremehub.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class PravegaEnumeratorStateSerializerTest {
    private final PravegaEnumeratorStateSerializer serializer = new PravegaEnumeratorStateSerializer();

    @Test
    void roundTripsCheckpointAndEndCut() throws IOException {
        PravegaEnumeratorState state = new PravegaEnumeratorState(new byte[] {1, 2, 3}, "s/t:0=5");
        PravegaEnumeratorState back = serializer.deserialize(serializer.getVersion(), serializer.serialize(state));
        assertThat(back.checkpoint()).containsExactly(1, 2, 3);
        assertThat(back.endCut()).isEqualTo("s/t:0=5");
    }

    @Test
    void unboundedStateHasNoEndCut() throws IOException {
        PravegaEnumeratorState state = new PravegaEnumeratorState(new byte[] {9}, null);
        assertThat(serializer.deserialize(1, serializer.serialize(state)).endCut()).isNull();
    }

    @Test
    void unknownVersionIsRejectedWithItsNumber() {
        assertThatThrownBy(() -> serializer.deserialize(7, new byte[0]))
                .isInstanceOf(IOException.class).hasMessageContaining("version 7");
    }
}
