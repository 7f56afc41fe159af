package io.xtremehub.faastream.internal.manager;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.internal.io.EpochStaging;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The commit of an epoch's objects when the manager dies between recording the commit and
 * finishing it: the manager that resumes the job finishes it (and one after that again) with each
 * sink part and dead letter published once; an aborted epoch leaves nothing behind.
 */
@EmbeddedCluster
class EpochCommitsIT {
    @Provided
    static TestCluster tc;
    private static PravegaContext ctx;
    private static ObjectStore store;
    private static final String SPILL = "faastream-spill";

    @BeforeAll
    static void connect() {
        ctx = PravegaContext.connect(tc.controllerUri(), tc.scope());
        store = new ObjectStore(ObjectStores.of(tc));
        store.ensureBucket(SPILL);
    }

    @AfterAll
    static void close() {
        store.close();
        ctx.close();
    }

    @Test
    void aRecordedCommitIsFinishedByTheNextManagerWithEachPartAndDeadLetterOnce() {
        String sink = tc.newBucket("ec-sink");
        String dead = tc.newStream("ec-dead", 1);
        EpochStaging staging = new EpochStaging(store, SPILL, new JobNames("jec" + System.nanoTime()));
        EpochCommits crashing = commits("m1", sink, dead, staging);
        UUID epoch = crashing.begin();
        staging.stageSinkPart(epoch, "out/part-a", bytes("1\n2\n"));
        staging.stageSinkPart(epoch, "out/part-b", bytes("3\n"));
        staging.stageDeadLetters(epoch, "s0w0", 0, bytes("{\"n\":1}\n{\"n\":2}\n"));
        UUID deadLetters = crashing.prepare(epoch);
        assertNotNull(deadLetters, "the staged dead letters went into a transaction");
        // the manager records (epoch, deadLetters) as committing here, then dies before committing
        crashing.close();
        assertEquals(List.of(), tc.objects().keys(sink, ""), "nothing is published before the commit");
        assertEquals(List.of(), tc.events().readAllStrings(dead, Duration.ofSeconds(30)));

        for (String manager : List.of("m2", "m3")) {
            // the resuming manager finishes the commit; one that resumes after it finishes it again
            try (EpochCommits resumed = commits(manager, sink, dead, staging)) {
                resumed.finishCommit(epoch, deadLetters, 1);
            }
            assertEquals(List.of("out/part-a", "out/part-b"), tc.objects().keys(sink, ""), "after " + manager);
            assertEquals("1\n2\n", new String(tc.objects().get(sink, "out/part-a"), StandardCharsets.UTF_8));
            // a Pravega commit completes in the background: wait for the letters to be readable
            await("dead letters after " + manager).atMost(Duration.ofSeconds(60))
                    .until(() -> tc.events().readAllStrings(dead, Duration.ofSeconds(30))
                            .equals(List.of("{\"n\":1}", "{\"n\":2}")));
        }
        assertEquals(List.of(), tc.objects().keys(SPILL, stagingPrefix(staging, epoch) + "sink/"),
                "published parts are no longer staged");
    }

    @Test
    void anAbortedEpochLeavesNoPartDeadLetterOrLargeEvent() {
        String sink = tc.newBucket("ec-abort-sink");
        String dead = tc.newStream("ec-abort-dead", 1);
        EpochStaging staging = new EpochStaging(store, SPILL, new JobNames("jea" + System.nanoTime()));
        try (EpochCommits commits = commits("m1", sink, dead, staging)) {
            UUID epoch = commits.begin();
            staging.stageSinkPart(epoch, "out/part-a", bytes("1\n"));
            staging.stageDeadLetters(epoch, "s0w0", 0, bytes("{\"n\":1}\n"));
            store.put(SPILL, staging.largeEventPrefix(epoch) + "x", bytes("large"));
            commits.abort(epoch);
            assertEquals(List.of(), tc.objects().keys(SPILL, stagingPrefix(staging, epoch)));
        }
        assertEquals(List.of(), tc.objects().keys(sink, ""));
        assertEquals(List.of(), tc.events().readAllStrings(dead, Duration.ofSeconds(30)));
    }

    private static EpochCommits commits(String writer, String sink, String dead, EpochStaging staging) {
        return new EpochCommits("stage 1 (sum)", ctx, writer + System.nanoTime(), null, sink, dead, staging);
    }

    /** The staging prefix of an epoch, from where its large events go (its parent). */
    private static String stagingPrefix(EpochStaging staging, UUID epoch) {
        String large = staging.largeEventPrefix(epoch);
        return large.substring(0, large.length() - "large/".length());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
