package io.xtremehub.standalone.cli;

import io.xtremehub.standalone.StandaloneCluster;
import io.xtremehub.standalone.internal.EmbeddedNexus;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Runs the embedded cluster in the foreground until Ctrl-C. */
@Command(name = "standalone", mixinStandardHelpOptions = true,
        description = "Run ZooKeeper, BookKeeper, Pravega and the S3 endpoint in this process until Ctrl-C.")
public final class StandaloneCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        StandaloneCluster running = StandaloneCluster.start(cluster.toConfig());
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<String> died = new AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (died.get() == null) {
                spec.commandLine().getOut().println("shutting down...");
            }
            running.close();
            stopped.countDown();
        }, "xtremehub-shutdown"));
        running.died().thenAccept(line -> {
            died.set(line);
            stopped.countDown();
        });
        var out = spec.commandLine().getOut();
        out.println("XtremeHub standalone cluster is running (started in " + running.startTime().toMillis() + " ms)");
        out.println("  controller: " + running.controllerUri());
        out.println("  S3 (LTS):   " + running.s3Endpoint() + " bucket " + running.config().ltsBucket());
        if (running.nexus() != null) {
            out.println("  Nexus:      admin " + running.nexus().adminEndpoint() + " (token in "
                    + running.config().dataDir().resolve("nexus").resolve(EmbeddedNexus.TOKEN_FILE)
                    + "), LTS streamlet " + running.config().ltsCompression());
        }
        out.println("  data dir:   " + running.config().dataDir());
        out.println("Press Ctrl-C to stop.");
        out.flush();
        stopped.await();
        return died.get() == null ? 0 : 1; // the cluster has logged its one line on the console
    }
}
