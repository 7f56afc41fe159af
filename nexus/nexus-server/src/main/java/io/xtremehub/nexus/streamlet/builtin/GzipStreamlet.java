package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;

/** Seekable block-framed gzip compression (parameters {@code blockSize}, {@code level} 1-9, default 6). */
@StreamletInfo(name = "gzip", on = Operation.ALL, type = StreamletType.TRANSFORMER)
public final class GzipStreamlet extends SeekableCompressionStreamlet {
    @Override
    protected int defaultLevel() {
        return 6;
    }

    @Override
    protected BlockCodec newCodec(int codecLevel) {
        return new GzipBlockCodec(codecLevel);
    }
}
