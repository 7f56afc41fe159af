package io.xtremehub.flink.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HandoverQueueTest {
    @Test
    void availabilityCompletesWhenABatchArrivesAndResetsWhenDrained() throws Exception {
        HandoverQueue queue = new HandoverQueue(2);
        CompletableFuture<Void> empty = queue.availability();
        assertThat(empty).isNotDone();
        FetchedBatch batch = new FetchedBatch();
        queue.put(batch);
        assertThat(empty).isDone();
        assertThat(queue.poll()).isSameAs(batch);
        assertThat(queue.availability()).isNotDone();
        assertThat(queue.poll()).isNull();
    }

    @Test
    void aFullQueueBlocksThePutterUntilTheTaskTakesOne() throws Exception {
        HandoverQueue queue = new HandoverQueue(1);
        queue.put(new FetchedBatch());
        CompletableFuture<Boolean> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                return queue.put(new FetchedBatch());
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(blocked).isNotDone();
        queue.poll();
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void closingReleasesABlockedPutter() throws Exception {
        HandoverQueue queue = new HandoverQueue(1);
        queue.put(new FetchedBatch());
        CompletableFuture<Boolean> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                return queue.put(new FetchedBatch());
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        queue.close();
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isFalse();
    }
}
