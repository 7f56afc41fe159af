package io.xtremehub.cli;

import io.xtremehub.autoscaler.service.AutoscalerCli;
import io.xtremehub.faastream.cli.JobCli;
import io.xtremehub.nexus.cli.NexusCli;
import io.xtremehub.standalone.cli.DemoCommand;
import io.xtremehub.standalone.cli.ReadCommand;
import io.xtremehub.standalone.cli.StandaloneCommand;
import io.xtremehub.standalone.cli.StreamCommand;
import io.xtremehub.standalone.cli.WriteCommand;
import io.xtremehub.standalone.cli.XtremeHubCli;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code xtremehub} command: one root over every module's commands, so a user meets one program
 * with one {@code --help}, one {@code --version} and one completion script. The subcommands are the
 * modules' own command classes; this class only puts them under one name and makes every failure one
 * line on stderr (exit code 1 for a failed command, 2 for bad usage).
 */
@Command(name = "xtremehub", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "XtremeHub: elastic, tiered streams on Pravega.",
        subcommands = {StandaloneCommand.class, StreamCommand.class, WriteCommand.class, ReadCommand.class,
                DemoCommand.class, NexusCli.class, JobCli.class, MainJob.class, AutoscalerCli.class,
                BenchCommand.class, CompletionCommand.class})
public final class XtremeHub {

    /** Runs a command line and exits the JVM with its exit code. */
    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Throwable t) { // never leave the JVM hanging on a non-daemon thread after a crash
            System.err.println("error: " + XtremeHubCli.describe(t));
            code = 1;
        }
        System.exit(code);
    }

    /** Runs a command line and returns its exit code (0 ok, 1 failed, 2 bad usage). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The whole command tree, with one-line error reporting on every subcommand. */
    static CommandLine commandLine() {
        return OneLineErrors.installOn(new CommandLine(new XtremeHub()));
    }
}
