package io.xtremehub.benchmarks.chaintrace;

import io.xtremehub.benchmarks.LoadAverage;
import io.xtremehub.benchmarks.PravegaClients;
import io.xtremehub.benchmarks.latency.Pacer;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ObjectStoreConfig;
import io.xtremehub.faastream.platform.ThreadPlatform;
import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;

/**
 * Where the time of one event goes through a two-function chain (issue #16 item 2): FaaStream's chain
 * and its bare-Pravega floor, built as the chain benchmark builds them, on one embedded cluster, with
 * every event timed at each step (source write call and acknowledgement, each function, the sink
 * read) and the chain's threads sampled while an event is late. The chains take turns at each rate in
 * every round, so the machine's load falls on all of them; read the gaps within a run.
 *
 * <pre>scripts/bench-chain-trace.sh [--rates 1,100] [--seconds 10] [--min-events 30] [--rounds 3]
 *     [--systems pravega-raw,pravega-raw/wake,faastream,faastream/wake] [--stall-ms 6]
 *     [--threads REGEX] [--name chain-trace] [--out benchmarks/results]</pre>
 * Writes {@code <name>.md} (percentiles per interval, late-event samples), {@code <name>-events.csv} and
 * {@code <name>-samples.csv.gz}. {@code faastream/rg=REFRESH_MS:CHECKPOINT_MS} adds a FaaStream chain whose
 * reader groups refresh and checkpoint at those intervals (a same-run A/B of the groups' own traffic).
 */
public final class ChainTrace {
    /** FaaStream's own names for them (StageReaderGroups), read when a job creates its reader groups. */
    static final String REFRESH_PROPERTY = "faastream.readerGroup.refreshMillis";
    static final String CHECKPOINT_PROPERTY = "faastream.readerGroup.checkpointMillis";

    private ChainTrace() {
    }

    public static void main(String[] args) throws Exception {
        TraceOptions o;
        try {
            o = TraceOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("chain trace: " + e.getMessage());
            System.exit(2);
            return;
        }
        Files.createDirectories(o.out());
        Path data = Files.createTempDirectory("chain-trace");
        String started = Instant.now().toString();
        String loadAtStart = LoadAverage.all();
        TraceReport report = new TraceReport();
        try (StandaloneCluster cluster = StandaloneCluster.start(ClusterConfig.ephemeral(data.resolve("cluster")))) {
            var cfg = cluster.config();
            ObjectStoreConfig store = ObjectStoreConfig.of(cluster.s3Endpoint(), cfg.ltsRegion(), cfg.ltsAccessKey(),
                    cfg.ltsSecretKey());
            try (Manager manager = Manager.builder().controllerUri(cluster.controllerUri()).objectStore(store)
                    .platform(new ThreadPlatform()).build();
                 PravegaClients pravega = new PravegaClients(cluster.controllerUri(), StandaloneCluster.DEFAULT_SCOPE)) {
                List<TracedChain> chains = new ArrayList<>();
                try {
                    for (String s : o.systems()) {
                        chains.add(start(s, pravega, manager));
                    }
                    for (int round = 1; round <= o.rounds(); round++) {
                        List<TracedChain> order = new ArrayList<>(chains);
                        if (round % 2 == 0) {
                            Collections.reverse(order);
                        }
                        for (int rate : o.rates()) {
                            for (TracedChain c : order) {
                                report.add(run(c, rate, round, o));
                            }
                        }
                    }
                } finally {
                    for (TracedChain c : chains) {
                        c.close();
                    }
                }
            }
        }
        String header = String.format("# Chain trace `%s`%n%nCommand: `scripts/bench-chain-trace.sh %s`; %s to %s; "
                        + "load average (1, 5, 15 min) %s at start, %s at the end. 1 KB events, open loop, each sent "
                        + "and flushed on its own; a sample is taken when the oldest event not at the sink is %d ms "
                        + "on its way, and every 5 ms after.%n", o.name(), String.join(" ", args), started,
                Instant.now(), loadAtStart, LoadAverage.all(), o.stallMillis());
        Files.writeString(o.out().resolve(o.name() + ".md"), report.markdown(header));
        report.writeEvents(o.out().resolve(o.name() + "-events.csv"));
        report.writeSamples(o.out().resolve(o.name() + "-samples.csv.gz"));
        System.out.println("chain trace: wrote " + o.out().resolve(o.name() + ".md"));
        System.exit(0);
    }

    /**
     * Starts and warms up one chain. A FaaStream chain with its own reader-group intervals has them set
     * as system properties until its first events went through (the groups exist by then).
     */
    private static TracedChain start(String system, PravegaClients pravega, Manager manager) {
        Matcher rg = TraceOptions.READER_GROUP.matcher(system);
        if (rg.matches()) {
            System.setProperty(REFRESH_PROPERTY, rg.group(1));
            System.setProperty(CHECKPOINT_PROPERTY, rg.group(2));
        }
        try {
            TracedChain c = system.startsWith("faastream")
                    ? FaaStreamTracedChain.start(pravega, manager, system, system.endsWith("/wake"))
                    : BareTracedChain.start(pravega, system.endsWith("/wake"));
            warmUp(c);
            return c;
        } finally {
            System.clearProperty(REFRESH_PROPERTY);
            System.clearProperty(CHECKPOINT_PROPERTY);
        }
    }

    /** The name of the thread that reads the chain's sink during a run. */
    static String sinkThread(TracedChain c) {
        return "trace-sink-" + c.name();
    }

    /** The first events pay for connections, class loading and the readers' segment assignment. */
    private static void warmUp(TracedChain c) {
        for (int i = 1; i <= 5; i++) {
            c.send(TracedEvent.create(-i));
            if (c.receive(180_000) == null) {
                throw new IllegalStateException(c.name() + ": the chain produced nothing in 3 minutes");
            }
        }
    }

    private static TraceReport.Run run(TracedChain c, int rate, int round, TraceOptions o) throws Exception {
        int events = o.events(rate);
        MarkTable table = new MarkTable(c.steps(), events);
        String before = LoadAverage.all();
        c.begin(table);
        AtomicReference<Exception> failed = new AtomicReference<>();
        Thread receiver = new Thread(() -> {
            for (int i = 0; i < events; i++) {
                if (c.receive(60_000) == null) {
                    failed.set(new IllegalStateException(c.name() + " at " + rate + " events/s lost events after " + i));
                    return;
                }
            }
        }, sinkThread(c));
        receiver.start();
        List<StallSampler.Sample> samples;
        try (StallSampler sampler = new StallSampler(c, table, o.threads(), o.stallMillis(), 5)) {
            Pacer.run(rate, events, i -> c.send(TracedEvent.create(i)));
            receiver.join();
            samples = sampler.samples();
        }
        c.begin(null);
        if (failed.get() != null) {
            throw failed.get();
        }
        TraceReport.Run r = new TraceReport.Run(c.name(), rate, round, table, c.intervals(), c.path(), samples, before,
                LoadAverage.all(), c::awaited);
        System.out.printf("chain trace: %s %d/s round %d done (load %s)%n", c.name(), rate, round, r.loadAfter());
        return r;
    }
}
