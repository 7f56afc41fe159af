package io.xtremehub.faastream.hosts;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.admin.impl.StreamManagerImpl;
import io.pravega.client.control.impl.ControllerImplConfig;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.JobState;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import io.xtremehub.faastream.examples.WordCount;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The job side of {@code AcrossHostsIT}, run as {@code main} in a host other than the cluster's:
 * writes {@link #lines()} into a stream of the remote cluster, runs WordCount over it as a batch
 * on local-process workers (children of this JVM, so in this host too), with its output in a
 * bucket of a remote Nexus, and prints every count it reads back as {@code count <word> <n>}.
 *
 * <p>Arguments: controller URI, S3 endpoint, access key, secret key, worker log directory.
 */
public final class CrossHostJob {
    static final String STREAM = "words";
    static final String BUCKET = "job-output";
    static final String DONE = "cross-host job done";

    private CrossHostJob() {
    }

    /** The input: the same on both sides, so the test knows every count. */
    static List<String> lines() {
        String[] vocabulary = "alpha beta gamma delta epsilon zeta eta theta".split(" ");
        List<String> lines = new ArrayList<>();
        for (int l = 0; l < 400; l++) {
            StringBuilder b = new StringBuilder();
            for (int w = 0; w <= l % 5; w++) {
                b.append(vocabulary[(l * 7 + w * 3) % vocabulary.length]).append(' ');
            }
            lines.add(b.toString().trim());
        }
        return lines;
    }

    public static void main(String[] args) throws Exception {
        URI controller = URI.create(args[0]);
        ObjectStoreConfig s3 = ObjectStoreConfig.of(args[1], "us-east-1", args[2], args[3]);
        awaitCluster(controller);
        writeInput(controller);
        LocalProcessPlatform platform = LocalProcessPlatform.builder().logDir(Path.of(args[4])).build();
        try (Manager manager = Manager.builder().controllerUri(controller).objectStore(s3).platform(platform).build()) {
            Job job = manager.execute(WordCount.pipeline(Pipeline.fromStream(STREAM, Serializers.utf8()), BUCKET,
                    "counts/", 1, 1), JobOptions.builder().name("across-hosts").mode(Mode.BATCH).build());
            JobStatus status = job.awaitCompletion(Duration.ofMinutes(3));
            if (status.state() != JobState.COMPLETED) {
                System.out.println("job ended " + status.state() + ": " + status.error());
                System.exit(1);
            }
        }
        for (Map.Entry<String, Long> e : readCounts(s3).entrySet()) {
            System.out.println("count " + e.getKey() + " " + e.getValue());
        }
        System.out.println(DONE);
        System.exit(0);
    }

    // The cluster starts beside this JVM: ready once its scope exists. The client gives up at once on
    // each try, so no back-off of Pravega's own delays the job once the cluster is up.
    private static void awaitCluster(URI controller) throws InterruptedException {
        ClientConfig client = ClientConfig.builder().controllerURI(controller).build();
        ControllerImplConfig noBackOff = ControllerImplConfig.builder().clientConfig(client)
                .retryAttempts(1).initialBackoffMillis(1).maxBackoffMillis(1).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
        try (StreamManager streams = new StreamManagerImpl(client, noBackOff)) {
            RuntimeException last = null;
            while (true) {
                try {
                    if (streams.checkScopeExists("xtremehub")) {
                        return;
                    }
                } catch (RuntimeException e) {
                    last = e;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the cluster at " + controller + " was not ready in 150 s", last);
                }
                Thread.sleep(250);
            }
        }
    }

    private static void writeInput(URI controller) {
        ClientConfig client = ClientConfig.builder().controllerURI(controller).build();
        try (StreamManager streams = StreamManager.create(client);
             EventStreamClientFactory factory = EventStreamClientFactory.withScope("xtremehub", client)) {
            streams.createStream("xtremehub", STREAM, StreamConfiguration.builder()
                    .scalingPolicy(ScalingPolicy.fixed(2)).build());
            try (EventStreamWriter<String> writer = factory.createEventWriter(STREAM, new UTF8StringSerializer(),
                    EventWriterConfig.builder().build())) {
                List<String> lines = lines();
                for (int i = 0; i < lines.size(); i++) {
                    writer.writeEvent(Integer.toString(i), lines.get(i));
                }
                writer.flush();
            }
        }
    }

    private static Map<String, Long> readCounts(ObjectStoreConfig s3) {
        Map<String, Long> counts = new TreeMap<>();
        try (ObjectStore store = new ObjectStore(s3)) {
            for (ObjectStore.Listed o : store.list(BUCKET, "counts/")) {
                new String(store.get(BUCKET, o.key()), StandardCharsets.UTF_8).lines().forEach(l -> {
                    String[] kv = l.split(" ");
                    counts.merge(kv[0], Long.parseLong(kv[1]), Long::sum);
                });
            }
        }
        return counts;
    }
}
