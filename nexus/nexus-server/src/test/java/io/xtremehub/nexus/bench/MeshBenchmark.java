package io.xtremehub.nexus.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The Nexus mesh, measured (issue 13 item 6), in one run:
 *
 * <ol>
 *   <li><b>State reads</b>: metadata reads per request of a stateful streamlet
 *       ({@code partition-stats}) on a swarmlet of several workers, with partition-aware routing
 *       (the owner claims a partition once and keeps its state in memory) against any worker
 *       processing any chunk on the shared state in Redis with optimistic concurrency (read with a
 *       version, check-and-set, retry on conflict), and against any worker claiming the partition
 *       for every chunk; the same workload for each ({@link StateReadsRun}).
 *   <li><b>Hops</b>: PUT and GET throughput of one pipeline of three no-op streamlets on one worker
 *       against the same pipeline split over two and three swarmlets ({@link HopPipelines}), paired
 *       repetitions in one run ({@link PairedCells}), reported as the ratio to one worker.
 * </ol>
 *
 * <p>Writes {@code <name>.md} (tables, load averages, the command), {@code <name>-state.csv},
 * {@code <name>-hops.csv} (every repetition), {@code <name>-hops-summary.csv} and
 * {@code <name>-hops.png}. Not a test; run {@code scripts/bench-nexus-mesh.sh}.
 *
 * <p>Arguments ({@code key=value}, all optional): {@code out}, {@code work}, {@code name} (default
 * nexus-mesh), {@code parts} (state,hops), state: {@code workers} (3), {@code partitions} (8),
 * {@code writers} (clients writing one partition at once, one run each, default 1,2),
 * {@code chunksPerPartition} (64), {@code chunkKiB} (256), {@code modes}
 * (routed,any-worker-optimistic,any-worker-claiming; the first is the one the others are compared
 * to); hops: {@code sizes} (MiB, 1,16), {@code clients} (1,4), {@code cellMiB} (256), {@code reps}
 * (8), {@code minReps} (3), {@code warmUpRequests} (small requests per placement before measuring,
 * 12000).
 */
public final class MeshBenchmark {
    private static final int MIB = 1 << 20;

    private MeshBenchmark() {
    }

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Map<String, String> opt = NexusBenchmark.parse(args);
        Path out = Files.createDirectories(Path.of(opt.getOrDefault("out", "benchmarks/results")));
        Path work = opt.containsKey("work") ? Path.of(opt.get("work")) : Files.createTempDirectory("nexus-mesh");
        String name = opt.getOrDefault("name", "nexus-mesh");
        List<String> parts = List.of(opt.getOrDefault("parts", "state,hops").split(","));
        StringBuilder md = new StringBuilder("# Nexus mesh: state reads and hops\n\nProduced by `scripts/bench-nexus-mesh.sh")
                .append(commandArgs(args)).append("` (").append(Instant.now()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, Java ")
                .append(System.getProperty("java.version")).append(").\n");
        try {
            if (parts.contains("state")) {
                md.append(stateReads(opt, out, name, work.resolve("state")));
            }
            if (parts.contains("hops")) {
                md.append(hops(opt, out, name, work.resolve("hops")));
            }
        } finally {
            NexusBenchmark.deleteTree(work);
        }
        Files.writeString(out.resolve(name + ".md"), md.toString());
        System.out.println(md);
    }

    private static String stateReads(Map<String, String> opt, Path out, String name, Path work) throws Exception {
        List<StateMode> modes = Arrays.stream(opt.getOrDefault("modes",
                "routed,any-worker-optimistic,any-worker-claiming").split(",")).map(StateMode::named).toList();
        int[] writers = NexusBenchmark.ints(opt.getOrDefault("writers", "1,2"));
        String loadBefore = NexusBenchmark.loadAverage();
        List<StateReadsRun.Result> results = new ArrayList<>();
        int run = 0;
        for (int k : writers) {
            StateReadsRun.Workload w = new StateReadsRun.Workload(Integer.parseInt(opt.getOrDefault("workers", "3")),
                    Integer.parseInt(opt.getOrDefault("partitions", "8")), k,
                    Integer.parseInt(opt.getOrDefault("chunksPerPartition", "64")),
                    Integer.parseInt(opt.getOrDefault("chunkKiB", "256")) << 10);
            for (StateMode mode : modes) {
                StateReadsRun.Result r = StateReadsRun.run(mode, w, work.resolve("run" + run++));
                log("state %-22s writers/partition %d: %d PUTs %.1f s, %d GETs %.1f s; state loads %d + %d, Redis reads"
                        + " %d + %d, commands %d + %d, conflicts %d, retries %d; PUT commands %s", mode.name(), k,
                        w.chunks(), r.seconds()[0], w.chunks(), r.seconds()[1], r.storeReads()[0], r.storeReads()[1],
                        r.redisReads()[0], r.redisReads()[1], r.redisCommands()[0], r.redisCommands()[1],
                        r.conflicts(), r.retries(), r.putCommands());
                results.add(r);
            }
        }
        List<String[]> rows = new ArrayList<>();
        for (StateReadsRun.Result r : results) {
            StateReadsRun.Workload w = r.workload();
            rows.add(new String[] {r.mode().name(), Integer.toString(w.workers()), Integer.toString(w.partitions()),
                Integer.toString(w.writersPerPartition()), Integer.toString(w.chunks()), Integer.toString(w.chunks()),
                Long.toString(r.storeReads()[0]), Long.toString(r.storeReads()[1]), Long.toString(r.redisReads()[0]),
                Long.toString(r.redisReads()[1]), Long.toString(r.redisCommands()[0]),
                Long.toString(r.redisCommands()[1]), Long.toString(r.conflicts()), Long.toString(r.retries()),
                String.format("%.2f", r.seconds()[0]), String.format("%.2f", r.seconds()[1])});
        }
        NexusBenchmark.writeCsv(out.resolve(name + "-state.csv"), "mode,workers,partitions,writers_per_partition,"
                + "puts,gets,state_loads_put,state_loads_get,redis_reads_put,redis_reads_get,redis_commands_put,"
                + "redis_commands_get,conflicts,client_retries,put_seconds,get_seconds", rows);
        return StateReadsTable.markdown(results, modes.get(0)) + "\nLoad average (1/5/15 min) at start " + loadBefore
                + ", at end " + NexusBenchmark.loadAverage() + ".\n";
    }

    private static String hops(Map<String, String> opt, Path out, String name, Path work) throws Exception {
        int[] sizes = NexusBenchmark.ints(opt.getOrDefault("sizes", "1,16"));
        int[] clients = NexusBenchmark.ints(opt.getOrDefault("clients", "1,4"));
        long cellBytes = Long.parseLong(opt.getOrDefault("cellMiB", "256")) * MIB;
        int reps = Integer.parseInt(opt.getOrDefault("reps", "8"));
        int minReps = Integer.parseInt(opt.getOrDefault("minReps", "3"));
        byte[] payload = SyntheticLogs.generate(Math.max(16, Arrays.stream(sizes).max().orElseThrow()) * MIB, 1);
        String loadBefore = NexusBenchmark.loadAverage();
        try (HopPipelines pipelines = HopPipelines.start(Files.createDirectories(work))) {
            for (BenchTarget t : pipelines.targets()) {
                PairedCells.warmUp(t, payload, Integer.parseInt(opt.getOrDefault("warmUpRequests",
                        Integer.toString(PairedCells.WARM_UP_REQUESTS))));
            }
            String perObject = redisPerObject(pipelines, payload);
            List<String[]> raw = PairedCells.run(pipelines.targets(), payload, sizes, clients, cellBytes, reps, minReps);
            NexusBenchmark.writeCsv(out.resolve(name + "-hops.csv"),
                    "rep,target,object_mib,clients,ops,put_mib_s,get_mib_s,put_cpu_ms_per_mib,get_cpu_ms_per_mib", raw);
            Summary summary = Summary.of(raw, HopPipelines.TARGETS, sizes, clients);
            summary.write(out.resolve(name + "-hops-summary.csv"));
            summary.plot(out.resolve(name + "-hops.png"), "Three no-op streamlets over 2 and 3 swarmlets / on one worker");
            return "\n## Hops: three no-op streamlets on one worker, over two and over three swarmlets\n\n"
                    + "Median MiB/s over paired repetitions; the ratio is the median of the per-repetition ratios to"
                    + " one worker (interquartile range in brackets); CPU is of the whole JVM (clients and all"
                    + " workers).\n\n" + summary.markdown() + "\n" + perObject + "\nLoad average (1/5/15 min) at start "
                    + loadBefore + ", at end " + NexusBenchmark.loadAverage() + ".\n";
        }
    }

    /**
     * Redis commands the swarmlets issue per 1 MiB object written, read and deleted through each
     * placement (one client, after the warm-up): a count, unlike throughput not bent by the load of a
     * shared machine. Membership heartbeats running meanwhile are included (a few per second).
     */
    private static String redisPerObject(HopPipelines pipelines, byte[] payload) throws Exception {
        int objects = 32;
        StringBuilder md = new StringBuilder("Redis commands per 1 MiB object written, read and deleted ("
                + objects + " objects, one client; `INFO commandstats`, membership heartbeats included):\n\n"
                + "| placement | reads | all commands | by command |\n|---|---:|---:|---|\n");
        for (BenchTarget t : pipelines.targets()) {
            RedisCommandStats before = RedisCommandStats.of("127.0.0.1", pipelines.redisPort());
            ThroughputCell.of(MIB, 1, (long) objects * MIB).run(t, payload, "count");
            RedisCommandStats d = RedisCommandStats.of("127.0.0.1", pipelines.redisPort()).since(before);
            md.append(String.format("| %s | %.2f | %.2f | %s |%n", t.name, (double) d.reads() / objects,
                    (double) d.total() / objects, d));
        }
        return md.toString();
    }

    private static String commandArgs(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            if (!a.startsWith("out=") && !a.startsWith("work=")) {
                sb.append(' ').append(a);
            }
        }
        return sb.toString();
    }

    private static void log(String format, Object... args) {
        System.out.printf(format + "%n", args);
        System.out.flush();
    }
}
