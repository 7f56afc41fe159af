package io.xtremehub.benchmarks.scaling;

import io.xtremehub.faastream.Transformer;

/**
 * One of the experiment's jobs: its function, the size of its input events, and the peak rate its
 * load is scaled to.
 *
 * @param name      "cpu" or "io", used in file names and tables
 * @param function  what each worker runs on every event
 * @param eventBytes size of the generated events
 * @param peak      events per second at the top of the load
 * @param describe  one line for the report
 */
record Workload(String name, Transformer<byte[], byte[]> function, int eventBytes, double peak, String describe) {

    /**
     * The function's median time per event in this JVM now, over {@code events} calls on fresh
     * events: on a shared machine the CPU-bound job's cost is worth stating beside its results.
     */
    double medianMillisPerEvent(int events) throws Exception {
        double[] t = new double[events];
        for (int i = 0; i < events; i++) {
            byte[] e = io.xtremehub.benchmarks.probe.ProbeEvent.encode(i, 0, eventBytes);
            long t0 = System.nanoTime();
            function.apply(e);
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        return io.xtremehub.benchmarks.probe.Percentiles.of(t, 50);
    }

    static Workload cpu(int rounds, double peak) {
        return new Workload("cpu", new HashingWork(rounds), 1024, peak,
                "CPU-bound: SHA-256 chained " + rounds + " times over each 1 KB event");
    }

    static Workload io(long millis, double peak) {
        return new Workload("io", new RemoteCallWork(millis), 256, peak,
                "IO-bound: each 256-byte event waits on a simulated remote call of " + millis + " ms");
    }
}
