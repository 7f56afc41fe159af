package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.EventStreamlet;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletException;
import io.xtremehub.nexus.streamlet.ActivePipeline;
import java.io.IOException;
import java.io.InputStream;

/** Feeds the records of a chunk to one event streamlet, on PUT or on GET. */
final class EventSteps {
    private EventSteps() {
    }

    /**
     * Deserializes {@code chunk} with the step's deserializer and hands each record to
     * {@code processPutRecord} (put) or {@code processGetRecord} (get), in order, then, on put, tells
     * the streamlet the chunk ended ({@code endPutChunk}). The first failure stops the run.
     *
     * @throws StreamletException naming the streamlet, with its message
     */
    static void run(ActivePipeline.Step step, InputStream chunk, StreamletContext view, boolean put)
            throws IOException {
        EventStreamlet<Object> events = step.events();
        StreamletException[] failure = new StreamletException[1];
        try (InputStream in = chunk) {
            events.deserializer().deserializeChunk(in, record -> {
                if (failure[0] != null) {
                    return;
                }
                try {
                    if (put) {
                        events.processPutRecord(record, view);
                    } else {
                        events.processGetRecord(record, view);
                    }
                } catch (StreamletException e) {
                    failure[0] = e;
                }
            });
        } catch (RuntimeException e) {
            throw new StreamletException("streamlet " + step.descriptor().name() + " failed: " + e.getMessage(), e);
        }
        if (failure[0] != null) {
            throw new StreamletException("streamlet " + step.descriptor().name() + " failed: "
                    + failure[0].getMessage(), failure[0]);
        }
        if (put) {
            try {
                events.endPutChunk(view);
            } catch (StreamletException | RuntimeException e) {
                throw new StreamletException("streamlet " + step.descriptor().name() + " failed: " + e.getMessage(),
                        e);
            }
        }
    }
}
