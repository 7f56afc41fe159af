package io.xtremehub.nexus.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import io.xtremehub.nexus.metadata.MetadataJson;
import io.xtremehub.nexus.swarm.SwarmletView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code nexus swarmlet list|show NAME}: the swarmlets of the worker's metadata namespace with
 * their labels and live workers, and the partition intervals each worker owns, as text (or the
 * admin API's JSON with {@code --json}).
 */
@Command(name = "swarmlet", description = "Show swarmlets: labels, workers, the partitions each owns.",
        subcommands = {SwarmletCommand.ListCmd.class, SwarmletCommand.Show.class})
final class SwarmletCommand {
    @CommandLine.ParentCommand
    NexusCli root;

    @Command(name = "list", description = "List swarmlets with their labels, workers and each worker's share.")
    static final class ListCmd implements Callable<Integer> {
        @CommandLine.ParentCommand
        SwarmletCommand parent;
        @Option(names = "--json", description = "print the admin API's JSON")
        boolean json;

        @Override
        public Integer call() throws Exception {
            return parent.root.call("GET", "/swarmlets", HttpRequest.BodyPublishers.noBody(), body -> {
                List<SwarmletView> all = read(body, new TypeReference<>() { });
                System.out.print(json ? body + "\n" : all.isEmpty() ? "no swarmlets\n" : list(all, false));
            });
        }
    }

    @Command(name = "show", description = "Show a swarmlet's labels, workers and the partition intervals each owns.")
    static final class Show implements Callable<Integer> {
        @CommandLine.ParentCommand
        SwarmletCommand parent;
        @Parameters(paramLabel = "NAME")
        String name;
        @Option(names = "--json", description = "print the admin API's JSON")
        boolean json;

        @Override
        public Integer call() throws Exception {
            String path = "/swarmlets/" + URLEncoder.encode(name, StandardCharsets.UTF_8);
            return parent.root.call("GET", path, HttpRequest.BodyPublishers.noBody(), body -> {
                SwarmletView view = read(body, new TypeReference<>() { });
                System.out.print(json ? body + "\n" : list(List.of(view), true));
            });
        }
    }

    private static <T> T read(String body, TypeReference<T> type) {
        try {
            return MetadataJson.MAPPER.readValue(body, type);
        } catch (IOException e) {
            throw new UncheckedIOException("the admin API answered something else than swarmlets: "
                    + e.getMessage(), e);
        }
    }

    /** The text form: a line per swarmlet, a line per worker, and with intervals a line per interval. */
    static String list(List<SwarmletView> swarmlets, boolean intervals) {
        StringBuilder out = new StringBuilder();
        for (SwarmletView s : swarmlets) {
            out.append(String.format(Locale.ROOT, "swarmlet %s  location=%s  hardware=%s  endpoint=%s  workers=%d%n",
                    s.name(), s.labels().location(),
                    s.labels().hardware().isEmpty() ? "none" : String.join(",", s.labels().hardware()),
                    s.endpoint() == null ? "none" : s.endpoint(), s.workers().size()));
            for (SwarmletView.Worker w : s.workers()) {
                out.append(String.format(Locale.ROOT, "  worker %s  s3=%s  mesh=%s  owns %.1f%% of the partition"
                                + " ID space in %d intervals%n", w.id(), w.s3() == null ? "unknown" : w.s3(), w.mesh(),
                        100 * w.share(), w.intervals().size()));
                if (intervals) {
                    w.intervals().forEach(i -> out.append("    ").append(i).append('\n'));
                }
            }
        }
        return out.toString();
    }
}
