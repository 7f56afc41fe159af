package io.xtremehub.omb.cli;

import io.xtremehub.omb.driver.BenchmarkDriver;
import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.Drivers;
import io.xtremehub.omb.result.ResultCharts;
import io.xtremehub.omb.result.ResultFiles;
import io.xtremehub.omb.result.ResultSummary;
import io.xtremehub.omb.result.TestResult;
import io.xtremehub.omb.runner.BenchmarkRunner;
import io.xtremehub.omb.runner.RunOutcome;
import io.xtremehub.omb.workload.Workload;
import io.xtremehub.omb.workload.WorkloadException;
import io.xtremehub.omb.workload.WorkloadReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code xtremehub bench omb --drivers pravega.yaml,kafka.yaml --workloads w.yaml}: runs every
 * (driver, workload) pair, each on a fresh driver (and fresh embedded cluster), and writes one OMB
 * result file per run, and a table of every run so far ({@code summary.md}). All files are read and
 * checked before anything runs.
 */
@Command(name = "omb", mixinStandardHelpOptions = true,
        description = "Run OpenMessaging Benchmark workloads on XtremeHub (Pravega), Kafka and Pulsar; write OMB result JSON.")
public final class OmbCli implements Callable<Integer> {
    @Option(names = "--drivers", split = ",", required = true, description = "driver YAML files (OMB style)")
    List<Path> drivers;

    @Option(names = "--workloads", split = ",", required = true, description = "workload YAML files (OMB format)")
    List<Path> workloads;

    @Option(names = {"-o", "--output"}, defaultValue = ".", description = "directory for result files (default: .)")
    Path output;

    @Option(names = "--test-minutes", description = "override every workload's testDurationMinutes")
    Double testMinutes;

    @Option(names = "--warmup-minutes", description = "override every workload's warmupDurationMinutes")
    Double warmupMinutes;

    @Option(names = "--sample-seconds", defaultValue = "10", description = "sample period (OMB: 10)")
    int sampleSeconds;

    public static void main(String[] args) {
        int code;
        try {
            code = new CommandLine(new OmbCli()).execute(args);
        } catch (RuntimeException e) {
            System.err.println("error: " + e.getMessage());
            code = 1;
        }
        System.exit(code);
    }

    @Override
    public Integer call() throws Exception {
        List<Workload> loaded = new ArrayList<>();
        try {
            for (Path p : workloads) {
                Workload w = WorkloadReader.read(p);
                if (testMinutes != null || warmupMinutes != null) {
                    w = w.withDurations(testMinutes != null ? testMinutes : w.testDurationMinutes(),
                            warmupMinutes != null ? warmupMinutes : w.warmupDurationMinutes());
                }
                loaded.add(w);
            }
            for (Path d : drivers) {
                Drivers.check(d);
            }
        } catch (WorkloadException | DriverConfigException e) {
            System.err.println("error: " + e.getMessage());
            return 2;
        }
        int failures = 0;
        List<TestResult> everyRun = new ArrayList<>();
        for (int i = 0; i < loaded.size(); i++) {
            BenchmarkRunner runner = BenchmarkRunner.builder()
                    .samplePeriod(Duration.ofSeconds(sampleSeconds))
                    .payloadDir(workloads.get(i).toAbsolutePath().getParent()).build();
            List<TestResult> results = new ArrayList<>();
            for (Path d : drivers) {
                try (BenchmarkDriver driver = Drivers.open(d)) {
                    RunOutcome outcome = runner.run(driver, loaded.get(i));
                    Path file = ResultFiles.write(outcome.result(), output, LocalDateTime.now());
                    results.add(outcome.result());
                    everyRun.add(outcome.result());
                    System.out.println("result: " + file);
                    System.out.println("summary: " + ResultSummary.write(everyRun, output));
                    if (!outcome.delivery().exactlyOnce()) {
                        failures++;
                    }
                } catch (DriverConfigException e) {
                    System.err.println("error: " + e.getMessage());
                    return 2;
                }
            }
            for (Path chart : ResultCharts.write(results, output)) {
                System.out.println("chart: " + chart);
            }
        }
        if (failures > 0) {
            System.err.println("error: " + failures + " run(s) lost or duplicated acknowledged messages (see 'delivery:' lines)");
            return 3;
        }
        return 0;
    }
}
