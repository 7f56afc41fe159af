package io.xtremehub.faastream.internal.wire;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pravega.client.SynchronizerClientFactory;
import io.pravega.client.state.Revision;
import io.pravega.client.state.RevisionedStreamClient;
import io.pravega.client.state.SynchronizerConfig;
import io.pravega.client.stream.impl.ByteArraySerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A message channel over a single-segment Pravega stream: anyone appends, every reader sees every
 * message in order from the start (a late joiner replays the history). Messages are JSON.
 *
 * @param <T> message type
 */
public final class Channel<T> implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private final RevisionedStreamClient<byte[]> client;
    private final Class<T> type;
    private Revision next;

    public Channel(SynchronizerClientFactory factory, String stream, Class<T> type) {
        this.client = factory.createRevisionedStreamClient(stream, new ByteArraySerializer(),
                SynchronizerConfig.builder().build());
        this.type = type;
    }

    public void append(T message) {
        try {
            client.writeUnconditionally(JSON.writeValueAsBytes(message));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Makes the next {@link #poll} return only messages appended from now on: for a reader that needs none
     * of the history (and connects to the channel's segment on the way).
     */
    public void skipToEnd() {
        next = client.fetchLatestRevision();
    }

    /** Messages appended since the previous poll (all of them on the first, unless {@link #skipToEnd}). */
    public List<T> poll() {
        if (next == null) {
            next = client.fetchOldestRevision();
        }
        List<T> out = new ArrayList<>();
        Iterator<Map.Entry<Revision, byte[]>> it = client.readFrom(next);
        while (it.hasNext()) {
            Map.Entry<Revision, byte[]> e = it.next();
            next = e.getKey();
            try {
                out.add(JSON.readValue(e.getValue(), type));
            } catch (IOException ex) {
                throw new UncheckedIOException("undecodable message on channel: " + ex.getMessage(), ex);
            }
        }
        return out;
    }

    @Override
    public void close() {
        client.close();
    }
}
