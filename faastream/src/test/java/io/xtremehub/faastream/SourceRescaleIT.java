package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A job's source stream holds a backlog and is rescaled far up and then down while the job reads it
 * ({@link BacklogRescale}): the readers must go on from the sealed segments to their successors, and
 * every event must come out exactly once. The scaling benchmark saw readers take nothing for about
 * 100 s after such a rescale, with events left in the stream.
 */
@EmbeddedCluster
class SourceRescaleIT {
    /** Four workers need 12 s for the 2,400 events; far more than moving on to successors takes. */
    private static final Duration ALL_OUT = Duration.ofSeconds(45);

    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    void everyEventComesOutThroughALargeRescaleUpAndDownOfTheSource() throws Exception {
        String out = tc.newStream("copied", 1);
        BacklogRescale.Result r = new BacklogRescale(tc, threadManager.manager(), 4, 800).run(out, ALL_OUT);
        assertNull(r.unread(), "events left unread " + ALL_OUT.toSeconds() + " s after the rescale down");
        System.out.printf("SourceRescaleIT: all out %d ms after the start, %d ms after the rescale down, "
                + "longest gap %d ms%n", r.allOutMillis(), r.afterDownMillis(), r.longestGapMillis());
        // read after the job stopped, so a late duplicate would be there too
        List<String> got = tc.events().readSegments(out).stream().sorted().toList();
        assertEquals(BacklogRescale.numbers(1, r.events()).stream().map(s -> s + "#").sorted().toList(), got,
                "every event exactly once");
    }
}
