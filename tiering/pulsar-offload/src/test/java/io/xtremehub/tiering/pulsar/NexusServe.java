package io.xtremehub.tiering.pulsar;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Nexus run as an operator runs it: {@code nexus serve --config nexus.yaml} in a JVM of its own (Pulsar's
 * Jetty 9, Jackson 2.17 and Netty cannot share a class path with S3Proxy's Jetty 12 and Jackson 3), on
 * the class path {@code tiering/fault-streamlets} wrote at build time. The YAML follows
 * {@code nexus/examples/pulsar.yaml}: a filesystem (or S3) backend, Pulsar's credentials, one policy of
 * system type {@code pulsar} per bucket. Ready once it logs that it serves; administered with the
 * {@code nexus} CLI; closing it sends SIGTERM (the Ctrl-C path: in-flight requests drain).
 */
final class NexusServe implements AutoCloseable {
    /**
     * Nexus' S3 credentials: those the broker's offloader signs with. Its "S3" driver reads them from
     * the broker's environment only (ACCESS_KEY_ID, ACCESS_KEY_SECRET: set in the failsafe configuration).
     */
    static final String ACCESS_KEY = System.getenv().getOrDefault("ACCESS_KEY_ID", "pulsar-offloader");
    static final String SECRET_KEY = System.getenv().getOrDefault("ACCESS_KEY_SECRET", "pulsar-offloader-secret");

    private static final Pattern SERVING = Pattern.compile(
            "Nexus serving S3 at (http://[^/,]+)/?, admin API and /metrics at (http://[^/;]+)/?;");
    private static final Duration START_LIMIT = Duration.ofMinutes(2);

    private final Process process;
    private final Path dir;
    private final String endpoint;
    private final String admin;
    private final String adminToken;

    private NexusServe(Process process, Path dir, String endpoint, String admin, String adminToken) {
        this.process = process;
        this.dir = dir;
        this.endpoint = endpoint;
        this.admin = admin;
        this.adminToken = adminToken;
    }

    /** A Nexus whose files (config, log, work directory, filesystem backend) go under {@code dir}. */
    static Builder builder(Path dir) {
        return new Builder(dir);
    }

    /** What to serve. */
    static final class Builder {
        private final Path dir;
        private final Map<String, String> policies = new LinkedHashMap<>();
        private final List<String> buckets = new ArrayList<>();
        private String s3Backend;

        private Builder(Path dir) {
            this.dir = dir;
        }

        /**
         * A bucket with a policy named after it running {@code streamlets}: comma-separated, each
         * {@code name} or {@code name:key=value;key=value} (e.g. {@code zstd:level=19;blockSize=1048576}).
         */
        Builder policy(String bucket, String streamlets) {
            policies.put(bucket, streamlets);
            return bucket(bucket);
        }

        /** A bucket created at start (as an operator creates it), without a policy. */
        Builder bucket(String bucket) {
            if (!buckets.contains(bucket)) {
                buckets.add(bucket);
            }
            return this;
        }

        /** An S3 backend at {@code endpoint} taking our credentials, instead of {@code dir/backend}. */
        Builder s3Backend(String endpoint) {
            this.s3Backend = endpoint;
            return this;
        }

        NexusServe start() throws IOException {
            Files.createDirectories(dir);
            String token = UUID.randomUUID().toString();
            Path config = dir.resolve("nexus.yaml");
            Files.writeString(config, yaml(token));
            Path log = dir.resolve("nexus.log");
            Process process = new ProcessBuilder(java(List.of("serve", "--config", config.toString())))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // a test JVM that ends without closing us must not leave Nexus running
            Runtime.getRuntime().addShutdownHook(new Thread(process::destroy));
            try {
                Matcher ready = SERVING.matcher("");
                await().atMost(START_LIMIT).pollInterval(Duration.ofMillis(200)).until(() -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException("nexus serve exited with " + process.exitValue() + ": "
                                + Files.readString(log).strip());
                    }
                    return ready.reset(Files.readString(log)).find();
                });
                return new NexusServe(process, dir, ready.group(1), ready.group(2), token);
            } catch (RuntimeException e) {
                process.destroyForcibly();
                throw e;
            }
        }

        private String yaml(String adminToken) {
            StringBuilder y = new StringBuilder();
            y.append("listen: {host: 127.0.0.1, port: 0, adminPort: 0}\n");
            y.append("credentials: {accessKey: ").append(ACCESS_KEY).append(", secretKey: ").append(SECRET_KEY)
                    .append("}\n");
            y.append("adminToken: ").append(adminToken).append('\n');
            y.append("workDir: ").append(dir.resolve("work")).append('\n');
            if (s3Backend == null) {
                y.append("backend: {type: filesystem, path: ").append(dir.resolve("backend")).append("}\n");
            } else {
                // a Nexus backend keeps the default tag bucket to itself
                y.append("backend: {type: s3, endpoint: ").append(s3Backend).append(", accessKey: ").append(ACCESS_KEY)
                        .append(", secretKey: ").append(SECRET_KEY).append(", tagBucket: nexus-front-tags}\n");
            }
            y.append("buckets: [").append(String.join(", ", buckets)).append("]\n");
            y.append("policies:\n");
            policies.forEach((bucket, streamlets) -> y.append("  - ").append(policyJson(bucket, streamlets))
                    .append('\n'));
            return y.toString();
        }
    }

    /** Registers a streamlet jar, as {@code xtremehub nexus streamlet register JAR} does. */
    void registerStreamlets(Path jar) throws IOException, InterruptedException {
        cli("streamlet", "register", jar.toString());
    }

    /** Defines a policy named after the bucket, as {@code xtremehub nexus policy define FILE.json} does. */
    void definePolicy(String bucket, String streamlets) throws IOException, InterruptedException {
        Path file = dir.resolve("policy-" + bucket + ".json");
        Files.writeString(file, policyJson(bucket, streamlets));
        cli("policy", "define", file.toString());
    }

    // the nexus CLI in a JVM of its own, against our admin API
    private void cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("--admin", admin, "--token", adminToken));
        command.addAll(List.of(args));
        Path out = dir.resolve("cli.log");
        Process cli = new ProcessBuilder(java(command)).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!cli.waitFor(2, TimeUnit.MINUTES)) {
            cli.destroyForcibly();
            throw new IOException("nexus " + String.join(" ", args) + " did not finish in 2 minutes");
        }
        if (cli.exitValue() != 0) {
            throw new IOException("nexus " + String.join(" ", args) + " failed: " + Files.readString(out).strip());
        }
    }

    /** The policy as the admin API and the YAML file take it (JSON is YAML too). */
    static String policyJson(String bucket, String streamlets) {
        List<String> steps = new ArrayList<>();
        for (String spec : streamlets.split(",")) {
            String[] nameAndParameters = spec.trim().split(":", 2);
            List<String> parameters = new ArrayList<>();
            if (nameAndParameters.length > 1) {
                for (String pair : nameAndParameters[1].split(";")) {
                    String[] kv = pair.split("=", 2);
                    if (kv.length != 2) {
                        throw new IllegalArgumentException("streamlet parameter '" + pair + "' in '" + spec
                                + "' is not key=value");
                    }
                    parameters.add("\"" + kv[0] + "\": \"" + kv[1] + "\"");
                }
            }
            steps.add("{\"name\": \"" + nameAndParameters[0] + "\", \"parameters\": {" + String.join(", ", parameters)
                    + "}}");
        }
        return "{\"name\": \"" + bucket + "\", \"version\": 0, \"system\": \"PULSAR\", \"bucket\": \"" + bucket
                + "\", \"keyGlob\": \"**\", \"pipeline\": [" + String.join(", ", steps) + "], \"outputBuckets\": []}";
    }

    // java -cp <Nexus' class path> NexusCli <args>
    private static List<String> java(List<String> args) throws IOException {
        Path classpathFile = Path.of(System.getProperty("nexus.classpath.file",
                "../fault-streamlets/target/nexus-classpath.txt"));
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException(classpathFile + " is missing: build tiering/fault-streamlets first "
                    + "(mvn install -pl tiering/fault-streamlets -am)");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-Dlogback.configurationFile=nexus-logback.xml", "-cp", Files.readString(classpathFile).strip(),
                "io.xtremehub.nexus.cli.NexusCli"));
        command.addAll(args);
        return command;
    }

    /** The streamlet jar of {@code tiering/fault-streamlets} ({@code fail-first-puts}). */
    static Path faultStreamletsJar() {
        Path jar = Path.of(System.getProperty("fault.streamlets.jar",
                "../fault-streamlets/target/fault-streamlets-0.1.0-SNAPSHOT.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build tiering/fault-streamlets first");
        }
        return jar;
    }

    /** The S3 endpoint, e.g. {@code http://127.0.0.1:41234}. */
    String endpoint() {
        return endpoint;
    }

    /** The backend directory of a bucket (filesystem backend). */
    Path bucketDir(String bucket) {
        return dir.resolve("backend").resolve(bucket);
    }

    /** What Nexus logged so far. */
    String log() throws IOException {
        return Files.readString(dir.resolve("nexus.log"));
    }

    /** Stops it as Ctrl-C does (SIGTERM: in-flight requests drain); idempotent. */
    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // kept beside the test reports: the temporary directory goes away with the test
        Path kept = Path.of("target", "nexus-logs", dir.getParent().getFileName() + "-" + dir.getFileName() + ".log");
        Files.createDirectories(kept.getParent());
        Files.copy(dir.resolve("nexus.log"), kept, StandardCopyOption.REPLACE_EXISTING);
    }
}
