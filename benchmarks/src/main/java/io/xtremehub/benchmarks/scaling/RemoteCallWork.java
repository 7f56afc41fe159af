package io.xtremehub.benchmarks.scaling;

import io.xtremehub.benchmarks.probe.ProbeEvent;
import io.xtremehub.faastream.Transformer;

/**
 * The IO-bound function: each event waits on a simulated remote call of {@code millis} (a worker
 * blocked on a service, as a hash-and-store job is on its storage) and uses almost no CPU.
 */
final class RemoteCallWork implements Transformer<byte[], byte[]> {
    private final long millis;

    RemoteCallWork(long millis) {
        this.millis = millis;
    }

    @Override
    public byte[] apply(byte[] event) throws Exception {
        Thread.sleep(millis);
        return ProbeEvent.withResult(event, new byte[0]);
    }
}
