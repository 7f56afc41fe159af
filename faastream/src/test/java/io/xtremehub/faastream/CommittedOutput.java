package io.xtremehub.faastream;

import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.testkit.UniqueNames;
import io.xtremehub.testkit.cluster.TestCluster;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows a job's output stream from its start as a reader would (so it sees what is committed,
 * when it is committed) and keeps each result with the time it arrived here.
 */
final class CommittedOutput implements AutoCloseable {
    /** A result and when it was read (epoch millis). */
    record Arrival(long at, String text) {
    }

    private final ReaderGroupManager groups;
    private final String group = UniqueNames.of("tail");
    private final EventStreamReader<String> reader;
    private final List<Arrival> arrivals = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stop;
    private volatile Throwable error;

    CommittedOutput(TestCluster tc, String stream) {
        groups = ReaderGroupManager.withScope(tc.scope(), tc.clientConfig());
        groups.createReaderGroup(group, ReaderGroupConfig.builder().stream(Stream.of(tc.scope(), stream))
                .disableAutomaticCheckpoints().build());
        reader = tc.clientFactory().createReader("tail", group, new UTF8StringSerializer(),
                ReaderConfig.builder().build());
        thread = new Thread(this::follow, "committed-output");
        thread.setDaemon(true);
        thread.start();
    }

    private void follow() {
        try {
            while (!stop) {
                EventRead<String> e = reader.readNextEvent(100);
                if (e.getEvent() != null) {
                    long now = System.currentTimeMillis();
                    synchronized (this) {
                        arrivals.add(new Arrival(now, e.getEvent()));
                    }
                }
            }
        } catch (Throwable t) {
            error = t;
        }
    }

    /** Everything read so far, in stream order. */
    synchronized List<String> results() {
        check();
        return arrivals.stream().map(Arrival::text).toList();
    }

    /**
     * When the first result of an input value above {@code value} arrived (results read
     * {@code value:...}), or -1 when none has yet.
     */
    synchronized long firstAbove(long value) {
        check();
        for (Arrival a : arrivals) {
            if (Long.parseLong(a.text().substring(0, a.text().indexOf(':'))) > value) {
                return a.at();
            }
        }
        return -1;
    }

    private void check() {
        if (error != null) {
            throw new AssertionError("following the output failed", error);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join(5_000);
        reader.close();
        groups.deleteReaderGroup(group);
        groups.close();
    }
}
