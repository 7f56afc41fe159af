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
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Not a baseline from the reference but the floor under FaaStream: the same streams and hops, each
 * function a bare Pravega reader and writer on a thread (write, flush, read). FaaStream minus this
 * is what the FaaStream runtime adds.
 */
final class PravegaTransport implements Transports {
    private final String scope;
    private final StreamManager streams;
    private final EventStreamClientFactory clients;
    private final ReaderGroupManager readerGroups;

    PravegaTransport(URI controller, String scope) {
        this.scope = scope;
        ClientConfig cc = ClientConfig.builder().controllerURI(controller).build();
        this.streams = StreamManager.create(cc);
        this.clients = EventStreamClientFactory.withScope(scope, cc);
        this.readerGroups = ReaderGroupManager.withScope(scope, cc);
    }

    @Override
    public String name() {
        return "pravega-raw";
    }

    private String stream() {
        String name = "raw-" + UUID.randomUUID().toString().substring(0, 8);
        streams.createStream(scope, name, StreamConfiguration.builder().scalingPolicy(ScalingPolicy.fixed(1)).build());
        return name;
    }

    private EventStreamReader<byte[]> reader(String stream) {
        String rg = stream + "-rg";
        readerGroups.createReaderGroup(rg, ReaderGroupConfig.builder().stream(Stream.of(scope, stream)).build());
        return clients.createReader("r", rg, new ByteArraySerializer(), ReaderConfig.builder().build());
    }

    private EventStreamWriter<byte[]> writer(String stream) {
        return clients.createEventWriter(stream, new ByteArraySerializer(), EventWriterConfig.builder().build());
    }

    @Override
    public Chain chain(int length, int eventSize) {
        List<String> hops = new ArrayList<>();
        for (int i = 0; i <= length; i++) {
            hops.add(stream());
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> functions = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            EventStreamReader<byte[]> in = reader(hops.get(i));
            EventStreamWriter<byte[]> out = writer(hops.get(i + 1));
            Thread t = new Thread(() -> {
                try (in; out) {
                    while (!stop.get()) {
                        byte[] e = in.readNextEvent(200).getEvent();
                        if (e != null) {
                            out.writeEvent(e);
                            out.flush();
                        }
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            functions.add(t);
        }
        EventStreamWriter<byte[]> source = writer(hops.get(0));
        EventStreamReader<byte[]> sink = reader(hops.get(length));
        return new Chain() {
            @Override public void send(byte[] event) {
                source.writeEvent(event);
                source.flush();
            }
            @Override public byte[] receive(long timeoutMillis) {
                long deadline = System.currentTimeMillis() + timeoutMillis;
                while (System.currentTimeMillis() < deadline) {
                    EventRead<byte[]> e = sink.readNextEvent(Math.max(1, deadline - System.currentTimeMillis()));
                    if (e.getEvent() != null) {
                        return e.getEvent();
                    }
                }
                return null;
            }
            @Override public void close() throws InterruptedException {
                stop.set(true);
                for (Thread t : functions) {
                    t.join(5_000);
                }
                source.close();
                sink.close();
            }
        };
    }

    @Override
    public double batch(List<byte[]> events, int workers) {
        throw new UnsupportedOperationException("pravega-raw is a latency floor only");
    }

    @Override
    public void close() {
        readerGroups.close();
        clients.close();
        streams.close();
    }
}
