package io.xtremehub.faastream.cli;

import io.xtremehub.faastream.Job;
import io.xtremehub.faastream.JobFailedException;
import io.xtremehub.faastream.JobStatus;
import io.xtremehub.faastream.Manager;
import io.xtremehub.faastream.ResumedJobs;
import io.xtremehub.faastream.config.ManagerConfig;
import io.xtremehub.faastream.config.PlatformSection;
import io.xtremehub.faastream.platform.LocalProcessPlatform;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code job resume}: a manager for the scope's exactly-once jobs whose manager died. It resumes them
 * from their last commit and runs them until they end. It is not closed on the way out (closing
 * would cancel the jobs), so a killed or interrupted resume leaves them to be resumed again.
 */
@Command(name = "resume", description = {"Resume the scope's exactly-once jobs whose manager died, from their "
        + "last commit, and run them here until they end.",
        "Ctrl-C or a kill leaves them to be resumed again. The jobs' pipeline classes must be on the class "
                + "path: give their jars or folders with --class-path."})
final class ResumeJobs implements Callable<Integer> {
    @CommandLine.ParentCommand
    JobCli parent;
    @Option(names = "--class-path", split = ":", paramLabel = "PATH",
            description = "jars or class folders holding the jobs' pipeline classes (separated by ':'); "
                    + "local worker JVMs get them too")
    List<Path> classPath = List.of();

    @Override
    public Integer call() throws InterruptedException {
        for (Path p : classPath) {
            if (!Files.exists(p)) {
                System.err.println("job resume: --class-path entry " + p + " does not exist");
                return 2;
            }
        }
        ManagerConfig given = parent.managerConfig();
        ManagerConfig config = new ManagerConfig(given.controller(), given.scope(), given.objectStore(),
                platform(given), given.metricsHost(), given.metricsPort());
        // workers and the manager's own threads inherit this loader, so the recorded pipelines decode
        Thread.currentThread().setContextClassLoader(pipelineLoader());
        Manager manager = config.applyTo(Manager.builder()).build();
        ResumedJobs found = manager.resumeJobs();
        found.skipped().forEach(line -> System.err.println("skipped: " + line));
        if (found.resumed().isEmpty()) {
            System.out.println("no job to resume in scope " + config.scope());
            manager.close();
            return found.skipped().isEmpty() ? 0 : 2;
        }
        for (Job job : found.resumed()) {
            System.out.println("resumed " + job.id());
        }
        System.out.flush();
        boolean allWell = true;
        for (Job job : found.resumed()) {
            allWell &= awaitEnd(job);
        }
        manager.close();
        return allWell ? 0 : 1;
    }

    private static boolean awaitEnd(Job job) throws InterruptedException {
        while (true) {
            try {
                JobStatus end = job.awaitCompletion(Duration.ofDays(1));
                System.out.println(job.id() + " " + end.state());
                return true;
            } catch (TimeoutException e) {
                // a streaming job runs until it is cancelled: keep waiting
            } catch (JobFailedException e) {
                System.out.println(job.id() + " FAILED: " + e.getMessage());
                return false;
            }
        }
    }

    private ClassLoader pipelineLoader() {
        List<URL> urls = new ArrayList<>();
        for (Path p : classPath) {
            try {
                urls.add(p.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("--class-path entry " + p + " is not a path: " + e.getMessage());
            }
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ResumeJobs.class.getClassLoader());
    }

    /** Local worker JVMs run the manager's class path (or the configured one) plus --class-path. */
    private PlatformSection platform(ManagerConfig config) {
        if (classPath.isEmpty() || !(config.platform() instanceof PlatformSection.Processes p)) {
            return config.platform();
        }
        String extra = classPath.stream().map(c -> c.toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
        String base = p.classPath() != null ? p.classPath() : LocalProcessPlatform.defaultClassPath();
        return new PlatformSection.Processes(p.java(), base + File.pathSeparator + extra, p.jvmArgs(), p.logDir(), p.standbyWorkers());
    }
}
