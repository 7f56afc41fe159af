package io.xtremehub.standalone.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ZooKeeper's server replaces the JVM's default uncaught-exception handler when its connection
 * factory class first loads. A program that embeds the cluster must keep its own: this runs one in
 * a fresh JVM (where that class has not loaded yet), so the check cannot pass by accident.
 */
class UncaughtExceptionHandlerTest {

    /** A user's program: its own handler, the embedded ZooKeeper, then an exception out of main. */
    public static final class ProgramThatFails {
        public static void main(String[] args) throws Exception {
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> System.out.println("user handler: " + e.getMessage()));
            try (EmbeddedZooKeeper zk = new EmbeddedZooKeeper(Path.of(args[0]), new ClusterAddress("127.0.0.1", "127.0.0.1"), 0)) {
                System.out.println("zookeeper at " + zk.connectString());
            }
            throw new IllegalStateException("boom from main");
        }
    }

    @Test
    void anExceptionOutOfMainStillReachesTheUsersHandler(@TempDir Path dir) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                ProgramThatFails.class.getName(), dir.resolve("zk").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the program did not end");
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertTrue(out.contains("zookeeper at 127.0.0.1:"), out);
        assertTrue(out.contains("user handler: boom from main"), out);
        assertEquals(1, p.exitValue(), out);
    }
}
