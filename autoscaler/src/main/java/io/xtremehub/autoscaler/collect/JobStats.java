package io.xtremehub.autoscaler.collect;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A Flink job and its vertices. */
public record JobStats(String id, String name, String state, List<VertexStats> vertices) {
    public JobStats {
        vertices = List.copyOf(vertices);
    }

    /** Highest parallelism of any vertex: what the job runs at. */
    public int parallelism() {
        return vertices.stream().mapToInt(VertexStats::parallelism).max().orElse(0);
    }

    /** The vertex that limits the job: the busiest one. */
    public Optional<VertexStats> bottleneck() {
        return vertices.stream().max(Comparator.comparingDouble(VertexStats::busyRatio));
    }

    /** The first vertex (the source in a job graph Flink lists in topological order). */
    public Optional<VertexStats> source() {
        return vertices.stream().findFirst();
    }
}
