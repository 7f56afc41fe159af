package io.xtremehub.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged distribution as a user gets it: the tar.gz unpacked into an empty directory and
 * {@code bin/xtremehub} run as separate processes with nothing but the JDK.
 */
class DistributionIT {
    private static final List<String> COMMANDS = List.of("standalone", "stream", "write", "read", "demo", "nexus",
            "job", "main-job", "autoscaler", "bench", "completion");

    @TempDir
    static Path dir;
    static Distribution dist;

    @BeforeAll
    static void unpack() throws Exception {
        dist = Distribution.unpack(Path.of("target"), dir);
    }

    @Test
    void versionIsTheBuildsVersion() throws Exception {
        Distribution.Result r = dist.run("", "--version");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("xtremehub " + System.getProperty("xtremehub.version"), r.out().lines().findFirst().orElse(""),
                r.toString());
    }

    @Test
    void helpListsEveryCommand() throws Exception {
        Distribution.Result r = dist.run("", "--help");
        assertEquals(0, r.exitCode(), r.toString());
        for (String command : COMMANDS) {
            assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith(command + " ")), command + " missing:\n" + r);
        }
    }

    @Test
    void completionScriptLoadsInBashAndIsTheShippedOne() throws Exception {
        Distribution.Result r = dist.run("", "completion");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(Files.readString(dist.home().resolve("completion/xtremehub.bash")), r.out());
        Path script = dist.workDir().resolve("completion.bash");
        Files.writeString(script, r.out());
        // bash offers the subcommands after `xtremehub `
        Process bash = new ProcessBuilder("bash", "-c", "source " + script + " && COMP_WORDS=(xtremehub '') "
                + "COMP_CWORD=1 COMP_LINE='xtremehub ' COMP_POINT=10 && _complete_xtremehub && echo ${COMPREPLY[@]}")
                .redirectErrorStream(true).start();
        String offered = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), offered);
        for (String command : COMMANDS) {
            assertTrue(List.of(offered.trim().split("\\s+")).contains(command), command + " not offered: " + offered);
        }
    }

    @Test
    void unknownCommandIsOneLineAndExitCode2() throws Exception {
        Distribution.Result r = dist.run("", "strem", "list");
        assertEquals(2, r.exitCode(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        assertTrue(r.errLines().get(0).startsWith("error: unknown command 'strem'; commands: standalone, stream"),
                r.toString());
        assertEquals("", r.out(), r.toString());
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void standaloneThenStreamWriteReadAgainstIt() throws Exception {
        Path data = dir.resolve("cluster-data");
        Process cluster = dist.command("standalone", "--data-dir", data.toString(), "--zk-port", "0",
                "--bookie-port", "0", "--controller-port", "0", "--segment-store-port", "0", "--s3-port", "0",
                "--nexus-admin-port", "0", "--segment-containers", "1").redirectErrorStream(true).start();
        List<String> console = new CopyOnWriteArrayList<>();
        CompletableFuture<String> controller = new CompletableFuture<>();
        Thread pump = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(cluster.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    console.add(line);
                    if (line.trim().startsWith("controller:")) {
                        controller.complete(line.trim().substring("controller:".length()).trim());
                    }
                }
            } catch (java.io.IOException e) {
                // the process went away
            }
            controller.completeExceptionally(new AssertionError("standalone exited:\n" + String.join("\n", console)));
        }, "standalone-console");
        pump.setDaemon(true);
        pump.start();
        try {
            String uri = controller.get(120, TimeUnit.SECONDS);
            assertEquals(0, dist.run("", "stream", "create", "lines", "--segments", "2", "--controller", uri)
                    .exitCode());
            String input = IntStream.range(0, 100).mapToObj(i -> "k" + (i % 7) + "\tevent-" + i)
                    .collect(Collectors.joining("\n", "", "\n"));
            Distribution.Result write = dist.run(input, "write", "lines", "--key-separator", "\t", "--controller", uri);
            assertEquals(0, write.exitCode(), write.toString());
            Distribution.Result read = dist.run("", "read", "lines", "--from-start", "--max", "100",
                    "--timeout-ms", "30000", "--controller", uri);
            assertEquals(0, read.exitCode(), read.toString());
            assertEquals(IntStream.range(0, 100).mapToObj(i -> "event-" + i).sorted().toList(),
                    read.out().lines().sorted().toList(), read.toString());
        } finally {
            cluster.destroy(); // SIGTERM: the cluster's shutdown hook stops it
            if (!cluster.waitFor(60, TimeUnit.SECONDS)) {
                cluster.destroyForcibly();
            }
        }
    }
}
