package io.xtremehub.tiering.nexusprocess;

import io.xtremehub.nexus.Backend;
import io.xtremehub.nexus.NexusServer;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.StreamletRef;
import io.xtremehub.nexus.policy.SystemType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one Nexus server in this JVM for a parent process that cannot load Nexus itself (a Pulsar
 * or Kafka broker brings Jetty 9, Jackson 2 and its own Netty). The parent reads one line on our
 * standard output, {@code NEXUS-READY <s3 endpoint> <admin endpoint> <admin token>}, and closes our
 * standard input to stop us, so Nexus never outlives a parent that dies.
 *
 * <p>Options: {@code --work-dir DIR} (required); {@code --backend-dir DIR} (filesystem backend,
 * default {@code <work-dir>/backend}, where the policies' buckets are created) or {@code --backend-s3
 * URL} with {@code --backend-access-key} and {@code --backend-secret-key}; {@code --tag-bucket}
 * (another than the default when the backend is a Nexus, which keeps that bucket to itself);
 * {@code --access-key}, {@code --secret-key}; {@code --system} of the policies (default pulsar);
 * and per bucket a policy named after it, {@code --policy-<bucket> <streamlets>} with the
 * streamlets comma-separated, each {@code name} or {@code name:key=value;key=value} (e.g.
 * {@code --policy-offload fail-first-puts:failures=1,zstd}). The streamlets of this jar
 * ({@link FailingPutsStreamlet}) are registered at start, so a policy can use them.
 */
public final class NexusProcessMain {
    private static final String POLICY = "policy-";
    private static final Set<String> OPTIONS = Set.of("work-dir", "backend-dir", "backend-s3", "backend-access-key",
            "backend-secret-key", "access-key", "secret-key", "system", "tag-bucket");

    /** Prefix of the line that tells the parent Nexus is serving. */
    public static final String READY = "NEXUS-READY";

    private NexusProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path workDir = Path.of(required(options, "work-dir"));
        Backend backend = backend(options, workDir);
        NexusServer nexus = NexusServer.builder()
                .backend(backend)
                .workDir(workDir.resolve("nexus-work"))
                .tagBucket(options.getOrDefault("tag-bucket", NexusServer.DEFAULT_TAG_BUCKET))
                .credentials(options.getOrDefault("access-key", NexusServer.DEFAULT_ACCESS_KEY),
                        options.getOrDefault("secret-key", NexusServer.DEFAULT_SECRET_KEY))
                .build()
                .start();
        try {
            nexus.streamlets().register(ownJar());
            SystemType system = SystemType.parse(options.getOrDefault("system", "pulsar"));
            options.forEach((option, streamlets) -> {
                if (option.startsWith(POLICY)) {
                    String bucket = option.substring(POLICY.length());
                    createBucket(backend, bucket);
                    nexus.definePolicy(new Policy(bucket, 0, system, bucket, "**", pipeline(streamlets), List.of()));
                }
            });
            System.out.println(READY + " " + strip(nexus.endpoint()) + " " + strip(nexus.adminEndpoint()) + " "
                    + nexus.adminToken());
            System.out.flush();
            waitForEndOf(System.in);
        } finally {
            nexus.close();
        }
    }

    // comma-separated streamlets
    private static List<StreamletRef> pipeline(String streamlets) {
        return Arrays.stream(streamlets.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .map(NexusProcessMain::streamletRef).toList();
    }

    // "name" or "name:key=value;key=value"
    private static StreamletRef streamletRef(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
            return new StreamletRef(spec, Map.of());
        }
        Map<String, String> parameters = new HashMap<>();
        for (String pair : spec.substring(colon + 1).split(";")) {
            String[] kv = pair.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("streamlet parameter '" + pair + "' in '" + spec
                        + "' is not key=value");
            }
            parameters.put(kv[0], kv[1]);
        }
        return new StreamletRef(spec.substring(0, colon), parameters);
    }

    private static Backend backend(Map<String, String> options, Path workDir) throws IOException {
        if (options.containsKey("backend-s3")) {
            return Backend.s3(URI.create(options.get("backend-s3")), "us-east-1",
                    options.getOrDefault("backend-access-key", "backend"),
                    options.getOrDefault("backend-secret-key", "backend-secret"));
        }
        Path dir = Path.of(options.getOrDefault("backend-dir", workDir.resolve("backend").toString()));
        return Backend.filesystem(Files.createDirectories(dir));
    }

    // a policy's bucket exists from the start, as an operator would have created it (filesystem: a directory)
    private static void createBucket(Backend backend, String bucket) {
        if (backend instanceof Backend.Filesystem filesystem) {
            try {
                Files.createDirectories(filesystem.baseDir().resolve(bucket));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot create bucket " + bucket, e);
            }
        }
    }

    private static Path ownJar() throws URISyntaxException {
        return Path.of(NexusProcessMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void waitForEndOf(InputStream in) throws IOException {
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            // the parent writes nothing; end of input means it is done or gone
        }
    }

    private static String strip(URI uri) {
        String s = uri.toString();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected '--option value' pairs, got '" + args[i] + "'");
            }
            String name = args[i].substring(2);
            if (!OPTIONS.contains(name) && !name.startsWith(POLICY)) {
                throw new IllegalArgumentException("unknown option --" + name + ": use " + OPTIONS.stream()
                        .map(o -> "--" + o).toList() + " or --" + POLICY + "<bucket>");
            }
            options.put(name, args[i + 1]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing --" + name);
        }
        return value;
    }
}
