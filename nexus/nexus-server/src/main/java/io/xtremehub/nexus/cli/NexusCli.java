package io.xtremehub.nexus.cli;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code nexus} administration CLI; talks to a worker's admin API.
 *
 * <pre>
 * nexus [--admin URL] [--token T] streamlet register JAR
 * nexus policy define FILE.json | policy list | policy delete NAME
 * nexus status
 * nexus swarmlet list | swarmlet show NAME
 * nexus serve [--config nexus.yaml] [flags]    (runs Nexus itself, see {@link ServeCommand})
 * </pre>
 * The URL and token default to {@code NEXUS_ADMIN_URL} and {@code NEXUS_ADMIN_TOKEN}.
 */
@Command(name = "nexus", mixinStandardHelpOptions = true, description = "Run or administer Nexus.",
        subcommands = {ServeCommand.class, NexusCli.StreamletCmd.class, NexusCli.PolicyCmd.class,
                NexusCli.StatusCmd.class, SwarmletCommand.class})
public final class NexusCli {
    @Option(names = "--admin", description = "admin API URL (env NEXUS_ADMIN_URL)",
            defaultValue = "${env:NEXUS_ADMIN_URL:-http://127.0.0.1:9001}")
    URI admin;

    @Option(names = "--token", description = "admin token (env NEXUS_ADMIN_TOKEN)",
            defaultValue = "${env:NEXUS_ADMIN_TOKEN:-}")
    String token;

    /** Runs the CLI and returns the exit code. */
    public static int run(String... args) {
        return new CommandLine(new NexusCli()).execute(args);
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Sends a request without a body; see {@link #call(String, String, HttpRequest.BodyPublisher)}. */
    int call(String method, String path) throws Exception {
        return call(method, path, HttpRequest.BodyPublishers.noBody());
    }

    /** Sends a file as the request body, after checking it exists (exit code 1 when it does not). */
    int upload(String method, String path, Path file) throws Exception {
        if (!Files.isRegularFile(file)) {
            System.err.println("nexus: " + file + " does not exist");
            return 1;
        }
        return call(method, path, HttpRequest.BodyPublishers.ofFile(file));
    }

    /** Sends a request to the admin API and prints its answer; returns the exit code. */
    int call(String method, String path, HttpRequest.BodyPublisher body) throws Exception {
        return call(method, path, body, System.out::println);
    }

    /** Sends a request to the admin API and hands a non-empty answer to {@code print}; returns the exit code. */
    int call(String method, String path, HttpRequest.BodyPublisher body, java.util.function.Consumer<String> print)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(admin.resolve(path)).method(method, body);
        if (token != null && !token.isEmpty()) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r;
        try {
            r = HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            System.err.println("nexus: cannot reach the admin API at " + admin + ": " + e.getMessage());
            return 2;
        }
        if (r.statusCode() >= 400) {
            String msg = r.body().replaceAll("^\\{\"error\":\"(.*)\"}$", "$1");
            System.err.println("nexus: " + msg);
            return 1;
        }
        if (!r.body().isEmpty()) {
            print.accept(r.body());
        }
        return 0;
    }

    @Command(name = "streamlet", description = "Manage streamlets.", subcommands = StreamletCmd.Register.class)
    static final class StreamletCmd {
        @CommandLine.ParentCommand
        NexusCli root;

        @Command(name = "register", description = "Upload a streamlet jar; it is loaded without a restart.")
        static final class Register implements Callable<Integer> {
            @CommandLine.ParentCommand
            StreamletCmd parent;
            @Parameters(paramLabel = "JAR")
            Path jar;

            @Override
            public Integer call() throws Exception {
                return parent.root.upload("POST", "/streamlets", jar);
            }
        }
    }

    @Command(name = "policy", description = "Manage policies.",
            subcommands = {PolicyCmd.Define.class, PolicyCmd.ListCmd.class, PolicyCmd.Delete.class})
    static final class PolicyCmd {
        @CommandLine.ParentCommand
        NexusCli root;

        @Command(name = "define", description = "Define (or version) a policy from a JSON file.")
        static final class Define implements Callable<Integer> {
            @CommandLine.ParentCommand
            PolicyCmd parent;
            @Parameters(paramLabel = "FILE")
            Path file;

            @Override
            public Integer call() throws Exception {
                return parent.root.upload("PUT", "/policies", file);
            }
        }

        @Command(name = "list", description = "List active policies.")
        static final class ListCmd implements Callable<Integer> {
            @CommandLine.ParentCommand
            PolicyCmd parent;

            @Override
            public Integer call() throws Exception {
                return parent.root.call("GET", "/policies");
            }
        }

        @Command(name = "delete", description = "Retire a policy (objects it wrote stay readable).")
        static final class Delete implements Callable<Integer> {
            @CommandLine.ParentCommand
            PolicyCmd parent;
            @Parameters(paramLabel = "NAME")
            String name;

            @Override
            public Integer call() throws Exception {
                return parent.root.call("DELETE", "/policies/" + name);
            }
        }
    }

    @Command(name = "status", description = "Show endpoint, backend, metadata store, policies, streamlets.")
    static final class StatusCmd implements Callable<Integer> {
        @CommandLine.ParentCommand
        NexusCli root;

        @Override
        public Integer call() throws Exception {
            return root.call("GET", "/status");
        }
    }
}
