package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.ByteObserver;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.io.InputStream;

/** Passes bytes through unchanged; measures the cost of interception and of the pipeline itself. */
@StreamletInfo(name = "noop", on = Operation.ALL, type = StreamletType.TRANSFORMER)
public final class NoopStreamlet implements ByteObserver {
    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) {
        return original;
    }
}
