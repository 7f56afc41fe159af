package io.xtremehub.benchmarks.scaling;

import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.StageMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the job looked like in each second of a run, sampled from its status on a thread of its own:
 * live workers, segments of its input and events queued in the workers.
 */
final class Timeline implements AutoCloseable {
    /**
     * One second: the stage's workers, input segments, queued events and events written so far at its
     * start (the last tells a stalled stage from a stalled sink reader).
     */
    record Sample(int second, int workers, int segments, long queued, long stageOut) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopping;

    /**
     * @param sourceSegments the source stream's segments when the job does not rescale it (the
     *                       manager reports 0 segments for a source it leaves alone)
     */
    Timeline(Job job, long startNanos, int sourceSegments) {
        this.thread = new Thread(() -> sample(job, startNanos, sourceSegments), "timeline");
        thread.setDaemon(true);
        thread.start();
    }

    private void sample(Job job, long startNanos, int sourceSegments) {
        for (int second = 0; !stopping; second++) {
            long due = startNanos + second * 1_000_000_000L;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
            StageMetrics m = stageOf(job.status()).orElse(null);
            synchronized (this) {
                samples.add(m == null ? new Sample(second, 0, sourceSegments, 0, 0) : new Sample(second, m.workers(),
                        m.partitions() > 0 ? m.partitions() : sourceSegments, m.queueLength(), m.eventsOut()));
            }
        }
    }

    /** The job's only stage; a job still setting up lists none yet. */
    static Optional<StageMetrics> stageOf(JobStatus status) {
        return status.stages().isEmpty() ? Optional.empty() : Optional.of(status.stages().get(0));
    }

    synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    @Override
    public void close() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join(5_000);
    }
}
