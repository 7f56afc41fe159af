package io.xtremehub.benchmarks.scaling;

import io.xtremehub.benchmarks.probe.ProbeEvent;
import io.xtremehub.faastream.Transformer;
import java.security.MessageDigest;

/**
 * The CPU-bound function: SHA-256 chained {@code rounds} times over the event (an embedding-style
 * job that only computes), emitting the probe header and the final digest.
 */
final class HashingWork implements Transformer<byte[], byte[]> {
    private final int rounds;
    private transient MessageDigest sha;

    HashingWork(int rounds) {
        this.rounds = rounds;
    }

    @Override
    public byte[] apply(byte[] event) throws Exception {
        if (sha == null) {
            sha = MessageDigest.getInstance("SHA-256");
        }
        byte[] d = event;
        for (int i = 0; i < rounds; i++) {
            sha.update(event);
            d = sha.digest(d);
        }
        return ProbeEvent.withResult(event, d);
    }
}
