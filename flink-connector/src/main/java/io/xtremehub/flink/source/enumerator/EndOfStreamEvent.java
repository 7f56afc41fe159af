package io.xtremehub.flink.source.enumerator;

import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent by the enumerator of a bounded source once the reader group has read every segment up
 * to the end cut: each reader then hands over what it still holds and finishes.
 */
public final class EndOfStreamEvent implements SourceEvent {
    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
        return "EndOfStreamEvent";
    }
}
