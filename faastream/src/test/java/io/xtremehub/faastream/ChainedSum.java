package io.xtremehub.faastream;

import java.time.Duration;
import java.util.UUID;

/**
 * A cumulative sum per worker slot, with the sum's identity kept in the state too: each result reads
 * {@code value:chain:sum}, where {@code chain} names the running sum it was added to. The chain id
 * is drawn once and then lives in {@link State} like the sum, so it survives exactly as the sum does;
 * a slot whose state were lost would start a new chain.
 *
 * <p>Why chains and not keys: an exactly-once map stage keeps state per worker slot, and the slot's
 * input segments come from a reader group that hands them out anew at every roll-back. A per-key
 * sum would find a key's earlier total in another slot after a recovery; a per-slot sum with its own
 * id is the finest state the stage keeps right.
 */
final class ChainedSum implements Transformer<String, String> {
    @State
    private String chain;
    @State
    private long sum;

    @Override
    public String apply(String value) {
        if (chain == null) {
            chain = UUID.randomUUID().toString().substring(0, 8);
        }
        sum += Long.parseLong(value.trim());
        return value.trim() + ":" + chain + ":" + sum;
    }

    /** The exactly-once job on {@code workers} workers, from {@code in} to {@code out}. */
    static Pipeline<String> pipeline(String in, String out, int workers) {
        return Pipeline.fromStream(in, Serializers.utf8()).map(new ChainedSum(), Serializers.utf8())
                .parallelism(workers).named("chained-sum").writeToStream(out);
    }

    static JobOptions options() {
        return JobOptions.builder().mode(Mode.STREAM).exactlyOnce(true).transactionWindow(Duration.ofMillis(500))
                .name("chained-sum").build();
    }
}
