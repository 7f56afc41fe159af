package io.xtremehub.standalone.cli;

import io.xtremehub.standalone.ClusterStartException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The cluster commands as a program of their own (the standalone image runs it); the {@code xtremehub}
 * command of the distribution holds the same commands beside the other modules'. Every command prints
 * one clear line on failure and exits non-zero.
 */
@Command(name = "xtremehub", mixinStandardHelpOptions = true, version = "xtremehub 0.1.0",
        description = "XtremeHub: elastic, tiered streams on Pravega.",
        subcommands = {StandaloneCommand.class, StreamCommand.class, WriteCommand.class, ReadCommand.class,
                DemoCommand.class})
public final class XtremeHubCli {

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Throwable t) { // never leave the JVM hanging on a non-daemon thread after a crash
            System.err.println("error: " + describe(t));
            code = 1;
        }
        System.exit(code);
    }

    /** Runs a command line and returns its exit code (0 ok, 1 failed, 2 bad usage). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new XtremeHubCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("error: " + describe(e));
            cmd.getErr().flush();
            return 1;
        });
        cli.setParameterExceptionHandler((e, args) -> {
            PrintWriter err = e.getCommandLine().getErr();
            err.println("error: " + e.getMessage() + " (see --help)");
            err.flush();
            return 2;
        });
        return cli;
    }

    /** One line for a failure: our own messages as they are, anything else with its root cause. */
    public static String describe(Throwable e) {
        if (e instanceof CliException || e instanceof ClusterStartException || e instanceof IllegalArgumentException) {
            return e.getMessage();
        }
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return msg.lines().findFirst().orElse(msg);
    }
}
