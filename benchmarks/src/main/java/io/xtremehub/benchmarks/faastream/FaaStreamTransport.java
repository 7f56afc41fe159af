package io.xtremehub.benchmarks.faastream;

import io.pravega.client.ClientConfig;
import io.pravega.client.EventStreamClientFactory;
import io.pravega.client.admin.ReaderGroupManager;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.stream.EventRead;
import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.pravega.client.stream.EventWriterConfig;
import io.pravega.client.stream.ReaderConfig;
import io.pravega.client.stream.ReaderGroupConfig;
import io.pravega.client.stream.ScalingPolicy;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamConfiguration;
import io.pravega.client.stream.impl.ByteArraySerializer;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** FaaStream: the chain is a pipeline of pass-through stages connected by Pravega streams. */
final class FaaStreamTransport implements Transports {
    private final Manager manager;
    private final String scope;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager readerGroups;

    FaaStreamTransport(Manager manager, URI controller, String scope) {
        this.manager = manager;
        this.scope = scope;
        ClientConfig cc = ClientConfig.builder().controllerURI(controller).build();
        this.streams = StreamManager.create(cc);
        this.clients = EventStreamClientFactory.withScope(scope, cc);
        this.readerGroups = ReaderGroupManager.withScope(scope, cc);
    }

    @Override
    public String name() {
        return "faastream";
    }

    String stream(String prefix, int segments) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        streams.createStream(scope, name, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(segments)).build());
        return name;
    }

    @Override
    public Chain chain(int length, int eventSize) {
        String in = stream("bin", 1);
        String out = stream("bout", 1);
        Pipeline<byte[]> p = Pipeline.fromStream(in, Serializers.bytes());
        for (int i = 0; i < length; i++) {
            p = p.map(b -> b, Serializers.bytes());
        }
        Job job = manager.execute(p.writeToStream(out), JobOptions.builder().mode(Mode.STREAM).build());
        EventStreamWriter<byte[]> writer = clients.createEventWriter(in, new ByteArraySerializer(),
                EventWriterConfig.builder().build());
        String rg = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        readerGroups.createReaderGroup(rg, ReaderGroupConfig.builder().stream(Stream.of(scope, out)).build());
        EventStreamReader<byte[]> reader = clients.createReader("r", rg, new ByteArraySerializer(),
                ReaderConfig.builder().build());
        return new Chain() {
            @Override public void send(byte[] event) {
                writer.writeEvent(event);
                writer.flush();
            }
            @Override public byte[] receive(long timeoutMillis) {
                long deadline = System.currentTimeMillis() + timeoutMillis;
                while (System.currentTimeMillis() < deadline) {
                    EventRead<byte[]> e = reader.readNextEvent(Math.max(1, deadline - System.currentTimeMillis()));
                    if (e.getEvent() != null) {
                        return e.getEvent();
                    }
                }
                return null;
            }
            @Override public void close() {
                job.cancel();
                reader.close();
                writer.close();
                // the reader group is left: the cluster is discarded, and deleting one can block on a
                // read of its tiered state segment
            }
        };
    }

    @Override
    public double batch(List<byte[]> events, int workers) throws Exception {
        String in = stream("batch-in", workers);
        String out = stream("batch-out", workers);
        try (EventStreamWriter<byte[]> w = clients.createEventWriter(in, new ByteArraySerializer(),
                EventWriterConfig.builder().build())) {
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
        readerGroups.close();
        clients.close();
        streams.close();
    }
}
