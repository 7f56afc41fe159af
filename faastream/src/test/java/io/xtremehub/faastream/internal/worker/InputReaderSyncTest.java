package io.xtremehub.faastream.internal.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The reader thread's side of a sync, against the worker's real queue, with the processing thread played here. */
class InputReaderSyncTest {
    /** A bounded input that hands out a fixed list of items, then is exhausted. */
    private static final class ListedInput implements StageInput {
        private final Deque<InputItem> items;

        ListedInput(List<InputItem> items) {
            this.items = new ArrayDeque<>(items);
        }

        @Override
        public synchronized InputItem next(long timeoutMillis) {
            return items.poll();
        }

        @Override
        public synchronized boolean exhausted() {
            return items.isEmpty();
        }

        synchronized int left() {
            return items.size();
        }

        @Override
        public void close() {
        }
    }

    private static InputItem event(int i) {
        return InputItem.event(new byte[] {(byte) i}, -1, "test ", i);
    }

    /** The processing thread's next item within 30 s; fails the test if none comes. */
    private static InputItem take(BlockingQueue<InputItem> queue) throws InterruptedException {
        InputItem item = queue.poll(30, TimeUnit.SECONDS);
        assertNotNull(item, "nothing was queued");
        return item;
    }

    @Test
    void atACheckpointTheReaderQueuesAWakeUpBehindTheEventsAndWaitsForTheAnswer() throws Exception {
        ListedInput input = new ListedInput(List.of(event(1), event(2), InputItem.checkpoint("cp-7"), event(3)));
        BlockingQueue<InputItem> queue = new ArrayBlockingQueue<>(16);
        InputReader reader = new InputReader(input, queue);
        Thread thread = new Thread(reader, "reader-under-test");
        thread.setDaemon(true);
        thread.start();

        assertEquals(InputItem.Kind.EVENT, take(queue).kind());
        assertEquals(InputItem.Kind.EVENT, take(queue).kind());
        // the processing thread is woken right behind the two events, with the request waiting
        assertEquals(InputItem.Kind.WAKE_UP, take(queue).kind());
        SyncHandshake.Request request = reader.pendingSync();
        assertNotNull(request);
        assertEquals(2, request.upTo());
        assertEquals("cp-7", request.checkpointName());
        // unanswered, the reader has not read on: the event after the checkpoint is still in the input
        assertEquals(1, input.left());
        assertTrue(queue.isEmpty());

        reader.synced(request);
        InputItem after = take(queue);
        assertEquals(InputItem.Kind.EVENT, after.kind());
        assertEquals(3, after.payload()[0]);
        assertNull(reader.pendingSync());
        // the input is exhausted: the reader ends and wakes the processing thread to notice
        assertEquals(InputItem.Kind.WAKE_UP, take(queue).kind());
        thread.join(30_000);
        assertTrue(reader.finished());
    }

    @Test
    void exactlyOnceTheReaderReadsOnAtACheckpointButQueuesWhatItReadOnlyAfterTheAnswer() throws Exception {
        AtCheckpoint at = readOnAtCheckpoint();
        SyncHandshake.Request request = at.reader().pendingSync();
        assertEquals(1, request.upTo());
        // what its next read (where Pravega records the reader's checkpoint) returned waits: events after the
        // checkpoint go into the next epoch, after the sync
        assertTrue(at.queue().isEmpty());

        at.reader().synced(request);
        assertEquals(2, take(at.queue()).payload()[0]);
        assertEquals(3, take(at.queue()).payload()[0]);
        assertEquals(InputItem.Kind.WAKE_UP, take(at.queue()).kind());
        at.thread().join(30_000);
        assertTrue(at.reader().finished());
    }

    @Test
    void finishingDuringACheckpointHandsOutWhatTheReaderReadOnAndNothingMore() throws Exception {
        AtCheckpoint at = readOnAtCheckpoint();
        at.reader().finishBuffered(); // a keyed stage stopping: its reader closes after the last event it returned
        assertEquals(2, take(at.queue()).payload()[0]);
        at.thread().join(30_000);
        assertTrue(at.reader().finished());
        assertEquals(1, at.input().left(), "nothing read after the event it held");
        assertTrue(at.queue().stream().noneMatch(i -> i.kind() == InputItem.Kind.EVENT));
    }

    /** An exactly-once reader at a checkpoint after event 1, its sync unanswered, event 2 read on, 3 not yet. */
    private record AtCheckpoint(ListedInput input, BlockingQueue<InputItem> queue, InputReader reader, Thread thread) {
    }

    private static AtCheckpoint readOnAtCheckpoint() throws InterruptedException {
        ListedInput input = new ListedInput(List.of(event(1), InputItem.checkpoint("cp-8"), event(2), event(3)));
        BlockingQueue<InputItem> queue = new ArrayBlockingQueue<>(16);
        InputReader reader = new InputReader(input, queue, null, true);
        Thread thread = new Thread(reader, "reader-under-test");
        thread.setDaemon(true);
        thread.start();
        assertEquals(InputItem.Kind.EVENT, take(queue).kind());
        assertEquals(InputItem.Kind.WAKE_UP, take(queue).kind());
        awaitLeft(input, 1); // read on before the answer
        return new AtCheckpoint(input, queue, reader, thread);
    }

    private static void awaitLeft(ListedInput input, int left) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (input.left() != left && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(left, input.left());
    }

    @Test
    void stoppingReleasesAReaderWaitingForAnUnansweredSync() throws Exception {
        ListedInput input = new ListedInput(List.of(event(1), InputItem.end(42), event(2)));
        BlockingQueue<InputItem> queue = new ArrayBlockingQueue<>(16);
        InputReader reader = new InputReader(input, queue);
        Thread thread = new Thread(reader, "reader-under-test");
        thread.setDaemon(true);
        thread.start();

        assertEquals(InputItem.Kind.EVENT, take(queue).kind());
        assertEquals(InputItem.Kind.WAKE_UP, take(queue).kind());
        // read, but the event before it is not processed and written yet: no report may carry it
        assertEquals(List.of(), reader.endSegments());
        reader.endsWritten(); // what the processing thread does once it has flushed for the sync
        assertEquals(List.of(42L), reader.endSegments());
        reader.stop();
        thread.join(30_000);
        assertTrue(reader.finished());
        // stopped at the end marker: the event after it was never queued
        assertTrue(queue.stream().noneMatch(i -> i.kind() == InputItem.Kind.EVENT));
    }
}
