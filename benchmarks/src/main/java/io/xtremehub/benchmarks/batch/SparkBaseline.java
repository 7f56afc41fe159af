package io.xtremehub.benchmarks.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the Spark program of {@code benchmarks/spark-baseline} in a JVM of its own (Spark's class
 * path never meets ours) and reads the one JSON line it prints: the time from the session's start
 * to the result written, and the session's start-up within it.
 */
final class SparkBaseline {
    /** The options Spark's own launcher adds on Java 17 for the JDK internals it uses. */
    private static final List<String> MODULE_OPTIONS = List.of("-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false",
            "-Dio.netty.tryReflectionSetAccessible=true");
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(\\d+)");

    /** One Spark run. */
    record Result(long totalMs, long startupMs) {
    }

    private final Path home;
    private final String heap;
    private final Path logDir;

    /**
     * @param home the module's build directory, holding {@code classes} and {@code classpath.txt}
     * @param heap the JVM's maximum heap, e.g. {@code 4g}
     */
    SparkBaseline(Path home, String heap, Path logDir) {
        this.home = home;
        this.heap = heap;
        this.logDir = logDir;
    }

    /** A line saying what is missing, or null when the Spark program is built. */
    String missing() {
        if (Files.isRegularFile(home.resolve("classpath.txt")) && Files.isDirectory(home.resolve("classes"))) {
            return null;
        }
        return "the Spark baseline is not built (no " + home.resolve("classpath.txt")
                + "): run mvn -B package in benchmarks/spark-baseline (once online, to download Spark)";
    }

    Result run(String job, Path in, Path out) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.addAll(MODULE_OPTIONS);
        cmd.add("-cp");
        cmd.add(home.resolve("classes") + ":" + Files.readString(home.resolve("classpath.txt")).trim());
        cmd.add("io.xtremehub.benchmarks.spark.SparkBatch");
        cmd.add(job);
        cmd.add(in.toAbsolutePath().toString());
        cmd.add(out.toAbsolutePath().toString());
        Files.createDirectories(logDir);
        Path log = logDir.resolve("spark-" + job + ".log");
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        String stdout = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(1, TimeUnit.HOURS) || p.exitValue() != 0) {
            throw new IOException("Spark " + job + " failed (exit " + p.exitValue() + "); see " + log);
        }
        String line = stdout.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow(() -> new IOException("Spark " + job + " printed no result line; see " + log));
        return new Result(field(line, "totalMs"), field(line, "startupMs"));
    }

    private static long field(String json, String name) throws IOException {
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return Long.parseLong(m.group(2));
            }
        }
        throw new IOException("no " + name + " in " + json);
    }
}
