package io.xtremehub.nexus.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the throughput matrix (object sizes x client counts) on several targets so that they can be
 * compared under the same background load: each cell is split into repetitions, and in each
 * repetition every target runs the same batch back to back, in an order that rotates, so the ratio
 * of two targets within one repetition is a paired measurement. Rows are
 * {@code rep,target,object_mib,clients,ops,put_mib_s,get_mib_s,put_cpu_ms_per_mib,get_cpu_ms_per_mib},
 * as {@link Summary} reads them.
 */
final class PairedCells {
    private static final int MIB = 1 << 20;
    /** Small requests of a full warm-up: C2 compiles per-request code only after ~10,000 calls. */
    static final int WARM_UP_REQUESTS = 12_000;

    private PairedCells() {
    }

    /**
     * JIT warm-up of a target's request paths, not measured: {@code smallRequests} small requests
     * first (until C2 compiled the per-request code its compiler thread takes CPU from whichever
     * target happens to be running; {@link #WARM_UP_REQUESTS} for a full warm-up), then larger objects.
     */
    static void warmUp(BenchTarget t, byte[] payload, int smallRequests) throws Exception {
        ThroughputCell.of(16 << 10, 4, Math.max(4, smallRequests) * (16L << 10)).run(t, payload, "warm-s");
        ThroughputCell.of(MIB, 4, 64L * MIB).run(t, payload, "warm-a");
        ThroughputCell.of(10 * MIB, 4, 80L * MIB).run(t, payload, "warm-b");
    }

    /**
     * Every cell on every target.
     *
     * @param cellBytes about how much each cell writes per target
     * @param reps repetitions per cell, fewer when one batch already exceeds {@code cellBytes / reps}
     * @param minReps at least this many repetitions per cell
     */
    static List<String[]> run(List<BenchTarget> targets, byte[] payload, int[] sizes, int[] clients, long cellBytes,
                              int reps, int minReps) throws Exception {
        List<String[]> raw = new ArrayList<>();
        int cellIndex = 0;
        for (int size : sizes) {
            for (int c : clients) {
                long bytesPerBatch = (long) size * MIB * c;
                int cellReps = (int) Math.max(minReps, Math.min(reps, cellBytes / bytesPerBatch));
                ThroughputCell batch = ThroughputCell.of(size * MIB, c, cellBytes / cellReps);
                for (int rep = 0; rep < cellReps; rep++) {
                    for (int k = 0; k < targets.size(); k++) {
                        BenchTarget t = targets.get((k + rep + cellIndex) % targets.size());
                        ThroughputCell.Result r = batch.run(t, payload, "r" + rep + "-" + size + "-" + c);
                        raw.add(new String[] {Integer.toString(rep), t.name, Integer.toString(size),
                            Integer.toString(c), Integer.toString(batch.ops()), NexusBenchmark.fmt(r.putMibPerSec()),
                            NexusBenchmark.fmt(r.getMibPerSec()), NexusBenchmark.fmt2(r.putCpuMsPerMib()),
                            NexusBenchmark.fmt2(r.getCpuMsPerMib())});
                        System.out.printf("rep %d  %-11s %4d MiB x%-2d  %3d ops  PUT %7.1f MiB/s %5.2f cpu-ms/MiB  "
                                + "GET %7.1f MiB/s %5.2f cpu-ms/MiB%n", rep, t.name, size, c, batch.ops(),
                                r.putMibPerSec(), r.putCpuMsPerMib(), r.getMibPerSec(), r.getCpuMsPerMib());
                    }
                }
                cellIndex++;
            }
        }
        return raw;
    }
}
