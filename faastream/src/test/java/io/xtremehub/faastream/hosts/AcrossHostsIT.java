package io.xtremehub.faastream.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.faastream.examples.WordCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three hosts on a private subnet, each a network namespace with a loopback of its own: the
 * standalone cluster on {@code cluster}, a stand-alone Nexus ({@code nexus serve}) on {@code nexus},
 * and a FaaStream job with its manager and local-process workers on {@code workers}. Pravega tiers
 * its long-term storage to the Nexus host, and the job writes its output there. Every address any
 * of them uses must be one the others can reach: a 127.0.0.1 handed to another host fails it.
 * The cluster and Nexus listen beyond loopback, so each runs with a secret of its own.
 */
class AcrossHostsIT {
    private static final String NEXUS_ACCESS = "hosts-nexus";
    private static final String NEXUS_SECRET = "hosts-nexus-secret";
    private static final String LTS_BUCKET = "pravega-lts";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 7, unit = TimeUnit.MINUTES) // after every wait below, so they fail first with their console
    void aJobOnOneHostRunsOnAClusterOnAnotherThatTiersToNexusOnAThird() throws Exception {
        long t0 = System.nanoTime();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        try (NetworkHosts net = NetworkHosts.create("cluster", "workers", "nexus")) {
            String nexusEndpoint = "http://" + net.address("nexus") + ":9000";
            // a fresh namespace has every port free: the default ports clash with no one
            try (HostJvm nexus = HostJvm.start(net, "nexus", "nexus", logs, "io.xtremehub.nexus.cli.NexusCli",
                    "serve", "--config", nexusConfig(net.address("nexus")).toString())) {
                nexus.awaitLine("Nexus serving S3 at", Duration.ofSeconds(60));
                lap("nexus serving", t0);
                try (HostJvm cluster = HostJvm.start(net, "cluster", "cluster", logs,
                        "io.xtremehub.standalone.cli.XtremeHubCli", "standalone", "--config",
                        clusterConfig(net.address("cluster"), nexusEndpoint).toString())) {
                    String controller = "tcp://" + net.address("cluster") + ":9090";
                    // the job's JVM starts while the cluster does; it waits for the cluster by itself
                    try (HostJvm job = HostJvm.start(net, "workers", "job", logs, CrossHostJob.class.getName(),
                            controller, nexusEndpoint, NEXUS_ACCESS, NEXUS_SECRET, logs.resolve("workers").toString())) {
                        cluster.awaitLine("XtremeHub standalone cluster is running", Duration.ofSeconds(150));
                        assertTrue(cluster.consoleText().contains("controller: " + controller), cluster.tail());
                        lap("cluster running", t0);
                        int exit = job.awaitExit(Duration.ofMinutes(2));
                        lap("job done", t0);
                        assertEquals(0, exit, "the job on the workers host failed; console:\n" + job.tail());
                        assertEquals(expectedCounts(), printedCounts(job.consoleText()),
                                "word counts of the job on the workers host");
                    }
                    try (Stream<Path> workerLogs = Files.list(logs.resolve("workers"))) {
                        assertTrue(workerLogs.findAny().isPresent(), "the job ran no local-process workers");
                    }

                    // the input stream's chunks went from the cluster host to the Nexus host's backend
                    Path lts = dir.resolve("nexus-data").resolve("objects").resolve(LTS_BUCKET);
                    Awaitility.await("chunks of stream 'words' tiered through Nexus on the nexus host")
                            .atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                            .ignoreExceptions() // a walk may meet a chunk Pravega is deleting
                            .until(() -> chunkFiles(lts, "xtremehub/" + CrossHostJob.STREAM) > 0);
                    lap("input chunks in the nexus host's backend", t0);
                }
            }
        }
    }

    private static void lap(String what, long t0) {
        System.out.printf("across hosts: %s at %.1f s%n", what, (System.nanoTime() - t0) / 1e9);
    }

    private Path nexusConfig(String address) throws IOException {
        Path data = dir.resolve("nexus-data");
        return Files.writeString(dir.resolve("nexus.yaml"), String.join("\n",
                "listen: {host: " + address + ", port: 9000, adminPort: 9001}",
                "credentials: {accessKey: " + NEXUS_ACCESS + ", secretKey: " + NEXUS_SECRET + "}",
                "workDir: " + data,
                "backend: {type: filesystem, path: " + data.resolve("objects") + "}",
                "buckets: [" + LTS_BUCKET + ", " + CrossHostJob.BUCKET + "]",
                "policies:",
                "  - {name: lts-zstd, system: pravega, bucket: " + LTS_BUCKET + ", keyGlob: \"**\","
                        + " pipeline: [{name: zstd}]}",
                ""));
    }

    private Path clusterConfig(String address, String nexusEndpoint) throws IOException {
        return Files.writeString(dir.resolve("cluster.yaml"), String.join("\n",
                "dataDir: " + dir.resolve("cluster-data"),
                "listenAddress: " + address,
                "segmentContainers: 1",
                "cacheBytes: 67108864",
                "lts:",
                "  endpoint: " + nexusEndpoint,
                "  bucket: " + LTS_BUCKET,
                "  accessKey: " + NEXUS_ACCESS,
                "  secretKey: " + NEXUS_SECRET,
                "  flushMillis: 1000",
                ""));
    }

    private static Map<String, Long> expectedCounts() {
        return CrossHostJob.lines().stream().flatMap(l -> WordCount.words(l).stream())
                .collect(Collectors.groupingBy(w -> w, TreeMap::new, Collectors.counting()));
    }

    private static Map<String, Long> printedCounts(String console) {
        Map<String, Long> counts = new TreeMap<>();
        console.lines().filter(l -> l.startsWith("count ")).map(l -> l.split(" "))
                .forEach(kv -> counts.put(kv[1], Long.parseLong(kv[2])));
        return counts;
    }

    private static long chunkFiles(Path bucket, String text) throws IOException {
        if (!Files.isDirectory(bucket)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(bucket)) {
            return files.filter(Files::isRegularFile).filter(p -> bucket.relativize(p).toString().contains(text)).count();
        }
    }
}
