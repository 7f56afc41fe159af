package io.xtremehub.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class PravegaSplitSerializerTest {
    @Test
    void roundTrips() throws IOException {
        PravegaSplitSerializer serializer = new PravegaSplitSerializer();
        PravegaSplit split = new PravegaSplit("group", 3, "3-abc");
        PravegaSplit back = serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.splitId()).isEqualTo("group#3");
        assertThat(back.readerId()).isEqualTo("3-abc");
    }
}
