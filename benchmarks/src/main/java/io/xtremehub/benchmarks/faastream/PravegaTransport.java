package io.xtremehub.benchmarks.faastream;

import io.pravega.client.stream.EventStreamReader;
import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Not a baseline from the reference but the floor under FaaStream: the same streams and hops, each
 * function a bare Pravega reader and writer on a thread (write, flush, read). FaaStream minus this
 * is what the FaaStream runtime adds.
 */
final class PravegaTransport implements Transports {
    private final PravegaClients pravega;

    PravegaTransport(URI controller, String scope) {
        this.pravega = new PravegaClients(controller, scope);
    }

    @Override
    public String name() {
        return "pravega-raw";
    }

    @Override
    public Chain chain(int length, int eventSize) {
        List<String> hops = new ArrayList<>();
        for (int i = 0; i <= length; i++) {
            hops.add(pravega.stream("raw", 1));
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> functions = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            EventStreamReader<byte[]> in = pravega.reader(hops.get(i));
            EventStreamWriter<byte[]> out = pravega.writer(hops.get(i + 1));
            Thread t = new Thread(() -> {
                try (in; out) {
                    while (!stop.get()) {
                        byte[] e = in.readNextEvent(PravegaChainEnds.READ_WAKEUP_MILLIS).getEvent();
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
        EventStreamWriter<byte[]> source = pravega.writer(hops.get(0));
        EventStreamReader<byte[]> sink = pravega.reader(hops.get(length));
        return new PravegaChainEnds(source, sink, () -> {
            stop.set(true);
            for (Thread t : functions) {
                t.join(5_000);
            }
        });
    }

    @Override
    public double batch(List<byte[]> events, int workers) {
        throw new UnsupportedOperationException("pravega-raw is a latency floor only");
    }

    @Override
    public void close() {
        pravega.close();
    }
}
