package io.xtremehub.faastream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.TeraSort;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A batch shuffle big enough that its packs of small records are parked in the object store. */
@EmbeddedCluster
class PackedShuffleIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();

    @Test
    void aBatchSortWhoseShuffleIsParkedInPacksKeepsEveryRecordInOrder() throws Exception {
        String bucket = tc.newBucket("packed");
        int records = 120_000; // 12 MB: one full 8 MB pack and a remainder, both parked
        byte[] input = TeraSort.generate(records, 11);
        tc.objects().put(bucket, "in.bin", input);

        JobStatus s = threadManager.manager().execute(TeraSort.pipeline(bucket, "in.bin", "sorted/", 1, 1),
                JobOptions.builder().cleanup(false).build()).awaitCompletion(Duration.ofMinutes(2));

        assertFalse(tc.objects().keys(ObjectStores.of(tc).spillBucket(), "jobs/" + s.jobId() + "/large/").isEmpty(),
                "the shuffle's packs went through the object store");
        assertEquals(records, s.stages().get(1).eventsIn(), "the sorter got every record one by one");
        byte[] output = tc.objects().concat(bucket, "sorted/");
        assertEquals(input.length, output.length);
        List<byte[]> out = split(output);
        for (int i = 1; i < out.size(); i++) {
            assertTrue(TeraSort.compareKeys(out.get(i - 1), out.get(i)) <= 0, "record " + i + " is out of order");
        }
        List<byte[]> in = split(input);
        in.sort(Arrays::compareUnsigned);
        out.sort(Arrays::compareUnsigned);
        for (int i = 0; i < records; i++) {
            assertArrayEquals(in.get(i), out.get(i), "record " + i + " of the sorted input");
        }
    }

    private static List<byte[]> split(byte[] data) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < data.length; i += TeraSort.RECORD) {
            out.add(Arrays.copyOfRange(data, i, i + TeraSort.RECORD));
        }
        return out;
    }
}
