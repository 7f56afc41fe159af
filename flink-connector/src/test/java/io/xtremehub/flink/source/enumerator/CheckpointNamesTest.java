package io.xtremehub.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CheckpointNamesTest {
    @Test
    void roundTripsFlinkCheckpointIds() {
        assertThat(CheckpointNames.checkpointIdOf(CheckpointNames.forCheckpoint(42))).isEqualTo(42);
    }

    @Test
    void foreignCheckpointNamesAreNotOurs() {
        assertThat(CheckpointNames.checkpointIdOf("someone-else")).isEqualTo(-1);
        assertThat(CheckpointNames.checkpointIdOf("flink-checkpoint-x")).isEqualTo(-1);
        assertThat(CheckpointNames.checkpointIdOf(null)).isEqualTo(-1);
    }
}
