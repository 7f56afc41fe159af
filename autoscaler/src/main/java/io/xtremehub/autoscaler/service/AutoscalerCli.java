package io.xtremehub.autoscaler.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.xtremehub.autoscaler.Orchestrator;
import io.xtremehub.autoscaler.config.AutoscalerConfig;
import io.xtremehub.autoscaler.config.ConfigLoader;
import io.xtremehub.autoscaler.config.ConfigOverrides;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code xtremehub autoscaler run --config autoscaler.yaml} runs the orchestrator in the
 * foreground until Ctrl-C; {@code xtremehub autoscaler status} asks a running one what it
 * watches and what it last decided.
 */
@Command(name = "autoscaler", mixinStandardHelpOptions = true,
        subcommands = {AutoscalerCli.Run.class, AutoscalerCli.Status.class},
        description = "The storage-compute orchestrator: Flink task managers and parallelism follow Pravega segments.")
public final class AutoscalerCli {
    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new AutoscalerCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("autoscaler: " + e.getMessage());
            return 2;
        });
        System.exit(cli.execute(args));
    }

    /** Runs the service. */
    @Command(name = "run", description = "Run the orchestrator in the foreground (Ctrl-C stops it).")
    static final class Run implements Callable<Integer> {
        @Option(names = "--config", defaultValue = "${env:AUTOSCALER_CONFIG:-autoscaler.yaml}",
                description = "YAML configuration (default: $AUTOSCALER_CONFIG or autoscaler.yaml)")
        Path config;
        @Option(names = "--controller", description = "Pravega controller URI, over pravega.controller (env AUTOSCALER_CONTROLLER)")
        String controller;
        @Option(names = "--scope", description = "Pravega scope, over pravega.scope (env AUTOSCALER_SCOPE)")
        String scope;
        @Option(names = "--flink-rest", description = "Flink REST address, over flink.rest (env AUTOSCALER_FLINK_REST)")
        String flinkRest;
        @Option(names = "--port", description = "status and metrics port, over http.port (env AUTOSCALER_PORT)")
        Integer port;
        @Option(names = "--period-seconds", description = "seconds between collections, over periodSeconds "
                + "(env AUTOSCALER_PERIOD_SECONDS)")
        Integer periodSeconds;

        @Override
        public Integer call() throws Exception {
            AutoscalerConfig c;
            Orchestrator orchestrator;
            try {
                ConfigOverrides flags = new ConfigOverrides(controller, scope, flinkRest, port, periodSeconds);
                c = ConfigLoader.load(config, flags.over(ConfigOverrides.fromEnvironment(System.getenv())));
                orchestrator = OrchestratorFactory.create(c);
            } catch (IllegalArgumentException e) { // ConfigException included
                System.err.println("autoscaler: " + e.getMessage());
                return 2;
            }
            StatusServer server = StatusServer.start(orchestrator, c.http().host(), c.http().port());
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                orchestrator.close();
                stopped.countDown();
                System.err.println("autoscaler stopped");
            }, "autoscaler-shutdown"));
            orchestrator.start();
            System.out.println("autoscaler running: " + c.scalers().size() + " scaler(s) every " + c.periodSeconds()
                    + " s; status and metrics at http://" + c.http().host() + ":" + server.port()
                    + "/status and /metrics");
            stopped.await();
            return 0;
        }
    }

    /** Prints a running service's status. */
    @Command(name = "status", description = "Show watched streams, jobs, last decisions and next allowed actions.")
    static final class Status implements Callable<Integer> {
        @Option(names = "--url", defaultValue = "http://127.0.0.1:9095", description = "the service's endpoint (default: ${DEFAULT-VALUE})")
        URI url;

        @Override
        public Integer call() throws Exception {
            HttpResponse<String> r;
            try {
                r = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build().send(
                        HttpRequest.newBuilder(url.resolve("/status")).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                System.err.println("autoscaler: no autoscaler answers at " + url + " (is 'autoscaler run' running, on that port?)");
                return 2;
            }
            System.out.print(StatusText.render(new ObjectMapper().readTree(r.body())));
            return r.statusCode() == 200 ? 0 : 1;
        }
    }

    /** The status JSON as text for a terminal. */
    static final class StatusText {
        static String render(JsonNode s) {
            StringBuilder out = new StringBuilder();
            out.append("collected at ").append(s.path("collectedAt").asText("never")).append('\n');
            out.append("streams:\n");
            s.path("streams").forEach(st -> out.append(String.format("  %-30s %3d segments (min %d)  %10.1f events/s  %12.1f B/s  unread %d B%n",
                    st.path("stream").asText(), st.path("segments").asInt(), st.path("minSegments").asInt(),
                    st.path("eventsPerSecond").asDouble(), st.path("bytesPerSecond").asDouble(), st.path("unreadBytes").asLong())));
            out.append("jobs:\n");
            s.path("jobs").forEach(j -> out.append(String.format("  %-30s %-10s parallelism %d%n",
                    j.path("name").asText(), j.path("state").asText(), j.path("parallelism").asInt())));
            JsonNode tm = s.path("taskManagers");
            out.append(String.format("task managers: %d registered, %d of %d slots free%n",
                    tm.path("registered").asInt(-1), tm.path("slotsFree").asInt(-1), tm.path("slotsTotal").asInt(-1)));
            out.append("scalers:\n");
            s.path("scalers").fields().forEachRemaining(e -> {
                JsonNode d = e.getValue();
                out.append(String.format("  %-20s %-11s %d -> %d (recommended %d)  next up %s, next down %s%n    %s%n",
                        e.getKey(), d.path("action").asText(), d.path("from").asInt(), d.path("to").asInt(),
                        d.path("recommended").asInt(), when(d.path("nextUpAllowed").asText()),
                        when(d.path("nextDownAllowed").asText()),
                        d.path("reason").asText()));
            });
            out.append("last actions:\n");
            s.path("lastActions").forEach(d -> out.append(String.format("  %s %-20s %-10s %d -> %d  %s%n",
                    d.path("time").asText(), d.path("scaler").asText(), d.path("action").asText(),
                    d.path("from").asInt(), d.path("to").asInt(), d.path("reason").asText())));
            return out.toString();
        }

        /** The stabilizer says the epoch for "never acted, no cool-down running". */
        private static String when(String instant) {
            return instant.startsWith("1970-") ? "any time" : instant;
        }
    }
}
