package io.xtremehub.faastream.cli;

import io.pravega.client.admin.StreamManager;
import io.xtremehub.config.ConfigException;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.StageMetrics;
import io.xtremehub.faastream.config.ManagerConfig;
import io.xtremehub.faastream.internal.io.PravegaContext;
import io.xtremehub.faastream.internal.manager.JobRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code job list | status <id> | metrics <id>}: reads the job status snapshots that managers publish
 * to the scope's {@code faastream-jobs} stream, so it needs only the controller address.
 * {@code job resume} ({@link ResumeJobs}) is a manager of its own.
 */
@Command(name = "job", mixinStandardHelpOptions = true, subcommands = {JobCli.ListJobs.class, JobCli.Status.class,
        JobCli.Metrics.class, ResumeJobs.class}, description = "FaaStream jobs: list, status, metrics, resume.")
public final class JobCli {
    @Option(names = "--config", scope = CommandLine.ScopeType.INHERIT,
            description = "the Manager's YAML file (see faastream/manager.example.yaml; default: $FAASTREAM_CONFIG)")
    Path config;
    @Option(names = "--controller", scope = CommandLine.ScopeType.INHERIT,
            description = "Pravega controller, over the file and FAASTREAM_CONTROLLER (default: tcp://127.0.0.1:9090)")
    String controller;
    @Option(names = "--scope", scope = CommandLine.ScopeType.INHERIT,
            description = "scope, over the file and FAASTREAM_SCOPE (default: xtremehub)")
    String scope;

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new JobCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (!(e instanceof ConfigException)) {
                throw e;
            }
            cmd.getErr().println("job: " + e.getMessage());
            return 2;
        });
        System.exit(cli.execute(args));
    }

    /** The file (or $FAASTREAM_CONFIG), the environment, then these flags. */
    ManagerConfig managerConfig() {
        return ManagerConfig.resolve(config, System.getenv()).with(controller, scope);
    }

    List<JobStatus> jobs() {
        ManagerConfig c = managerConfig();
        try (PravegaContext ctx = PravegaContext.connect(c.controllerUri(), c.scope());
             StreamManager streams = StreamManager.create(ctx.clientConfig());
             JobRegistry registry = new JobRegistry(ctx, streams)) {
            return registry.latest();
        }
    }

    Optional<JobStatus> job(String id) {
        return jobs().stream().filter(j -> j.jobId().equals(id)).findFirst();
    }

    static String progress(JobStatus s) {
        if (s.progress() < 0) {
            return "stream";
        }
        int filled = (int) Math.round(s.progress() * 20);
        return "[" + "#".repeat(filled) + "-".repeat(20 - filled) + "] " + Math.round(s.progress() * 100) + "%";
    }

    /** Lists jobs with their state and progress. */
    @Command(name = "list", description = "List jobs.")
    static final class ListJobs implements Callable<Integer> {
        @CommandLine.ParentCommand
        JobCli parent;

        @Override
        public Integer call() {
            List<JobStatus> all = parent.jobs();
            if (all.isEmpty()) {
                System.out.println("no jobs in scope " + parent.managerConfig().scope());
            }
            for (JobStatus s : all) {
                System.out.printf("%-14s %-10s %-6s %d stages  %s%n", s.jobId(), s.state(), s.mode(), s.stages().size(),
                        progress(s));
            }
            return 0;
        }
    }

    /** A subcommand about one job: finds it, or says in one line that there is none (exit code 2). */
    abstract static class OneJob implements Callable<Integer> {
        @CommandLine.ParentCommand
        JobCli parent;
        @Parameters(index = "0", description = "job id")
        String id;

        @Override
        public Integer call() {
            Optional<JobStatus> s = parent.job(id);
            if (s.isEmpty()) {
                System.err.println("no job " + id + " in scope " + parent.managerConfig().scope() + "; see 'job list'");
                return 2;
            }
            print(s.get());
            return 0;
        }

        abstract void print(JobStatus j);
    }

    /** One job's state, progress and error. */
    @Command(name = "status", description = "Show a job's state and progress.")
    static final class Status extends OneJob {
        @Override
        void print(JobStatus j) {
            System.out.printf("%s %s %s %s%n", j.jobId(), j.state(), j.mode(), progress(j));
            if (j.error() != null) {
                System.out.println("error: " + j.error());
            }
        }
    }

    /** Per-stage metrics of one job. */
    @Command(name = "metrics", description = "Show a job's per-stage metrics.")
    static final class Metrics extends OneJob {
        @Override
        void print(JobStatus j) {
            System.out.printf("%-5s %-12s %7s %10s %10s %7s %12s %10s %9s %7s %10s %6s%n", "stage", "name", "workers",
                    "in", "out", "queue", "us/event", "lag bytes", "committed", "aborted", "roll-backs", "done");
            for (StageMetrics m : j.stages()) {
                System.out.printf("%-5d %-12s %7d %10d %10d %7d %12.1f %10d %9d %7d %10d %6s%n", m.stage() + 1,
                        m.name(), m.workers(), m.eventsIn(), m.eventsOut(), m.queueLength(), m.meanProcessingMicros(),
                        m.lagBytes(), m.epochsCommitted(), m.epochsAborted(), m.rollBacks(), m.done());
            }
        }
    }
}
