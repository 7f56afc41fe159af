package io.xtremehub.benchmarks.guarantees;

import io.xtremehub.benchmarks.probe.ProbeEvent;
import io.xtremehub.faastream.State;
import io.xtremehub.faastream.Transformer;
import java.nio.ByteBuffer;

/**
 * The job both guarantees run: a running sum of the events' sequence numbers per worker, kept in
 * {@link State} so that an exactly-once job checkpoints it with every commit (the paper's failure
 * experiment computes a cumulative sum too). Emits the probe header and the sum so far.
 */
final class RunningSum implements Transformer<byte[], byte[]> {
    @State
    private long sum;

    @Override
    public byte[] apply(byte[] event) {
        sum += ProbeEvent.sequence(event);
        return ProbeEvent.withResult(event, ByteBuffer.allocate(8).putLong(sum).array());
    }
}
