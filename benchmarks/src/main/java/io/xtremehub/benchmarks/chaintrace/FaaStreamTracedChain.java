package io.xtremehub.benchmarks.chaintrace;

import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobOptions;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.Mode;
import io.xtremehub.faastream.Pipeline;
import io.xtremehub.faastream.Serializers;
import java.util.List;

/**
 * FaaStream's two-function chain on thread workers, as the chain benchmark builds it; each function
 * stamps the time it was called into the event (slots 0 and 1).
 */
final class FaaStreamTracedChain extends TracedChain {
    private static final List<String> STEPS = List.of("source write", "source ack", "f1 call", "f2 call",
            "sink read");
    private final String name;
    private final Job job;

    private FaaStreamTracedChain(String name, PravegaClients pravega, String in, String out, Job job, boolean wakeUp) {
        super(pravega.writer(in), pravega.reader(out, wakeUp));
        this.name = name;
        this.job = job;
    }

    /** @param wakeUp whether the sink reader comes from a client factory with ReaderWakeUp (the workers' always do) */
    static FaaStreamTracedChain start(PravegaClients pravega, Manager manager, String name, boolean wakeUp) {
        String in = pravega.stream("trace-fs-in", 1);
        String out = pravega.stream("trace-fs-out", 1);
        Pipeline<byte[]> p = Pipeline.fromStream(in, Serializers.bytes())
                .map(b -> TracedEvent.stamp(b, 0), Serializers.bytes()).named("f1")
                .map(b -> TracedEvent.stamp(b, 1), Serializers.bytes()).named("f2");
        Job job = manager.execute(p.writeToStream(out), JobOptions.builder().name("chain-trace")
                .mode(Mode.STREAM).build());
        return new FaaStreamTracedChain(name, pravega, in, out, job, wakeUp);
    }

    @Override
    String name() {
        return name;
    }

    @Override
    List<String> steps() {
        return STEPS;
    }

    @Override
    int[] path() {
        return new int[] {0, 2, 3, 4};
    }

    @Override
    List<Interval> intervals() {
        return List.of(new Interval("source append acknowledged", 0, 1),
                new Interval("hop 1: source write to f1 call", 0, 2),
                new Interval("hop 2: f1 call to f2 call", 2, 3),
                new Interval("hop 3: f2 call to sink read", 3, 4),
                new Interval("end to end", 0, 4));
    }

    /** After the source write stage 0's reader returns the event, after function 1's call stage 1's. */
    @Override
    protected boolean readsAfter(int step, String threadName) {
        return threadName.startsWith("faastream-reader-" + job.id() + "-s" + (step == 0 ? 0 : 1) + "w");
    }

    /** The job's workers: a reader and a processing thread per stage, named after the job. */
    @Override
    protected boolean ownsMiddleThread(String threadName) {
        return (threadName.startsWith("faastream-reader-") || threadName.startsWith("faastream-worker-"))
                && threadName.contains(job.id() + "-");
    }

    @Override
    protected void copyStamps(byte[] event, MarkTable t, long seq) {
        t.mark(seq, 2, TracedEvent.stamped(event, 0));
        t.mark(seq, 3, TracedEvent.stamped(event, 1));
    }

    @Override
    protected void closeMiddle() {
        job.cancel();
    }
}
