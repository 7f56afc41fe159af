package io.xtremehub.faastream.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StageReaderGroupsTest {
    @Test
    void aShortJobRefreshesAndCheckpointsAsBefore() {
        for (int stages = 1; stages <= 20; stages++) {
            ReaderGroupConfig c = StageReaderGroups.config("s", "in", false, false, stages);
            assertEquals(200, c.getGroupRefreshTimeMillis(), "stages " + stages);
            assertEquals(1_000, c.getAutomaticCheckpointIntervalMillis(), "stages " + stages);
        }
    }

    @Test
    void aLongJobsGroupsTogetherStayWithinTheirBudget() {
        ReaderGroupConfig c = StageReaderGroups.config("s", "in", false, false, 100);
        assertEquals(500, c.getGroupRefreshTimeMillis());
        assertEquals(5_000, c.getAutomaticCheckpointIntervalMillis());
        // 100 groups of one reader: 200 state reads and 20 checkpoints a second in all
        assertEquals(200, 100 * 1_000 / c.getGroupRefreshTimeMillis());
        assertEquals(20, 100 * 1_000 / c.getAutomaticCheckpointIntervalMillis());
    }

    @Test
    void intervalsGrowWithTheJobAndStopAtTheirLimits() {
        for (int stages = 1; stages < 2_000; stages++) {
            assertTrue(StageReaderGroups.refreshMillis(stages) <= StageReaderGroups.refreshMillis(stages + 1));
            assertTrue(StageReaderGroups.checkpointMillis(stages) <= StageReaderGroups.checkpointMillis(stages + 1));
        }
        assertEquals(1_000, StageReaderGroups.refreshMillis(10_000));
        assertEquals(5_000, StageReaderGroups.checkpointMillis(10_000));
    }

    @Test
    void propertiesReplaceTheIntervalsOfGroupsCreatedWhileTheyAreSet() {
        System.setProperty(StageReaderGroups.REFRESH_PROPERTY, "3000");
        System.setProperty(StageReaderGroups.CHECKPOINT_PROPERTY, "10000");
        try {
            ReaderGroupConfig c = StageReaderGroups.config("s", "in", false, false, 2);
            assertEquals(3_000, c.getGroupRefreshTimeMillis());
            assertEquals(10_000, c.getAutomaticCheckpointIntervalMillis());
            assertFalse(StageReaderGroups.config("s", "in", true, false, 2).getAutomaticCheckpointIntervalMillis() > 0,
                    "exactly-once groups checkpoint at epochs whatever the property says");
        } finally {
            System.clearProperty(StageReaderGroups.REFRESH_PROPERTY);
            System.clearProperty(StageReaderGroups.CHECKPOINT_PROPERTY);
        }
        assertEquals(200, StageReaderGroups.config("s", "in", false, false, 2).getGroupRefreshTimeMillis());
    }

    @Test
    void exactlyOnceGroupsCheckpointOnlyAtEpochs() {
        ReaderGroupConfig c = StageReaderGroups.config("s", "in", true, false, 100);
        assertFalse(c.getAutomaticCheckpointIntervalMillis() > 0);
    }

    @Test
    void exactlyOnceGroupsRefreshAsOftenAsOthersAlsoAfterARollBack() {
        ReaderGroupConfig c = StageReaderGroups.config("s", "in", true, false, 3);
        assertEquals(200, c.getGroupRefreshTimeMillis(), "a checkpoint is seen at a refresh");
        Stream in = Stream.of("s", "in");
        ReaderGroupConfig restart = StageReaderGroups.restartAt(c, Map.of(in, StreamCut.UNBOUNDED));
        assertEquals(200, restart.getGroupRefreshTimeMillis(), "a reset replaces the whole configuration");
        assertFalse(restart.getAutomaticCheckpointIntervalMillis() > 0);
        assertEquals(Map.of(in, StreamCut.UNBOUNDED), restart.getStartingStreamCuts());
    }

    @Test
    void atLeastOnceKeyedGroupsNeverCheckpointButRefreshOften() {
        // a checkpoint would record a keyed reader past the events of its open window
        ReaderGroupConfig c = StageReaderGroups.config("s", "in", false, true, 1);
        assertFalse(c.getAutomaticCheckpointIntervalMillis() > 0);
        assertEquals(200, c.getGroupRefreshTimeMillis());
    }
}
