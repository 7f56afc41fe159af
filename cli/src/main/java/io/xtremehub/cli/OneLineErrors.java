package io.xtremehub.cli;

import io.xtremehub.standalone.cli.XtremeHubCli;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.UnmatchedArgumentException;

/** Turns every failure under the root into one line on stderr, the way the standalone commands always did. */
final class OneLineErrors {
    private OneLineErrors() {
    }

    /**
     * Installs the handlers on the whole tree; picocli copies them to the subcommands present now, so
     * call this after the tree is built.
     */
    static CommandLine installOn(CommandLine root) {
        root.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("error: " + XtremeHubCli.describe(e));
            cmd.getErr().flush();
            return 1;
        });
        root.setParameterExceptionHandler((e, args) -> {
            PrintWriter err = e.getCommandLine().getErr();
            err.println("error: " + usageError(e));
            err.flush();
            return 2;
        });
        return root;
    }

    private static String usageError(CommandLine.ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        String help = " (see " + cmd.getCommandSpec().qualifiedName() + " --help)";
        if (e instanceof UnmatchedArgumentException u && !cmd.getSubcommands().isEmpty()) {
            List<String> unmatched = u.getUnmatched();
            String first = unmatched.isEmpty() ? "" : unmatched.get(0);
            if (!first.startsWith("-")) {
                return "unknown command '" + first + "'; commands: "
                        + String.join(", ", cmd.getSubcommands().keySet()) + help;
            }
        }
        return e.getMessage() + help;
    }
}
