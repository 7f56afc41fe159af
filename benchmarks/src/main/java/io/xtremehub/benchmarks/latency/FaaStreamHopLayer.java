package io.xtremehub.benchmarks.latency;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One FaaStream hop: a streaming one-function pipeline on thread workers, source stream to sink
 * stream. The function stamps each event, so the budget splits the hop into the part before the
 * function (write, Pravega hop, worker hand-off) and the whole way to a reader of the sink stream.
 */
final class FaaStreamHopLayer implements LatencyLayer {
    private final Job job;
    private final EventStreamWriter<byte[]> source;
    private final StampReader sink;

    FaaStreamHopLayer(PravegaClients pravega, Manager manager, ReaderSetting sinkReader) {
        String in = pravega.stream("faastream-in", 1);
        String out = pravega.stream("faastream-out", 1);
        this.job = manager.execute(Pipeline.fromStream(in, Serializers.bytes())
                .map(Stamps::markFunction, Serializers.bytes()).named("stamp")
                .writeToStream(out), JobOptions.builder().name("latency-budget").mode(Mode.STREAM).build());
        this.source = pravega.writer(in);
        this.sink = new StampReader(pravega.reader(out, sinkReader.checkpointMillis(), sinkReader.wakeUp()), sinkReader.timeoutMillis());
    }

    @Override
    public String name() {
        return "FaaStream one-function hop";
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        Samples toFunction = new Samples(events);
        Samples toSink = new Samples(events);
        sink.start(event -> {
            int i = Stamps.index(event);
            long sent = Stamps.sentNanos(event);
            toFunction.record(i, (Stamps.functionNanos(event) - sent) / 1e6);
            toSink.complete(i, sent);
        });
        try {
            Pacer.run(eventsPerSecond, events, i -> source.writeEvent(Stamps.event(i)));
            double[] whole = toSink.await(name(), Duration.ofSeconds(60));
            Map<String, double[]> lines = new LinkedHashMap<>();
            lines.put("FaaStream: source write to function", toFunction.await(name(), Duration.ofSeconds(1)));
            lines.put("FaaStream: source write to sink reader (one-function pipeline)", whole);
            return lines;
        } finally {
            sink.stop();
        }
    }

    @Override
    public void close() {
        job.cancel();
        sink.close();
        source.close();
    }
}
