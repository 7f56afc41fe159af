package io.xtremehub.cli;

import io.xtremehub.omb.cli.OmbCli;
import picocli.CommandLine.Command;

/** {@code xtremehub bench ...}: the benchmark harnesses a user runs from the command line. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = OmbCli.class,
        description = "Benchmarks: omb runs OpenMessaging Benchmark workloads on Pravega, Kafka and Pulsar.")
final class BenchCommand {
}
