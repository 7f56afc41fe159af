package io.xtremehub.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Test helper: the built tar.gz unpacked into a directory, and {@code bin/xtremehub} run from it as a
 * user runs it: a process of its own, the JDK found through JAVA_HOME, no Maven class path.
 */
final class Distribution {
    private final Path home;
    private final Path workDir;

    private Distribution(Path home, Path workDir) {
        this.home = home;
        this.workDir = workDir;
    }

    /** Unpacks the one {@code xtremehub-*.tar.gz} of {@code target} into {@code dir}. */
    static Distribution unpack(Path target, Path dir) throws Exception {
        Path tarball;
        try (Stream<Path> files = Files.list(target)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().matches("xtremehub-.*\\.tar\\.gz")).toList();
            if (found.size() != 1) {
                throw new IllegalStateException("expected one xtremehub-*.tar.gz in " + target + ", found " + found
                        + "; run mvn package on the cli module first");
            }
            tarball = found.get(0);
        }
        Process tar = new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (tar.waitFor() != 0) {
            throw new IllegalStateException("tar failed: " + out);
        }
        String base = tarball.getFileName().toString().replace(".tar.gz", "");
        Path work = Files.createDirectories(dir.resolve("work"));
        return new Distribution(dir.resolve(base), work);
    }

    Path home() {
        return home;
    }

    Path workDir() {
        return workDir;
    }

    /** The launcher with these arguments, not started yet; run in the work directory, stderr apart. */
    ProcessBuilder command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(home.resolve("bin/xtremehub").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        Map<String, String> env = pb.environment();
        env.remove("CLASSPATH");
        env.remove("MAVEN_OPTS");
        env.remove("XTREMEHUB_JAVA_OPTS");
        env.remove("XTREMEHUB_CONTROLLER");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        return pb;
    }

    /** Runs the launcher to its end with {@code stdin} as input. */
    Result run(String stdin, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        Process p = command(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("xtremehub " + String.join(" ", args) + " did not finish within 60 s");
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** What a finished command printed, and its exit code. */
    record Result(int exitCode, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
