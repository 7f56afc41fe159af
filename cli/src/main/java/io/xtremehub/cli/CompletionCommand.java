package io.xtremehub.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code xtremehub completion}: prints a completion script of the whole command tree. The script is
 * bash's and loads zsh's bash compatibility itself, so one script serves both shells.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a bash/zsh completion script for xtremehub.",
                "Load it with: source <(xtremehub completion)",
                "(zsh: run `autoload -U +X compinit && compinit` first)"})
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String script = AutoComplete.bash(spec.root().name(), spec.root().commandLine());
        spec.commandLine().getOut().print(script);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
