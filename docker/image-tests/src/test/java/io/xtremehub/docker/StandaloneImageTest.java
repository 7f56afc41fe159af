package io.xtremehub.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The standalone image: {@code xtremehub standalone} with {@code XTREMEHUB_CONFIG=/etc/xtremehub/cluster.yaml}.
 * Its components listen on 127.0.0.1 only (the cluster has no listen-address setting), so it
 * exposes no port: clients share its network namespace.
 */
class StandaloneImageTest extends ImageTestBase {
    static final String CONFIG = "/etc/xtremehub/cluster.yaml";

    @Override String module() { return "standalone"; }
    @Override String imageName() { return "standalone"; }
    @Override String mainClass() { return "io.xtremehub.standalone.cli.XtremeHubCli"; }
    @Override Set<String> exposedPorts() { return Set.of(); }
    @Override List<String> documented() { return List.of(CONFIG, "XTREMEHUB_CONFIG", "service:standalone"); }

    @Test
    void runsTheClusterWithTheConfigTheEnvironmentNames() {
        assertEquals(List.of("standalone"), image.cmd());
        assertEquals(CONFIG, env().get("XTREMEHUB_CONFIG"));
        assertTrue(Files.isRegularFile(root.resolve(CONFIG.substring(1))));
    }

    @Test
    void theCliAnswersInTheImage() throws Exception {
        Sandbox.Result r = sandbox.run(command("--help"), "", Duration.ofSeconds(90));
        assertExit(0, r);
        assertTrue(r.output().contains("standalone") && r.output().contains("stream"), r.output());
    }

    @Test
    void readsTheFileXtremehubConfigNames() throws Exception {
        String original = replaceFile(CONFIG, "dataDir: /var/lib/xtremehub/data\nbogusKey: 1\n");
        try {
            Sandbox.Result r = sandbox.run(defaultCommand(), "", Duration.ofSeconds(90));
            assertExit(1, r);
            assertTrue(r.output().contains(CONFIG + ": unknown key 'bogusKey'"), r.output());
        } finally {
            replaceFile(CONFIG, original);
        }
    }

    @Test
    void theClusterStartsFromTheImageWithTheDataDirectoryOfItsFile() throws Exception {
        Process p = sandbox.start(defaultCommand());
        String out;
        try {
            out = Sandbox.awaitLine(p, "Press Ctrl-C to stop.", Duration.ofSeconds(240));
        } finally {
            Sandbox.stop(p);
        }
        assertTrue(out.contains("XtremeHub standalone cluster is running"), out);
        assertTrue(out.contains("controller: tcp://127.0.0.1:9090"), out);
        assertTrue(out.contains("data dir:   /var/lib/xtremehub/data"), out);
        var data = root.resolve("var/lib/xtremehub/data");
        assertTrue(Files.isDirectory(data), "the data directory of the file, written by the image's user");
        if ("root".equals(System.getProperty("user.name"))) {
            assertEquals(10001, Files.getAttribute(data, "unix:uid"));
        }
    }
}
