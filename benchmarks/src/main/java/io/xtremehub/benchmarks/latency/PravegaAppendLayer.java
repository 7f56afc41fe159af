package io.xtremehub.benchmarks.latency;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import java.time.Duration;
import java.util.Map;

/**
 * A Pravega append acknowledged: {@code writeEvent} until its future completes, i.e. until the
 * segment store has the event in its BookKeeper log. No flush: the writer batches as it would
 * for any application.
 */
final class PravegaAppendLayer implements LatencyLayer {
    private final EventStreamWriter<byte[]> writer;

    PravegaAppendLayer(PravegaClients pravega) {
        this.writer = pravega.writer(pravega.stream("append", 1));
    }

    @Override
    public String name() {
        return "Pravega append acknowledged";
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        Samples samples = new Samples(events);
        Pacer.run(eventsPerSecond, events, i -> {
            long sent = System.nanoTime();
            writer.writeEvent(new byte[1024]).whenComplete((ok, error) -> {
                if (error == null) {
                    samples.complete(i, sent);
                } else {
                    samples.fail("append failed: " + error);
                }
            });
        });
        return Map.of(name(), samples.await(name(), Duration.ofSeconds(60)));
    }

    @Override
    public void close() {
        writer.close();
    }
}
