package io.xtremehub.autoscaler.collect;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** Everything collected in one period: the input of every rule. */
public record Snapshot(Instant time, Map<String, StreamStats> streams, Map<String, JobStats> jobs, ClusterStats cluster) {
    public Snapshot {
        streams = Map.copyOf(streams);
        jobs = Map.copyOf(jobs);
    }

    /** The stream by scoped name ({@code scope/stream}). */
    public Optional<StreamStats> stream(String scopedName) {
        return Optional.ofNullable(streams.get(scopedName));
    }

    /** The running job of that name. */
    public Optional<JobStats> job(String name) {
        return Optional.ofNullable(jobs.get(name));
    }
}
