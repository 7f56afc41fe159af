package io.xtremehub.nexus.bench;

import java.util.List;

/** The state-reads results as a markdown table, each mode against the first one of its workload. */
final class StateReadsTable {
    private StateReadsTable() {
    }

    static String markdown(List<StateReadsRun.Result> results, StateMode reference) {
        StateReadsRun.Workload first = results.get(0).workload();
        StringBuilder sb = new StringBuilder("\n## State reads: partition-aware routing against any worker on shared"
                + " state\n\n").append(first.workers()).append(" workers, ").append(first.partitions())
                .append(" Pravega partitions, ").append(first.chunksPerPartition()).append(" chunks of ")
                .append(first.chunkBytes() >> 10).append(" KiB each, every request to the next worker in turn;"
                        + " all chunks PUT, then each read once. *State loads*: reads of partition state the"
                        + " workers' stores made (claims and plain reads). *Redis reads*: read commands the"
                        + " redis-server counted (`INFO commandstats`; the reads inside scripts included, e.g."
                        + " the fencing or version check of every write), membership and policy traffic"
                        + " included. Fewer: 1 - reads of `").append(reference.name())
                .append("` / reads of the mode, per request (PUT and GET together).\n\n")
                .append("| writers per partition | mode | state loads per PUT | per GET | per request | fewer |"
                        + " Redis reads per PUT | per GET | per request | fewer | Redis commands per request |"
                        + " conflicts (refused writes) | client retries | PUT s | GET s |\n")
                .append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (StateReadsRun.Result r : results) {
            StateReadsRun.Result ref = results.stream().filter(x -> x.workload().equals(r.workload())
                    && x.mode().equals(reference)).findFirst().orElse(r);
            sb.append(String.format("| %d | %s | %.3f | %.3f | %.3f | %s | %.3f | %.3f | %.3f | %s | %.2f | %d | %d"
                            + " | %.1f | %.1f |%n", r.workload().writersPerPartition(), r.mode().name(),
                    r.perPut(r.storeReads()), r.perGet(r.storeReads()), r.perRequest(r.storeReads()),
                    fewer(ref.perRequest(ref.storeReads()), r.perRequest(r.storeReads()), r == ref),
                    r.perPut(r.redisReads()), r.perGet(r.redisReads()), r.perRequest(r.redisReads()),
                    fewer(ref.perRequest(ref.redisReads()), r.perRequest(r.redisReads()), r == ref),
                    r.perRequest(r.redisCommands()), r.conflicts(), r.retries(), r.seconds()[0], r.seconds()[1]));
        }
        sb.append("\nRedis calls per command in the PUT phase (inside scripts included):\n\n");
        for (StateReadsRun.Result r : results) {
            sb.append("- ").append(r.workload().writersPerPartition()).append(" writer(s) per partition, ")
                    .append(r.mode().name()).append(": ").append(r.putCommands().calls()).append('\n');
        }
        return sb.toString();
    }

    private static String fewer(double reference, double mode, boolean same) {
        return same || mode == 0 ? "-" : String.format("%.1f%%", 100 * (1 - reference / mode));
    }
}
