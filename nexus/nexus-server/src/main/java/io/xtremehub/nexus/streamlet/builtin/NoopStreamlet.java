package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.RangeSource;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.io.IOException;
import java.io.InputStream;

/** Passes bytes through unchanged; measures the cost of interception and of the pipeline itself. */
@StreamletInfo(name = "noop", on = Operation.ALL, type = StreamletType.TRANSFORMER)
public final class NoopStreamlet implements ByteStreamlet {
    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) {
        return original;
    }

    @Override
    public InputStream processGetBytes(InputStream stored, StreamletContext context) {
        return stored;
    }

    @Override
    public boolean preservesBytes() {
        return true;
    }

    @Override
    public InputStream processGetRange(long first, long last, long inputLength, RangeSource stored,
                                       StreamletContext context) throws IOException {
        return stored.open(first, last);
    }
}
