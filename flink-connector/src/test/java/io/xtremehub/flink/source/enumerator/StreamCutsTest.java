package io.xtremehub.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pravega.client.segment.impl.Segment;
import io.pravega.client.stream.Stream;
import io.pravega.client.stream.StreamCut;
import io.pravega.client.stream.impl.StreamCutImpl;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StreamCutsTest {
    private static final Stream STREAM = Stream.of("s", "t");

    private static StreamCut cut(Map<Segment, Long> positions) {
        return new StreamCutImpl(STREAM, positions);
    }

    private static Segment seg(long n) {
        return new Segment("s", "t", n);
    }

    @Test
    void reachedOnlyWhenEverySegmentIsAtItsEnd() {
        StreamCut end = cut(Map.of(seg(0), 100L, seg(1), 50L));
        assertThat(StreamCuts.reached(cut(Map.of(seg(0), 100L, seg(1), 50L)), end)).isTrue();
        assertThat(StreamCuts.reached(cut(Map.of(seg(0), 100L, seg(1), 49L)), end)).isFalse();
        assertThat(StreamCuts.reached(cut(Map.of(seg(0), 0L, seg(1), 50L)), end)).isFalse();
    }

    @Test
    void aSegmentTheGroupCompletedIsNoLongerInThePosition() {
        // the reader group drops a segment once a reader completed it at its end offset
        StreamCut end = cut(Map.of(seg(0), 100L, seg(1), 50L));
        assertThat(StreamCuts.reached(cut(Map.of(seg(1), 50L)), end)).isTrue();
        assertThat(StreamCuts.reached(cut(Map.of(seg(1), 49L)), end)).isFalse();
    }

    @Test
    void aPredecessorStillBeingReadMeansNotReached() {
        StreamCut end = cut(Map.of(seg(1), 10L, seg(2), 10L));
        assertThat(StreamCuts.reached(cut(Map.of(seg(0), 500L)), end)).isFalse();
        assertThat(StreamCuts.reached(cut(Map.of(seg(0), 500L, seg(1), 10L)), end)).isFalse();
    }

    @Test
    void nothingLeftToReadMeansReached() {
        assertThat(StreamCuts.reached(cut(Map.of()), cut(Map.of(seg(0), 10L)))).isTrue();
    }
}
