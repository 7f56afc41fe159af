package io.xtremehub.faastream.internal.manager;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.ReaderGroupConfig;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.io.StageReaderGroups;
import io.xtremehub.faastream.internal.jobrecord.EpochProgress;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A stage's count of roll-backs against its count of aborted epochs, on a real reader group and real
 * transactions with no worker: every roll-back counts once, also one with no transaction open (right after
 * the commit of a keyed resize's stopped epoch), which aborts nothing; a resumed stage starts counting anew.
 */
@EmbeddedCluster
class StageTransactionCoordinatorIT {
    @Provided
    static TestCluster tc;
    private static PravegaContext ctx;
    private static ObjectStore store;
    private static ReaderGroupManager groups;
    private static final String SPILL = "faastream-spill";

    @BeforeAll
    static void connect() {
        ctx = PravegaContext.connect(tc.controllerUri(), tc.scope());
        store = new ObjectStore(ObjectStores.of(tc));
        store.ensureBucket(SPILL);
        groups = ReaderGroupManager.withScope(tc.scope(), ctx.clientConfig());
    }

    @AfterAll
    static void close() {
        groups.close();
        store.close();
        ctx.close();
    }

    @Test
    void everyRollBackCountsOnceWhetherOrNotItAbortsAnEpoch() {
        String in = tc.newStream("stc-in", 1);
        String out = tc.newStream("stc-out", 1);
        String group = "stc" + System.nanoTime();
        ReaderGroupConfig config = StageReaderGroups.config(tc.scope(), in, true, false, 1);
        groups.createReaderGroup(group, config);
        ReaderGroup readerGroup = groups.getReaderGroup(group);
        AtomicReference<EpochProgress> journal = new AtomicReference<>();
        JobNames names = new JobNames("jstc" + System.nanoTime());
        try (StageTransactionCoordinator stage = coordinator(names, out, readerGroup, config, journal)) {
            assertEquals(0, stage.rollBacks(), "a stage never rolled back");

            // an epoch committed and the next one open: the roll-back aborts that one
            stage.open();
            await("the first epoch committed").atMost(Duration.ofMinutes(1)).until(() -> {
                stage.advance(Set.of(), true);
                return stage.commits() == 1;
            });
            stage.rollback();
            assertEquals(1, stage.rollBacks());
            assertEquals(1, stage.abortedEpochs());

            // a keyed resize's stopped epoch committed with no reader online leaves no transaction open:
            // the roll-back that restarts the stage from it aborts nothing, and still counts
            stage.open();
            long stopped = stage.stoppingEpoch();
            await("the stopped epoch committed").atMost(Duration.ofMinutes(1)).until(() -> stage.commitAtRest(stopped, java.util.Set.of()));
            assertFalse(stage.isOpen(), "nothing open after the stopped epoch's commit");
            stage.rollback();
            assertEquals(2, stage.rollBacks(), "the roll-back with nothing open counted");
            assertEquals(1, stage.abortedEpochs(), "the roll-back with nothing open aborted nothing");
            assertEquals(2, stage.commits());
        }

        // a manager that resumes the stage from its record counts from 0; the resume's roll-back is its first
        EpochProgress recorded = journal.get();
        assertNotNull(recorded, "the stage journaled its progress");
        try (StageTransactionCoordinator resumed = coordinator(names, out, readerGroup, config, journal)) {
            resumed.restore(recorded);
            assertEquals(0, resumed.rollBacks());
            resumed.rollback();
            assertEquals(1, resumed.rollBacks());
            assertEquals(2, resumed.committedEpoch(), "resumed at the last commit");
        }
    }

    private static StageTransactionCoordinator coordinator(JobNames names, String out, ReaderGroup readerGroup,
                                                           ReaderGroupConfig config,
                                                           AtomicReference<EpochProgress> journal) {
        EpochCommits commits = new EpochCommits("stage 1 (stc)", ctx, "stc" + System.nanoTime(), out, null, null,
                new EpochStaging(store, SPILL, names));
        // a window of 0: the next checkpoint may start at once
        return new StageTransactionCoordinator("stage 1 (stc)", ctx, commits, readerGroup, config, 0,
                epoch -> { }, journal::set);
    }
}
