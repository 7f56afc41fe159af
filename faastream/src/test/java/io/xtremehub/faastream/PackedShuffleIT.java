package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.TeraSort;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.faastream.platform.WorkerHandle;
import io.xtremehub.faastream.platform.WorkerPlatform;
import io.xtremehub.faastream.platform.WorkerRequest;
import io.xtremehub.faastream.testkit.ObjectStores;
import io.xtremehub.faastream.testkit.ThreadManager;
import io.xtremehub.testkit.cluster.EmbeddedCluster;
import io.xtremehub.testkit.cluster.Provided;
import io.xtremehub.testkit.cluster.TestCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A batch shuffle big enough that its packs of small records are parked: in local files or the object store. */
@EmbeddedCluster
class PackedShuffleIT {
    @Provided
    static TestCluster tc;
    @RegisterExtension
    static final ThreadManager threadManager = new ThreadManager();
    /** 12 MB: one full 8 MB pack and a remainder, both parked. */
    private static final int RECORDS = 120_000;

    @Test
    void workersOnTheManagersHostParkTheShuffleInALocalDirectoryRemovedAtTheEnd() throws Exception {
        byte[] input = TeraSort.generate(RECORDS, 11);
        String bucket = tc.newBucket("packed-local");
        tc.objects().put(bucket, "in.bin", input);
        Path root = Files.createTempDirectory("shuffle-it");
        String before = System.setProperty("faastream.shuffle.dir", root.toString());
        try {
            JobStatus kept = sort(threadManager.manager(), bucket, "kept/", false);
            Path dir = root.resolve(kept.jobId());
            try (Stream<Path> packs = Files.list(dir)) {
                assertEquals(2, packs.count(), "one full 8 MB pack and the remainder, as files in " + dir);
            }
            assertTrue(spilledObjects(kept).isEmpty(), "no pack went through the object store");
            assertSortedCopyOf(input, tc.objects().concat(bucket, "kept/"));

            JobStatus cleaned = sort(threadManager.manager(), bucket, "cleaned/", true);
            // deleted right after the job completes (its output is complete before)
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertFalse(
                    Files.exists(root.resolve(cleaned.jobId())), "the job's shuffle directory is deleted at its end"));
            assertSortedCopyOf(input, tc.objects().concat(bucket, "cleaned/"));
        } finally {
            if (before == null) {
                System.clearProperty("faastream.shuffle.dir");
            } else {
                System.setProperty("faastream.shuffle.dir", before);
            }
        }
    }

    @Test
    void workersElsewhereParkTheShuffleInTheObjectStore() throws Exception {
        byte[] input = TeraSort.generate(RECORDS, 12);
        String bucket = tc.newBucket("packed-remote");
        tc.objects().put(bucket, "in.bin", input);
        // thread workers, but a platform that does not promise the manager's file system (as Lambda)
        ThreadPlatform threads = new ThreadPlatform();
        WorkerPlatform elsewhere = new WorkerPlatform() {
            @Override
            public WorkerHandle launch(WorkerRequest request) {
                return threads.launch(request);
            }

            @Override
            public String name() {
                return "threads elsewhere";
            }
        };
        try (Manager manager = Manager.builder().controllerUri(tc.controllerUri()).objectStore(ObjectStores.of(tc))
                .platform(elsewhere).build()) {
            JobStatus s = sort(manager, bucket, "sorted/", false);
            assertFalse(spilledObjects(s).isEmpty(), "the shuffle's packs went through the object store");
            assertSortedCopyOf(input, tc.objects().concat(bucket, "sorted/"));
        } finally {
            threads.close();
        }
    }

    private static JobStatus sort(Manager manager, String bucket, String out, boolean cleanup) throws Exception {
        JobStatus s = manager.execute(TeraSort.pipeline(bucket, "in.bin", out, 1, 1),
                JobOptions.builder().cleanup(cleanup).build()).awaitCompletion(Duration.ofMinutes(2));
        assertEquals(JobState.COMPLETED, s.state(), String.valueOf(s.error()));
        assertEquals(RECORDS, s.stages().get(1).eventsIn(), "the sorter got every record one by one");
        return s;
    }

    private static List<String> spilledObjects(JobStatus s) {
        return tc.objects().keys(ObjectStores.of(tc).spillBucket(), "jobs/" + s.jobId() + "/large/");
    }

    private static void assertSortedCopyOf(byte[] input, byte[] output) {
        assertEquals(input.length, output.length);
        List<byte[]> out = split(output);
        for (int i = 1; i < out.size(); i++) {
            assertTrue(TeraSort.compareKeys(out.get(i - 1), out.get(i)) <= 0, "record " + i + " is out of order");
        }
        List<byte[]> in = split(input);
        in.sort(Arrays::compareUnsigned);
        out.sort(Arrays::compareUnsigned);
        for (int i = 0; i < in.size(); i++) {
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
