package io.xtremehub.flink.source.enumerator;

import org.apache.flink.api.connector.source.SourceEvent;

/** Sent by a reader of a bounded source once it has read everything up to the end cut. */
public final class ReaderFinishedEvent implements SourceEvent {
    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
        return "ReaderFinishedEvent";
    }
}
