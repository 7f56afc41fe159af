package io.xtremehub.flink.source.reader;

import io.pravega.client.stream.EventPointer;
import io.pravega.client.stream.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Events the fetcher read in one go, optionally closed by a checkpoint of the reader group
 * (all events before it belong to that checkpoint), the end of a bounded stream, or an error.
 */
final class FetchedBatch {
    private final List<byte[]> events = new ArrayList<>();
    private final List<EventPointer> pointers = new ArrayList<>();
    private long checkpointId = -1;
    private Position checkpointPosition;
    private boolean endOfStream;
    private Throwable error;

    void add(byte[] event, EventPointer pointer) {
        events.add(event);
        pointers.add(pointer);
    }

    void closeWithCheckpoint(long id, Position position) {
        this.checkpointId = id;
        this.checkpointPosition = position;
    }

    void closeWithEndOfStream() {
        this.endOfStream = true;
    }

    static FetchedBatch failed(Throwable error) {
        FetchedBatch batch = new FetchedBatch();
        batch.error = error;
        return batch;
    }

    int size() {
        return events.size();
    }

    byte[] event(int i) {
        return events.get(i);
    }

    EventPointer pointer(int i) {
        return pointers.get(i);
    }

    /** The Flink checkpoint this batch ends with, or -1. */
    long checkpointId() {
        return checkpointId;
    }

    /** Where the Pravega reader stood at the checkpoint this batch ends with (what it records for it). */
    Position checkpointPosition() {
        return checkpointPosition;
    }

    boolean endOfStream() {
        return endOfStream;
    }

    Throwable error() {
        return error;
    }

    boolean isEmpty() {
        return events.isEmpty() && checkpointId < 0 && !endOfStream && error == null;
    }
}
