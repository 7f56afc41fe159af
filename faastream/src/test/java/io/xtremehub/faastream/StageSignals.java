package io.xtremehub.faastream;

import io.pravega.client.SynchronizerClientFactory;
import io.xtremehub.faastream.internal.wire.Channel;
import io.xtremehub.faastream.internal.wire.ControlMessage;
import io.xtremehub.faastream.internal.wire.JobNames;
import io.xtremehub.faastream.internal.wire.Telemetry;
import io.xtremehub.testkit.cluster.TestCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What a stage's manager and workers tell each other, as they say it: a background thread follows the
 * stage's control and telemetry channels (the ones the job itself uses; reading them takes nothing
 * from anyone) and keeps each message with the time this process saw it. Tests find the moments of a
 * recovery there (the roll-back's CANCELs and ROLL_BACKs, the workers' READY, the new transaction) and the epoch
 * checkpoints in progress (some workers have reported CHECKPOINTED for an epoch, not all).
 */
final class StageSignals implements AutoCloseable {
    /** A control message or report and when it was seen (epoch millis). */
    record Seen<T>(long at, T message) {
    }

    private final SynchronizerClientFactory sync;
    private final Channel<ControlMessage> control;
    private final Channel<Telemetry> telemetry;
    private final List<Seen<ControlMessage>> commands = new ArrayList<>();
    private final List<Seen<Telemetry>> reports = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stop;
    private volatile Throwable error;

    StageSignals(TestCluster tc, String jobId, int stage) {
        JobNames names = new JobNames(jobId);
        this.sync = SynchronizerClientFactory.withScope(tc.scope(), tc.clientConfig());
        this.control = new Channel<>(sync, names.controlStream(stage), ControlMessage.class);
        this.telemetry = new Channel<>(sync, names.telemetryStream(stage), Telemetry.class);
        this.thread = new Thread(this::follow, "stage-signals");
        thread.setDaemon(true);
        thread.start();
    }

    private void follow() {
        try {
            while (!stop) {
                List<ControlMessage> c = control.poll();
                List<Telemetry> t = telemetry.poll();
                long now = System.currentTimeMillis();
                synchronized (this) {
                    c.forEach(m -> commands.add(new Seen<>(now, m)));
                    t.forEach(m -> reports.add(new Seen<>(now, m)));
                }
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            error = e;
        }
    }

    /** When the first command matching {@code p} was seen at or after {@code since}, or -1. */
    synchronized long firstCommand(long since, Predicate<ControlMessage> p) {
        check();
        return commands.stream().filter(s -> s.at() >= since && p.test(s.message())).mapToLong(Seen::at).findFirst()
                .orElse(-1);
    }

    /** When the first report matching {@code p} was seen at or after {@code since}, or -1. */
    synchronized long firstReport(long since, Predicate<Telemetry> p) {
        check();
        return reports.stream().filter(s -> s.at() >= since && p.test(s.message())).mapToLong(Seen::at).findFirst()
                .orElse(-1);
    }

    /**
     * When {@code workers} distinct workers had reported READY at or after {@code since} (a new
     * generation registered with the reader group), or -1 when not yet.
     */
    synchronized long allReadySince(long since, int workers) {
        check();
        Set<String> ready = new java.util.HashSet<>();
        for (Seen<Telemetry> s : reports) {
            if (s.at() >= since && s.message().type() == Telemetry.Type.READY && ready.add(s.message().worker())
                    && ready.size() == workers) {
                return s.at();
            }
        }
        return -1;
    }

    /** The workers that reported CHECKPOINTED for {@code epoch} so far. */
    synchronized Set<String> acknowledged(long epoch) {
        check();
        return reports.stream().map(Seen::message)
                .filter(t -> t.type() == Telemetry.Type.CHECKPOINTED && t.checkpointEpoch() == epoch)
                .map(Telemetry::worker).collect(Collectors.toSet());
    }

    /** Each slot's worker as of its latest report (a roll-back restarts survivors in place under new ids). */
    synchronized java.util.Map<String, String> currentWorkers() {
        check();
        java.util.Map<String, String> workers = new java.util.HashMap<>();
        reports.forEach(s -> workers.put(s.message().slot(), s.message().worker()));
        return workers;
    }

    /** The kinds of report {@code worker} sent so far, in order, without its periodic STATS. */
    synchronized List<Telemetry.Type> reportTypes(String worker) {
        check();
        return reports.stream().map(Seen::message).filter(t -> t.worker().equals(worker))
                .map(Telemetry::type).filter(type -> type != Telemetry.Type.STATS).toList();
    }

    /** The highest epoch any worker has reported CHECKPOINTED for, or 0. */
    synchronized long lastAcknowledgedEpoch() {
        check();
        return reports.stream().map(Seen::message).filter(t -> t.type() == Telemetry.Type.CHECKPOINTED)
                .mapToLong(Telemetry::checkpointEpoch).max().orElse(0);
    }

    private void check() {
        if (error != null) {
            throw new AssertionError("following the stage's channels failed", error);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join(5_000);
        control.close();
        telemetry.close();
        sync.close();
    }
}
