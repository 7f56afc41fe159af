package io.xtremehub.benchmarks.chaintrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChainTraceTest {
    @Test
    void anEventCarriesItsSequenceAndTheStampsOfItsSteps() {
        byte[] e = TracedEvent.create(41);
        assertEquals(1024, e.length);
        assertEquals(41, TracedEvent.seq(e));
        assertEquals(0, TracedEvent.stamped(e, 1));
        long before = System.nanoTime();
        TracedEvent.stamp(e, 1);
        assertTrue(TracedEvent.stamped(e, 1) >= before);
        assertEquals(0, TracedEvent.stamped(e, 0));
        assertEquals(41, TracedEvent.seq(e), "a stamp must not overwrite the sequence number");
        assertThrows(IllegalArgumentException.class, () -> TracedEvent.stamp(e, TracedEvent.SLOTS));
    }

    @Test
    void intervalsAreMillisecondsBetweenStepsAndNaNWhereAStepIsMissing() {
        MarkTable t = new MarkTable(List.of("write", "ack", "f1", "sink"), 2);
        t.mark(0, 0, 1_000_000);
        t.mark(0, 2, 4_500_000);
        t.markSink(0, 9_000_000);
        t.mark(1, 0, 2_000_000);
        t.mark(-3, 0, 5); // a warm-up event: not in the run
        double[] hop = t.millis(0, 2);
        assertEquals(3.5, hop[0], 1e-9);
        assertTrue(Double.isNaN(hop[1]));
        assertEquals(0, t.lastAtSink());
    }

    @Test
    void aSampleFallsInTheGapAfterTheLastStepThatWasPassed() {
        MarkTable t = new MarkTable(List.of("write", "ack", "f1", "sink"), 1);
        t.mark(0, 0, 100);
        t.mark(0, 1, 150);
        t.mark(0, 2, 300);
        t.markSink(0, 500);
        int[] path = {0, 2, 3};
        assertEquals(-1, t.stepBefore(0, 50, path));
        assertEquals(0, t.stepBefore(0, 200, path), "the acknowledgement is off the path");
        assertEquals(2, t.stepBefore(0, 300, path));
        assertEquals(3, t.stepBefore(0, 600, path));
    }

    @Test
    void percentilesSkipMissingValues() {
        double[] v = {5, Double.NaN, 1, 3, 2, 4};
        assertEquals(3, TraceReport.percentile(v, 50));
        assertEquals(5, TraceReport.percentile(v, 95));
        assertEquals(5, TraceReport.count(v));
        assertTrue(Double.isNaN(TraceReport.percentile(new double[] {Double.NaN}, 50)));
    }

    @Test
    void aSignatureKeepsTheStateAndTheTopFramesOutsideTheJdk() {
        StackTraceElement[] stack = {
            new StackTraceElement("jdk.internal.misc.Unsafe", "park", null, -1),
            new StackTraceElement("java.util.concurrent.locks.LockSupport", "parkNanos", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.EventStreamReaderImpl", "blockFor", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.EventStreamReaderImpl", "readNextEvent", null, -1),
        };
        assertEquals("TIMED_WAITING EventStreamReaderImpl.blockFor < EventStreamReaderImpl.readNextEvent",
                StallSampler.signature(Thread.State.TIMED_WAITING, stack));
        StackTraceElement[] deep = {
            new StackTraceElement("io.pravega.client.stream.impl.EventStreamReaderImpl$$Lambda$31/0x1", "run", null, -1),
            new StackTraceElement("io.pravega.common.Exceptions", "handleInterrupted", null, -1),
            new StackTraceElement("io.pravega.client.state.impl.StateSynchronizerImpl", "fetchUpdates", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.ReaderGroupStateManager", "fetchUpdatesIfNeeded", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.ReaderGroupStateManager", "getCheckpoint", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.EventStreamReaderImpl", "updateGroupStateIfNeeded", null, -1),
            new StackTraceElement("io.pravega.client.stream.impl.EventStreamReaderImpl", "readNextEvent", null, -1),
        };
        assertEquals("WAITING StateSynchronizerImpl.fetchUpdates < ReaderGroupStateManager.fetchUpdatesIfNeeded"
                + " < ReaderGroupStateManager.getCheckpoint", StallSampler.signature(Thread.State.WAITING, deep),
                "lambdas and the interrupt wrapper say nothing");
        assertEquals("RUNNABLE Unsafe.park", StallSampler.signature(Thread.State.RUNNABLE,
                new StackTraceElement[] {stack[0], stack[1]}));
    }

    @Test
    void theTraceSetsTheReaderGroupPropertiesFaaStreamReads() throws Exception {
        // the trace cannot see FaaStream's internal constant: the test pins the names together
        Class<?> groups = Class.forName("io.xtremehub.faastream.internal.io.StageReaderGroups");
        java.lang.reflect.Field refresh = groups.getDeclaredField("REFRESH_PROPERTY");
        java.lang.reflect.Field checkpoint = groups.getDeclaredField("CHECKPOINT_PROPERTY");
        refresh.setAccessible(true);
        checkpoint.setAccessible(true);
        assertEquals(refresh.get(null), ChainTrace.REFRESH_PROPERTY);
        assertEquals(checkpoint.get(null), ChainTrace.CHECKPOINT_PROPERTY);
    }

    @Test
    void everySampleIsWrittenWithTheGapItFellIn(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        MarkTable t = new MarkTable(List.of("source write", "source ack", "f1 call", "sink read"), 1);
        t.mark(0, 0, 1_000_000);
        t.mark(0, 2, 3_000_000);
        t.markSink(0, 9_000_000);
        TraceReport report = new TraceReport();
        report.add(new TraceReport.Run("faastream", 1, 1, t, List.of(new TracedChain.Interval("end to end", 0, 3)),
                new int[] {0, 2, 3}, List.of(new StallSampler.Sample(0, 7_000_000, "faastream-reader-x",
                        "WAITING EventStreamReaderImpl.blockFor"), new StallSampler.Sample(0, 8_000_000,
                        "faastream-reader-x", "WAITING ConditionalOutputStreamImpl.write ... in ReaderGroupStateManager.checkpoint"),
                new StallSampler.Sample(0, 8_000_000, "faastream-reader-y",
                        "WAITING ConditionalOutputStreamImpl.write ... in ReaderGroupStateManager.checkpoint")),
                "1", "2", (step, thread) -> step == 2 && thread.equals("faastream-reader-x")));
        java.nio.file.Path gz = dir.resolve("s.csv.gz");
        report.writeSamples(gz);
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(gz))))) {
            assertEquals(List.of("system,rate,round,seq,ms_after_write,gap,thread,signature",
                    "faastream,1,1,0,6.000,after f1 call,faastream-reader-x,\"WAITING EventStreamReaderImpl.blockFor\"",
                    "faastream,1,1,0,7.000,after f1 call,faastream-reader-x,"
                            + "\"WAITING ConditionalOutputStreamImpl.write ... in ReaderGroupStateManager.checkpoint\"",
                    "faastream,1,1,0,7.000,after f1 call,faastream-reader-y,"
                            + "\"WAITING ConditionalOutputStreamImpl.write ... in ReaderGroupStateManager.checkpoint\""),
                    in.lines().toList());
        }
        String md = report.markdown("");
        assertTrue(md.contains("after f1 call | faastream-reader-x"));
        // only the reader the event waited for counts, and it was busy with its group once
        assertTrue(md.contains("- faastream: 1 of 1 late events (samples: ReaderGroupStateManager.checkpoint 1)"), md);
    }

    @Test
    void optionsAreCheckedBeforeAnythingStarts() {
        TraceOptions o = TraceOptions.parse("--rates", "1,100", "--seconds", "5", "--min-events", "20");
        assertEquals(20, o.events(1));
        assertEquals(500, o.events(100));
        assertEquals(List.of("pravega-raw", "faastream"), o.systems());
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--systems", "kafka"));
        assertEquals(List.of("faastream", "faastream/rg=3000:30000"),
                TraceOptions.parse("--systems", "faastream,faastream/rg=3000:30000").systems());
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--systems", "faastream/rg=3000"));
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--systems", "faastream,faastream"));
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--rates", "0"));
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--rate", "1"));
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.parse("--rounds"));
    }
}
