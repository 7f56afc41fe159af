package io.xtremehub.nexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.cli.NexusCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI against a running worker's admin API. */
class NexusCliIT {
    @TempDir
    Path tmp;

    @Test
    void definesListsDeletesAndReportsStatus() throws Exception {
        try (NexusServer nexus = NexusServer.builder().adminToken("tok").workDir(tmp.resolve("w")).build().start()) {
            String admin = nexus.adminEndpoint().toString();
            Path policy = tmp.resolve("p.json");
            Files.writeString(policy, """
                    {"name":"cli-zstd","version":0,"system":"PRAVEGA","bucket":"tier","keyGlob":"**",
                     "pipeline":[{"name":"zstd","parameters":{}}],"outputBuckets":[]}""");
            PrintStream out = System.out;
            PrintStream err = System.err;
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            ByteArrayOutputStream capturedErr = new ByteArrayOutputStream();
            System.setOut(new PrintStream(captured, true));
            System.setErr(new PrintStream(capturedErr, true));
            try {
                assertEquals(0, NexusCli.run("--admin", admin, "--token", "tok", "policy", "define", policy.toString()));
                assertEquals(0, NexusCli.run("--admin", admin, "--token", "tok", "policy", "list"));
                assertTrue(captured.toString().contains("\"name\":\"cli-zstd\""), captured.toString());
                assertEquals(0, NexusCli.run("--admin", admin, "--token", "tok", "status"));
                assertTrue(captured.toString().contains("cli-zstd@1"), captured.toString());
                assertEquals(1, NexusCli.run("--admin", admin, "--token", "wrong", "status"));
                assertTrue(capturedErr.toString().contains("admin token"), capturedErr.toString());
                assertEquals(0, NexusCli.run("--admin", admin, "--token", "tok", "policy", "delete", "cli-zstd"));
                assertEquals(1, NexusCli.run("--admin", admin, "--token", "tok", "policy", "delete", "cli-zstd"));
                assertTrue(capturedErr.toString().contains("no active policy named 'cli-zstd'"), capturedErr.toString());
                assertEquals(1, NexusCli.run("--admin", admin, "--token", "tok", "streamlet", "register",
                        tmp.resolve("missing.jar").toString()));
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
            assertTrue(nexus.metadata().activePolicies().isEmpty());
        }
    }
}
