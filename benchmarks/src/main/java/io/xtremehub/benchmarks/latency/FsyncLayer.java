package io.xtremehub.benchmarks.latency;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The disk's floor: append 1 KB to a file in the bookie's journal directory and force it to disk
 * (data only, like the journal's fdatasync), timed per call. Every durable hop pays at least this.
 */
final class FsyncLayer implements LatencyLayer {
    static final String NAME = "disk fsync (1 KB append + force)";

    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer block = ByteBuffer.allocate(1024);

    FsyncLayer(Path journalDir) throws IOException {
        this.file = journalDir.resolve("latency-budget.probe");
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, double[]> measure(int eventsPerSecond, int events) throws Exception {
        double[] millis = new double[events];
        Pacer.run(eventsPerSecond, events, i -> {
            long t0 = System.nanoTime();
            block.clear();
            while (block.hasRemaining()) {
                channel.write(block);
            }
            channel.force(false);
            millis[i] = (System.nanoTime() - t0) / 1e6;
        });
        return Map.of(NAME, millis);
    }

    @Override
    public void close() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }
}
