package io.xtremehub.benchmarks.faastream;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/** FaaStream: the chain is a pipeline of pass-through stages connected by Pravega streams. */
final class FaaStreamTransport implements Transports {
    private final Manager manager;
    private final PravegaClients pravega;

    FaaStreamTransport(Manager manager, URI controller, String scope) {
        this.manager = manager;
        this.pravega = new PravegaClients(controller, scope);
    }

    @Override
    public String name() {
        return "faastream";
    }

    @Override
    public Chain chain(int length, int eventSize) {
        String in = pravega.stream("bin", 1);
        String out = pravega.stream("bout", 1);
        Pipeline<byte[]> p = Pipeline.fromStream(in, Serializers.bytes());
        for (int i = 0; i < length; i++) {
            p = p.map(b -> b, Serializers.bytes());
        }
        Job job = manager.execute(p.writeToStream(out), JobOptions.builder().mode(Mode.STREAM).build());
        return new PravegaChainEnds(pravega.writer(in), pravega.reader(out), job::cancel);
    }

    @Override
    public double batch(List<byte[]> events, int workers) throws Exception {
        String in = pravega.stream("batch-in", workers);
        String out = pravega.stream("batch-out", workers);
        try (EventStreamWriter<byte[]> w = pravega.writer(in)) {
            for (byte[] e : events) {
                w.writeEvent(e);
            }
            w.flush();
        }
        long t0 = System.nanoTime();
        manager.execute(Pipeline.fromStream(in, Serializers.bytes())
                .map(Timestamped::stamp, Serializers.bytes()).parallelism(workers)
                .writeToStream(out), JobOptions.builder().mode(Mode.BATCH).build()).awaitCompletion(Duration.ofMinutes(20));
        return (System.nanoTime() - t0) / 1e9;
    }

    @Override
    public void close() {
        pravega.close();
    }
}
