package io.xtremehub.flink.source;

import io.xtremehub.flink.PravegaConnectionConfig;
import java.io.Serializable;
import java.time.Duration;

/**
 * Everything a {@link PravegaSource} was built with, in one immutable value that the
 * enumerator (job manager) and the readers (task managers) share.
 */
public final class PravegaSourceSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final PravegaConnectionConfig connection;
    private final String scope;
    private final String stream;
    private final String readerGroupName;
    private final StreamPosition start;
    private final StreamPosition stop;
    private final long checkpointTimeoutMillis;
    private final long readTimeoutMillis;
    private final long groupRefreshMillis;
    private final int maxBatchEvents;
    private final int queueCapacity;

    PravegaSourceSettings(PravegaConnectionConfig connection, String scope, String stream, String readerGroupName,
            StreamPosition start, StreamPosition stop, Duration checkpointTimeout, Duration readTimeout,
            Duration groupRefresh, int maxBatchEvents, int queueCapacity) {
        this.connection = connection;
        this.scope = scope;
        this.stream = stream;
        this.readerGroupName = readerGroupName;
        this.start = start;
        this.stop = stop;
        this.checkpointTimeoutMillis = checkpointTimeout.toMillis();
        this.readTimeoutMillis = readTimeout.toMillis();
        this.groupRefreshMillis = groupRefresh.toMillis();
        this.maxBatchEvents = maxBatchEvents;
        this.queueCapacity = queueCapacity;
    }

    public PravegaConnectionConfig connection() { return connection; }
    public String scope() { return scope; }
    public String stream() { return stream; }
    public String readerGroupName() { return readerGroupName; }
    public StreamPosition start() { return start; }
    /** Where a bounded source stops, or null for an unbounded source. */
    public StreamPosition stop() { return stop; }
    public boolean bounded() { return stop != null; }
    /** How long a Flink checkpoint may wait for the matching reader-group checkpoint. */
    public long checkpointTimeoutMillis() { return checkpointTimeoutMillis; }
    /** How long one Pravega read blocks when no event is there. */
    public long readTimeoutMillis() { return readTimeoutMillis; }
    /** How often readers refresh the reader-group state (checkpoint requests, rebalancing). */
    public long groupRefreshMillis() { return groupRefreshMillis; }
    public int maxBatchEvents() { return maxBatchEvents; }
    public int queueCapacity() { return queueCapacity; }

    /** "scope/stream", for messages. */
    public String streamName() {
        return scope + "/" + stream;
    }
}
