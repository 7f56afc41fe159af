package io.xtremehub.faastream.examples;

import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;

/**
 * A chain of {@code length} functions, each adding one to an integer (reference 6.4.3, function
 * chains): the output is the input plus the chain length.
 */
public final class IncrementChain {
    private IncrementChain() {
    }

    public static Pipeline<Long> pipeline(String input, String output, int length) {
        if (length < 1) {
            throw new IllegalArgumentException("chain length must be at least 1, got " + length);
        }
        Pipeline<Long> p = Pipeline.fromStream(input, Serializers.int64());
        for (int i = 0; i < length; i++) {
            p = p.map(x -> x + 1, Serializers.int64()).named("inc" + (i + 1));
        }
        return p.writeToStream(output);
    }
}
