package io.xtremehub.standalone.cli;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.UTF8StringSerializer;
import io.xtremehub.pravega.ReaderWakeUp;
import java.io.PrintWriter;
import java.net.URI;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code xtremehub read STREAM}: prints events through a reader group of one. */
@Command(name = "read", mixinStandardHelpOptions = true,
        description = "Print a stream's events, one per line, through a reader group.")
public final class ReadCommand implements Callable<Integer> {
    // short: a reader at the tail can sleep out its whole wait with an event there (Pravega 0.13);
    // the next read returns it, so the wait bounds how late a followed stream's events print
    private static final long POLL_MILLIS = 20;

    @Mixin ControllerOptions controller;
    @Spec CommandSpec spec;
    @Parameters(paramLabel = "STREAM") String stream;
    @Option(names = "--from-start", description = "Read from the head of the stream, not only new events.")
    boolean fromStart;
    @Option(names = "--max", description = "Stop after this many events.")
    Long max;
    @Option(names = "--timeout-ms", description = "Stop when no event arrived for this long (default: wait forever).")
    Long timeoutMillis;

    @Override
    public Integer call() {
        if (max != null && max < 0) {
            throw new CliException("--max must not be negative, got " + max);
        }
        URI uri = controller.reachableController();
        StreamCut start;
        try (StreamManager streams = StreamManager.create(uri)) {
            controller.requireStream(streams, stream);
            start = fromStart ? StreamCut.UNBOUNDED
                    : streams.fetchStreamInfo(controller.scope, stream).join().getTailStreamCut();
        }
        String group = "cli-read-" + UUID.randomUUID().toString().substring(0, 8);
        ClientConfig client = ClientConfig.builder().controllerURI(uri).build();
        PrintWriter out = spec.commandLine().getOut();
        long count = 0;
        try (ReaderGroupManager groups = ReaderGroupManager.withScope(controller.scope, client)) {
            groups.createReaderGroup(group, ReaderGroupConfig.builder()
                    // successors of merged segments are released at checkpoints: take them often
                    .automaticCheckpointIntervalMillis(1000)
                    .stream(Stream.of(controller.scope, stream), start).build());
            try (EventStreamClientFactory clients = ReaderWakeUp.install(EventStreamClientFactory.withScope(controller.scope, client));
                 EventStreamReader<String> reader = clients.createReader("reader", group,
                         new UTF8StringSerializer(), ReaderConfig.builder().build())) {
                long idleSince = System.nanoTime();
                while (max == null || count < max) {
                    EventRead<String> read = reader.readNextEvent(POLL_MILLIS);
                    if (read.getEvent() != null) {
                        out.println(read.getEvent());
                        count++;
                        idleSince = System.nanoTime();
                    } else if (timeoutMillis != null && (System.nanoTime() - idleSince) / 1_000_000 >= timeoutMillis) {
                        break;
                    }
                }
                out.flush();
            } finally {
                groups.deleteReaderGroup(group);
            }
        }
        spec.commandLine().getErr().println("read " + count + " events");
        return 0;
    }
}
