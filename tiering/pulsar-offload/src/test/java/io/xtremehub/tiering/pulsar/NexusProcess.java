package io.xtremehub.tiering.pulsar;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Nexus running in a child JVM ({@code tiering/nexus-process}): Pulsar's Jetty 9, Jackson 2.17 and
 * Netty cannot share a class path with S3Proxy's Jetty 12 and Jackson 3. Closing this stops it.
 */
final class NexusProcess implements AutoCloseable {
    /**
     * Nexus' S3 credentials: those the broker's offloader signs with. Its "S3" driver reads them from
     * the broker's environment only (ACCESS_KEY_ID, ACCESS_KEY_SECRET: set in the failsafe configuration).
     */
    static final String ACCESS_KEY = System.getenv().getOrDefault("ACCESS_KEY_ID", "pulsar-offloader");
    static final String SECRET_KEY = System.getenv().getOrDefault("ACCESS_KEY_SECRET", "pulsar-offloader-secret");

    private final Process process;
    private final Path dir;
    private final String endpoint;

    private NexusProcess(Process process, Path dir, String endpoint) {
        this.process = process;
        this.dir = dir;
        this.endpoint = endpoint;
    }

    /**
     * Starts Nexus over a filesystem backend in {@code dir/backend}, with a policy per bucket running
     * the streamlets given for it (e.g. {@code zstd}, or {@code fail-first-puts:failures=1,zstd}).
     */
    static NexusProcess start(Path dir, Map<String, String> streamletsByBucket) throws IOException {
        return start(dir, policyOptions(streamletsByBucket));
    }

    /** Starts Nexus in front of an S3 backend at {@code backendEndpoint} that takes our credentials. */
    static NexusProcess startOverS3(Path dir, Map<String, String> streamletsByBucket, String backendEndpoint)
            throws IOException {
        List<String> options = new ArrayList<>(policyOptions(streamletsByBucket));
        // a Nexus backend keeps the default tag bucket to itself
        options.addAll(List.of("--backend-s3", backendEndpoint, "--backend-access-key", ACCESS_KEY,
                "--backend-secret-key", SECRET_KEY, "--tag-bucket", "nexus-front-tags"));
        return start(dir, options);
    }

    private static List<String> policyOptions(Map<String, String> streamletsByBucket) {
        List<String> options = new ArrayList<>();
        streamletsByBucket.forEach((bucket, streamlets) -> options.addAll(List.of("--policy-" + bucket, streamlets)));
        return options;
    }

    private static NexusProcess start(Path dir, List<String> options) throws IOException {
        Path processDir = Path.of(System.getProperty("nexus.process.dir", "../nexus-process/target"));
        Path classpathFile = processDir.resolve("classpath.txt");
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException(classpathFile + " is missing: build tiering/nexus-process first "
                    + "(mvn install -pl tiering/nexus-process -am)");
        }
        String classpath = processDir.resolve("nexus-process-0.1.0-SNAPSHOT.jar") + java.io.File.pathSeparator
                + Files.readString(classpathFile).trim();
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-Dlogback.configurationFile=nexus-process-logback.xml", "-cp", classpath,
                "io.xtremehub.tiering.nexusprocess.NexusProcessMain",
                "--work-dir", dir.toString(), "--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY));
        command.addAll(options);
        Path log = dir.resolve("nexus.log");
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        try {
            String ready = readyLine(process, log);
            return new NexusProcess(process, dir, ready.split(" ")[1]);
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static String readyLine(Process process, Path log) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                String l;
                while ((l = out.readLine()) != null) {
                    if (l.startsWith("NEXUS-READY ")) {
                        return l;
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        try {
            String ready = line.get(120, TimeUnit.SECONDS);
            if (ready == null) {
                throw new IOException("Nexus process exited before it was ready: " + Files.readString(log).strip());
            }
            return ready;
        } catch (TimeoutException e) {
            throw new IOException("Nexus process not ready after 120 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while Nexus started", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }

    /** The S3 endpoint, e.g. {@code http://127.0.0.1:41234}. */
    String endpoint() {
        return endpoint;
    }

    /** The backend directory of a bucket (filesystem backend). */
    Path bucketDir(String bucket) {
        return dir.resolve("backend").resolve(bucket);
    }

    /** What Nexus logged (its standard error) so far. */
    String log() throws IOException {
        return Files.readString(dir.resolve("nexus.log"));
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // kept beside the test reports: the temporary directory goes away with the test
        Path kept = Path.of("target", "nexus-logs", dir.getParent().getFileName() + "-" + dir.getFileName() + ".log");
        Files.createDirectories(kept.getParent());
        Files.copy(dir.resolve("nexus.log"), kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
