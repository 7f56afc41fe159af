package io.xtremehub.standalone.cli;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.standalone.admin.SegmentRange;
import io.xtremehub.standalone.admin.StreamAdmin;
import io.xtremehub.standalone.internal.LtsBucket;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The README's main job: start the embedded cluster, write a keyed sample dataset while
 * the stream splits and merges, read it back checking every event arrives once and in
 * per-key order, and report how many bytes reached long-term storage.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the sample job on a fresh embedded cluster and report what reached LTS.")
public final class DemoCommand implements Callable<Integer> {
    private static final String STREAM = "readings";

    @Spec CommandSpec spec;
    @Option(names = "--data-dir", defaultValue = "data/demo", description = "Cluster data (default: ${DEFAULT-VALUE}).")
    Path dataDir;
    @Option(names = "--events", defaultValue = "100000", description = "Events to write (default: ${DEFAULT-VALUE}).")
    int events;
    @Option(names = "--keys", defaultValue = "100", description = "Routing keys (default: ${DEFAULT-VALUE}).")
    int keys;

    @Override
    public Integer call() throws Exception {
        if (events < 1 || keys < 1) {
            throw new CliException("--events and --keys must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (StandaloneCluster cluster = StandaloneCluster.start(
                ClusterConfig.builder().dataDir(dataDir).allPortsEphemeral().build())) {
            out.printf("cluster started in %d ms (controller %s, LTS %s)%n",
                    cluster.startTime().toMillis(), cluster.controllerUri(), cluster.s3Endpoint());
            String scope = StandaloneCluster.DEFAULT_SCOPE;
            String stream = STREAM + "-" + System.currentTimeMillis();
            ClientConfig client = ClientConfig.builder().controllerURI(cluster.controllerUri()).build();
            try (StreamManager streams = StreamManager.create(client)) {
                streams.createStream(scope, stream, StreamConfiguration.builder()
                        .scalingPolicy(ScalingPolicy.fixed(4)).build());
            }
            LtsBucket.Usage before = cluster.ltsUsage();
            long bytes = write(out, cluster, scope, stream, client);
            verifyRead(out, scope, stream, client);
            LtsBucket.Usage after = awaitTiering(cluster, before);
            out.printf("LTS: %d objects, %d bytes in bucket %s (+%d bytes during this run, %d bytes written)%n",
                    after.objects(), after.bytes(), cluster.config().ltsBucket(),
                    after.bytes() - before.bytes(), bytes);
            long stored = cluster.nexus().storedBytes(cluster.config().ltsBucket());
            out.printf("Nexus %s policy: %d bytes tiered, %d bytes stored: compression ratio %.2f%n",
                    cluster.config().ltsCompression(), after.bytes(), stored, (double) after.bytes() / stored);
        }
        return 0;
    }

    private long write(PrintWriter out, StandaloneCluster cluster, String scope, String stream, ClientConfig client) {
        long bytes = 0;
        long start = System.nanoTime();
        try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
             EventStreamWriter<String> writer = clients.createEventWriter(stream, new UTF8StringSerializer(),
                     EventWriterConfig.builder().build());
             StreamAdmin admin = new StreamAdmin(cluster.controllerUri())) {
            for (int i = 0; i < events; i++) {
                String key = "sensor-" + (i % keys);
                String event = key + "," + (i / keys) + "," + String.format("%.3f", 20 + 5 * Math.sin(i / 50.0))
                        + ",site=lab-" + (i % 7) + ",unit=celsius,status=ok";
                writer.writeEvent(key, event);
                bytes += event.length();
                if (i == events / 3) {
                    admin.split(scope, stream, admin.segments(scope, stream).get(0).number());
                    out.println("split a segment: " + admin.segments(scope, stream).size() + " active");
                } else if (i == 2 * events / 3) {
                    List<SegmentRange> s = admin.segments(scope, stream);
                    admin.merge(scope, stream, s.get(0).number(), s.get(1).number());
                    out.println("merged two segments: " + admin.segments(scope, stream).size() + " active");
                }
            }
            writer.flush();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf("wrote %d events (%d bytes) under %d keys in %.1f s (%.0f events/s)%n",
                events, bytes, keys, seconds, events / seconds);
        return bytes;
    }

    private void verifyRead(PrintWriter out, String scope, String stream, ClientConfig client) {
        Map<String, Integer> nextSeq = new HashMap<>();
        long read = 0;
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(scope, client)) {
            groups.createReaderGroup("demo", ReaderGroupConfig.builder()
                    // successors of merged segments are released at checkpoints: take them often
                    .automaticCheckpointIntervalMillis(1000).stream(Stream.of(scope, stream)).build());
            try (EventStreamClientFactory clients = EventStreamClientFactory.withScope(scope, client);
                 EventStreamReader<String> reader = clients.createReader("demo-reader", "demo",
                         new UTF8StringSerializer(), ReaderConfig.builder().build())) {
                while (read < events) {
                    EventRead<String> e = reader.readNextEvent(10_000);
                    if (e.getEvent() == null) {
                        if (!e.isCheckpoint()) {
                            throw new CliException("read stalled after " + read + " of " + events + " events");
                        }
                        continue;
                    }
                    String[] f = e.getEvent().split(",", 3);
                    int seq = Integer.parseInt(f[1]);
                    int expected = nextSeq.getOrDefault(f[0], 0);
                    if (seq != expected) {
                        throw new CliException("key " + f[0] + " read event " + seq + " where " + expected
                                + " was due: order or exactly-once broken");
                    }
                    nextSeq.put(f[0], seq + 1);
                    read++;
                }
            } finally {
                groups.deleteReaderGroup("demo");
            }
        }
        out.printf("read back %d events exactly once, in order for each of %d keys%n", read, nextSeq.size());
    }

    private LtsBucket.Usage awaitTiering(StandaloneCluster cluster, LtsBucket.Usage before) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        LtsBucket.Usage now = cluster.ltsUsage();
        while (now.bytes() <= before.bytes() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            now = cluster.ltsUsage();
        }
        return now;
    }
}
