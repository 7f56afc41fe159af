package io.xtremehub.faastream;

import static org.awaitility.Awaitility.await;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderGroup;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.testkit.cluster.TestCluster;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A job with a slow function (a 20 ms remote call per event, fixed workers) reads a backlog in one
 * segment of its source stream while the source is rescaled far up (each of 4 segments into 9) and then down (36
 * into 5: successors of several predecessors, some predecessors split between two), a third of the
 * events written after each change. Shared by {@code SourceRescaleIT} (every event must come out)
 * and {@code SourceRescaleDrainBenchmark} (how long it takes).
 */
final class BacklogRescale {
    /** Output polled this often: the longest gap in the output is measured at this grain. */
    private static final Duration POLL = Duration.ofMillis(500);

    /**
     * @param allOutMillis   from the job's start until every event was out, or -1 when not within the wait
     * @param afterDownMillis from the rescale down until every event was out, or -1
     * @param longestGapMillis longest time without new output while events were missing
     * @param unread         null when every event came out, else what did not and how the reader group stood
     */
    record Result(int events, long allOutMillis, long afterDownMillis, long longestGapMillis, String unread) {
    }

    private final TestCluster tc;
    private final Manager manager;
    private final int workers;
    private final int part;

    BacklogRescale(TestCluster tc, Manager manager, int workers, int part) {
        this.tc = tc;
        this.manager = manager;
        this.workers = workers;
        this.part = part;
    }

    /** Runs the scenario once on new streams and cancels the job; the output stream is returned for checks. */
    Result run(String outStream, Duration allOutWithin) throws Exception {
        String in = tc.newStream("backlog", 4);
        writeOneKey(in, numbers(1, part));
        Job job = manager.execute(Pipeline.fromStream(in, Serializers.utf8())
                        .map(BacklogRescale::remoteCall, Serializers.utf8()).named("io")
                        .writeToStream(outStream),
                JobOptions.builder().mode(Mode.STREAM).scalingPolicy(ScalingPolicy.fixed(workers)).build());
        OutputWatch watch = new OutputWatch(outStream);
        try (StreamAdmin admin = new StreamAdmin(tc.controllerUri())) {
            await().atMost(Duration.ofMinutes(1)).pollInterval(POLL).until(() -> watch.count() >= part / 3);
            admin.scaleTo(tc.scope(), in, 36);
            tc.events().writeStrings(in, numbers(part + 1, 2 * part));
            await().atMost(Duration.ofMinutes(1)).pollInterval(POLL).until(() -> watch.count() >= part);
            admin.scaleTo(tc.scope(), in, 5);
            long down = System.currentTimeMillis();
            tc.events().writeStrings(in, numbers(2 * part + 1, 3 * part));
            try {
                await().atMost(allOutWithin).pollInterval(POLL).until(() -> watch.count() >= 3 * part);
            } catch (ConditionTimeoutException e) {
                return new Result(3 * part, -1, -1, watch.longestGap(), unread(job, outStream));
            }
            long now = System.currentTimeMillis();
            return new Result(3 * part, now - watch.started, now - down, watch.longestGap(), null);
        } finally {
            job.cancel();
        }
    }

    /** What did not come out, and how the job's reader group holds the source's segments. */
    private String unread(Job job, String out) {
        Set<String> got = new HashSet<>(tc.events().readSegments(out));
        List<Integer> missing = IntStream.rangeClosed(1, 3 * part).filter(i -> !got.contains(i + "#")).boxed().toList();
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(tc.scope(), tc.clientConfig());
             ReaderGroup group = groups.getReaderGroup(new JobNames(job.id()).readerGroup(0))) {
            return missing.size() + " of " + 3 * part + " events never came out (first: "
                    + missing.subList(0, Math.min(10, missing.size())) + "); reader group: "
                    + group.getReaderSegmentDistribution() + ", unread bytes " + group.getMetrics().unreadBytes();
        }
    }

    /**
     * The first part goes to one segment: its reader's queue fills while the others have nothing to
     * do, the way a burst on few keys lands.
     */
    private void writeOneKey(String stream, List<String> events) {
        try (EventStreamWriter<String> writer = tc.clientFactory().createEventWriter(stream,
                new UTF8StringSerializer(), EventWriterConfig.builder().build())) {
            for (String e : events) {
                writer.writeEvent("hot", e);
            }
            writer.flush();
        }
    }

    static List<String> numbers(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).toList();
    }

    /** A remote call of 20 ms per event: a worker takes at most 50 events/s. */
    static String remoteCall(String s) throws InterruptedException {
        Thread.sleep(20);
        return s + "#";
    }

    /** Counts the output on each poll and keeps the longest time it did not grow. */
    private final class OutputWatch {
        private final String stream;
        private final long started = System.currentTimeMillis();
        private int last;
        private long lastGrowth = started;
        private long longestGap;

        OutputWatch(String stream) {
            this.stream = stream;
        }

        int count() {
            int n = tc.events().readSegments(stream).size();
            long now = System.currentTimeMillis();
            if (n > last) {
                last = n;
                lastGrowth = now;
            }
            if (last > 0) {
                // before the first event the job is starting, not stalled
                longestGap = Math.max(longestGap, now - lastGrowth);
            }
            return n;
        }

        long longestGap() {
            return longestGap;
        }
    }
}
