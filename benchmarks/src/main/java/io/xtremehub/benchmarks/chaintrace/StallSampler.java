package io.xtremehub.benchmarks.chaintrace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * Looks at what the chain's threads are doing while an event is late: whenever the oldest event not
 * yet at the sink has been on its way longer than the threshold, it takes the stacks of the threads
 * that move the chain's events (and of any others the pattern names), at most once a period per event.
 * After the run each sample is put in the gap of the event's path it fell in ({@link TraceReport}),
 * which says what the thread the event was waiting for was doing instead of passing it on.
 */
final class StallSampler implements AutoCloseable {
    /** One thread's state and top frames at one moment of one late event. */
    record Sample(long seq, long nanos, String thread, String signature) {
    }

    /** Frames kept in a signature (below the JDK's own). */
    static final int FRAMES = 3;

    private final MarkTable table;
    private final List<Thread> threads = new ArrayList<>();
    private final long thresholdNanos;
    private final long periodNanos;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread loop;
    private volatile boolean stop;

    /**
     * @param extra more threads to look at (e.g. the segment store's), or null
     */
    StallSampler(TracedChain chain, MarkTable table, Pattern extra, long thresholdMillis, long periodMillis) {
        this.table = table;
        this.thresholdNanos = thresholdMillis * 1_000_000L;
        this.periodNanos = periodMillis * 1_000_000L;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (chain.ownsThread(t.getName()) || extra != null && extra.matcher(t.getName()).matches()) {
                threads.add(t);
            }
        }
        this.loop = new Thread(this::run, "trace-sampler");
        loop.setDaemon(true);
        loop.start();
    }

    private void run() {
        long sampledSeq = -1;
        long sampledAt = 0;
        while (!stop) {
            LockSupport.parkNanos(1_000_000);
            long seq = table.lastAtSink() + 1;
            long sent = table.sentAt(seq);
            long now = System.nanoTime();
            if (sent == 0 || now - sent < thresholdNanos || seq == sampledSeq && now - sampledAt < periodNanos) {
                continue;
            }
            sampledSeq = seq;
            sampledAt = now;
            for (Thread t : threads) {
                StackTraceElement[] stack = t.getStackTrace();
                synchronized (samples) {
                    samples.add(new Sample(seq, now, t.getName(), signature(t.getState(), stack)));
                }
            }
        }
    }

    /**
     * Frames that say what a thread is busy with even when they are deep in its stack: the reader
     * group's housekeeping inside a read, a worker's checkpoint sync, a writer's flush.
     */
    private static final List<String> LANDMARKS = List.of("ReaderGroupStateManager.", "StateSynchronizerImpl.",
            "InputReader.awaitSynced", "SegmentOutputStreamImpl.flush", "EventStreamWriterImpl.flush",
            "SegmentShare.", "WorkerRuntime.syncIfRequested", "SideChannel.");

    /**
     * The thread's state, its top frames outside the JDK (and outside lambdas and Pravega's interrupt
     * wrapper), and the outermost landmark frame below them, if any.
     */
    static String signature(Thread.State state, StackTraceElement[] stack) {
        List<String> frames = new ArrayList<>();
        String landmark = null;
        for (StackTraceElement f : stack) {
            String c = f.getClassName();
            String frame = c.substring(c.lastIndexOf('.') + 1) + "." + f.getMethodName();
            if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.contains("$$Lambda")
                    || f.getMethodName().startsWith("lambda$") || frame.equals("Exceptions.handleInterrupted")) {
                continue;
            }
            if (frames.size() < FRAMES) {
                frames.add(frame);
            } else if (LANDMARKS.stream().anyMatch(frame::startsWith)) {
                landmark = frame;
            }
        }
        if (frames.isEmpty() && stack.length > 0) {
            StackTraceElement top = stack[0];
            frames.add(top.getClassName().substring(top.getClassName().lastIndexOf('.') + 1) + "." + top.getMethodName());
        }
        return state + " " + String.join(" < ", frames) + (landmark == null ? "" : " ... in " + landmark);
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        loop.join(1_000);
    }
}
