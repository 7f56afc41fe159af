package io.xtremehub.nexus.streamlet.builtin;

import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;

/** Seekable block-framed zstd compression (parameters {@code blockSize}, {@code level} 1-22, default 3). */
@StreamletInfo(name = "zstd", on = Operation.ALL, type = StreamletType.TRANSFORMER)
public final class ZstdStreamlet extends SeekableCompressionStreamlet {
    @Override
    protected int defaultLevel() {
        return 3;
    }

    @Override
    protected BlockCodec newCodec(int codecLevel) {
        return new ZstdBlockCodec(codecLevel);
    }
}
