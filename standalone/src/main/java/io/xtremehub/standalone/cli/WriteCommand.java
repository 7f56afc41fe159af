package io.xtremehub.standalone.cli;

import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code xtremehub write STREAM [FILE]}: one event per input line. */
@Command(name = "write", mixinStandardHelpOptions = true,
        description = "Write events to a stream, one per line of FILE or standard input.")
public final class WriteCommand implements Callable<Integer> {
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;

    @Mixin ControllerOptions controller;
    @Spec CommandSpec spec;
    @Parameters(index = "0", paramLabel = "STREAM") String stream;
    @Parameters(index = "1", arity = "0..1", paramLabel = "FILE", description = "Input file (default: stdin).")
    Path file;
    @Option(names = "--routing-key", description = "Routing key for every event.")
    String routingKey;
    @Option(names = "--key-separator", paramLabel = "SEP",
            description = "Each line is KEY<SEP>EVENT: the text before SEP is the event's routing key.")
    String keySeparator;
    @Option(names = "--quiet", description = "No progress lines.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        if (routingKey != null && keySeparator != null) {
            throw new CliException("use either --routing-key or --key-separator, not both");
        }
        URI uri = controller.reachableController();
        try (StreamManager streams = StreamManager.create(uri)) {
            controller.requireStream(streams, stream);
        }
        PrintWriter err = spec.commandLine().getErr();
        try (InputLines lines = InputLines.open(file, System.in, keySeparator);
             EventStreamClientFactory clients = EventStreamClientFactory.withScope(controller.scope,
                     io.pravega.client.ClientConfig.builder().controllerURI(uri).build());
             EventStreamWriter<String> writer = clients.createEventWriter(stream, new UTF8StringSerializer(),
                     EventWriterConfig.builder().build())) {
            long total = lines.count();
            long start = System.nanoTime();
            long[] written = {0};
            long[] lastReport = {start};
            lines.forEach(e -> {
                String key = e.routingKey() != null ? e.routingKey() : routingKey;
                if (key == null) {
                    writer.writeEvent(e.body());
                } else {
                    writer.writeEvent(key, e.body());
                }
                written[0]++;
                long now = System.nanoTime();
                if (!quiet && now - lastReport[0] > PROGRESS_EVERY_NANOS) {
                    lastReport[0] = now;
                    err.printf("written %d of %d events (%.0f%%)%n", written[0], total, 100.0 * written[0] / total);
                    err.flush();
                }
            });
            writer.flush();
            double seconds = (System.nanoTime() - start) / 1e9;
            spec.commandLine().getOut().printf("wrote %d events to %s/%s in %.1f s%n",
                    written[0], controller.scope, stream, seconds);
        }
        return 0;
    }
}
