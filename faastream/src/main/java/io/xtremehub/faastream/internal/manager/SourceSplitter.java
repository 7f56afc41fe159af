package io.xtremehub.faastream.internal.manager;

import io.pravega.client.admin.StreamInfo;
import io.pravega.client.admin.StreamManager;
import io.pravega.client.batch.SegmentRange;
import io.pravega.client.stream.Stream;
import io.xtremehub.faastream.internal.graph.SourceSpec;
import io.xtremehub.faastream.internal.io.ObjectStore;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.wire.SourceSplit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Splits a bounded source among the first stage's workers: a stream's segment ranges between its
 * head and tail, or a bucket's objects (fixed-size records: cut into record-aligned byte ranges).
 */
final class SourceSplitter {
    private final PravegaContext ctx;
    private final StreamManager streams;
    private final ObjectStore store;

    SourceSplitter(PravegaContext ctx, StreamManager streams, ObjectStore store) {
        this.ctx = ctx;
        this.streams = streams;
        this.store = store;
    }

    /** One list of splits per worker, dealt round-robin. */
    List<List<SourceSplit>> split(SourceSpec src, int workers) {
        List<SourceSplit> all = src.kind() == SourceSpec.Kind.STREAM ? segmentRanges(src) : objectRanges(src, workers);
        List<List<SourceSplit>> out = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            out.add(new ArrayList<>());
        }
        for (int k = 0; k < all.size(); k++) {
            out.get(k % workers).add(all.get(k));
        }
        return out;
    }

    private List<SourceSplit> segmentRanges(SourceSpec src) {
        List<SourceSplit> all = new ArrayList<>();
        StreamInfo info = streams.fetchStreamInfo(ctx.scope(), src.stream()).join();
        Iterator<SegmentRange> it = ctx.batch().getSegments(Stream.of(ctx.scope(), src.stream()),
                info.getHeadStreamCut(), info.getTailStreamCut()).getIterator();
        while (it.hasNext()) {
            SegmentRange r = it.next();
            if (r.getEndOffset() > r.getStartOffset()) {
                all.add(SourceSplit.segment(r));
            }
        }
        return all;
    }

    private List<SourceSplit> objectRanges(SourceSpec src, int workers) {
        List<SourceSplit> all = new ArrayList<>();
        List<ObjectStore.Listed> objects = src.kind() == SourceSpec.Kind.BUCKET_FILE
                ? List.of(new ObjectStore.Listed(src.keyOrPrefix(), store.size(src.bucket(), src.keyOrPrefix())))
                : store.list(src.bucket(), src.keyOrPrefix());
        int rec = src.format().fixedSize();
        for (ObjectStore.Listed o : objects) {
            if (rec > 0 && o.size() > rec) {
                long records = (o.size() + rec - 1) / rec;
                long perWorker = Math.max(1, (records + workers - 1) / workers);
                for (long r = 0; r < records; r += perWorker) {
                    all.add(SourceSplit.object(src.bucket(), o.key(), r * rec, Math.min(o.size(), (r + perWorker) * rec)));
                }
            } else {
                all.add(SourceSplit.object(src.bucket(), o.key(), 0, o.size()));
            }
        }
        return all;
    }
}
