package io.xtremehub.benchmarks.latency;

import io.pravega.client.stream.EventStreamWriter;
import io.xtremehub.benchmarks.PravegaClients;
import java.time.Duration;
import java.util.Map;

/**
 * A Pravega append-to-read across one hop: a writer and the only reader of a one-segment stream,
 * latency from the send time stamped in the event to the moment the reader returns it. The reader's
 * {@code readNextEvent} timeout and the group's checkpoint interval are the settings compared.
 */
final class PravegaHopLayer implements LatencyLayer {
    private final String name;
    private final EventStreamWriter<byte[]> writer;
    private final StampReader reader;

    PravegaHopLayer(PravegaClients pravega, ReaderSetting setting) {
        this.name = "Pravega append-to-read, " + setting;
        String stream = pravega.stream("hop", 1);
        this.writer = pravega.writer(stream);
        this.reader = new StampReader(pravega.reader(stream, setting.checkpointMillis(), setting.wakeUp()), setting.timeoutMillis());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        Samples samples = new Samples(events);
        reader.start(event -> samples.complete(Stamps.index(event), Stamps.sentNanos(event)));
        try {
            Pacer.run(eventsPerSecond, events, i -> writer.writeEvent(Stamps.event(i)));
            return Map.of(name, samples.await(name, Duration.ofSeconds(60)));
        } finally {
            reader.stop();
        }
    }

    @Override
    public void close() {
        reader.close();
        writer.close();
    }
}
