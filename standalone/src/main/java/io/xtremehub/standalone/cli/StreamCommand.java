package io.xtremehub.standalone.cli;

import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.xtremehub.standalone.admin.SegmentRange;
import io.xtremehub.standalone.admin.StreamAdmin;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code xtremehub stream create|list|describe|scale|delete}. */
@Command(name = "stream", mixinStandardHelpOptions = true, description = "Manage streams.",
        subcommands = {StreamCommand.Create.class, StreamCommand.ListStreams.class, StreamCommand.Describe.class,
                StreamCommand.Scale.class, StreamCommand.Delete.class})
public final class StreamCommand {

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create a stream.")
    static final class Create implements Callable<Integer> {
        @Mixin ControllerOptions controller;
        @Spec CommandSpec spec;
        @Parameters(paramLabel = "STREAM") String stream;
        @Option(names = "--segments", defaultValue = "1", description = "Initial segments (default: ${DEFAULT-VALUE}).")
        int segments;
        @Option(names = "--auto-scale-events", description = "Let Pravega scale by this many events/s per segment.")
        Integer autoScaleEvents;

        @Override
        public Integer call() {
            if (segments < 1) {
                throw new CliException("--segments must be at least 1, got " + segments);
            }
            ScalingPolicy policy = autoScaleEvents == null ? ScalingPolicy.fixed(segments)
                    : ScalingPolicy.byEventRate(autoScaleEvents, 2, segments);
            try (StreamManager streams = controller.streamManager()) {
                streams.createScope(controller.scope);
                boolean created = streams.createStream(controller.scope, stream,
                        StreamConfiguration.builder().scalingPolicy(policy).build());
                spec.commandLine().getOut().println(created
                        ? "created stream " + controller.scope + "/" + stream + " with " + segments + " segment(s)"
                        : "stream " + controller.scope + "/" + stream + " already exists");
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the streams of a scope.")
    static final class ListStreams implements Callable<Integer> {
        @Mixin ControllerOptions controller;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            try (StreamManager streams = controller.streamManager()) {
                if (!streams.checkScopeExists(controller.scope)) {
                    throw new CliException("scope " + controller.scope + " does not exist");
                }
                for (Iterator<Stream> it = streams.listStreams(controller.scope); it.hasNext(); ) {
                    String name = it.next().getStreamName();
                    if (!name.startsWith("_")) { // Pravega's internal mark and reader-group streams
                        spec.commandLine().getOut().println(name);
                    }
                }
            }
            return 0;
        }
    }

    @Command(name = "describe", mixinStandardHelpOptions = true,
            description = "Show a stream's active segments and their routing-key ranges.")
    static final class Describe implements Callable<Integer> {
        @Mixin ControllerOptions controller;
        @Spec CommandSpec spec;
        @Parameters(paramLabel = "STREAM") String stream;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (StreamManager streams = controller.streamManager()) {
                controller.requireStream(streams, stream);
                StreamInfo info = streams.fetchStreamInfo(controller.scope, stream).join();
                try (StreamAdmin admin = new StreamAdmin(controller.reachableController())) {
                    List<SegmentRange> segments = admin.segments(controller.scope, stream);
                    out.println("stream " + controller.scope + "/" + stream + (info.isSealed() ? " (sealed)" : "")
                            + ": " + segments.size() + " active segment(s)");
                    segments.forEach(s -> out.println("  " + s));
                    out.println("  head: " + info.getHeadStreamCut().asText());
                    out.println("  tail: " + info.getTailStreamCut().asText());
                }
            }
            return 0;
        }
    }

    @Command(name = "scale", mixinStandardHelpOptions = true,
            description = "Split a segment, merge two neighbours, or rescale to N equal segments.")
    static final class Scale implements Callable<Integer> {
        @Mixin ControllerOptions controller;
        @Spec CommandSpec spec;
        @Parameters(paramLabel = "STREAM") String stream;
        @ArgGroup(multiplicity = "1") How how;

        static final class How {
            @Option(names = "--split", paramLabel = "SEGMENT", description = "Split this segment number in two.")
            Integer split;
            @Option(names = "--merge", paramLabel = "A,B", split = ",", arity = "1",
                    description = "Merge these two neighbouring segment numbers.")
            int[] merge;
            @Option(names = "--segments", paramLabel = "N", description = "Rescale to N equal segments.")
            Integer segments;
        }

        @Override
        public Integer call() {
            try (StreamManager streams = controller.streamManager()) {
                controller.requireStream(streams, stream);
            }
            try (StreamAdmin admin = new StreamAdmin(controller.reachableController())) {
                if (how.split != null) {
                    admin.split(controller.scope, stream, how.split);
                } else if (how.merge != null) {
                    if (how.merge.length != 2) {
                        throw new CliException("--merge takes exactly two segment numbers, like --merge 1,2");
                    }
                    admin.merge(controller.scope, stream, how.merge[0], how.merge[1]);
                } else {
                    admin.scaleTo(controller.scope, stream, how.segments);
                }
                PrintWriter out = spec.commandLine().getOut();
                out.println("scaled " + controller.scope + "/" + stream + "; active segments now:");
                admin.segments(controller.scope, stream).forEach(s -> out.println("  " + s));
            }
            return 0;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Seal and delete a stream.")
    static final class Delete implements Callable<Integer> {
        @Mixin ControllerOptions controller;
        @Spec CommandSpec spec;
        @Parameters(paramLabel = "STREAM") String stream;

        @Override
        public Integer call() {
            try (StreamManager streams = controller.streamManager()) {
                controller.requireStream(streams, stream);
                streams.sealStream(controller.scope, stream);
                streams.deleteStream(controller.scope, stream);
                spec.commandLine().getOut().println("deleted stream " + controller.scope + "/" + stream);
            }
            return 0;
        }
    }
}
