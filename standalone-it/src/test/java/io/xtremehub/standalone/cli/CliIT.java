package io.xtremehub.standalone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.standalone.ClusterConfig;
import io.xtremehub.standalone.StandaloneCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The xtremehub CLI against a running cluster: the happy path, and one clear line for every failure. */
class CliIT {
    @TempDir
    static Path dataDir;
    static StandaloneCluster cluster;

    @TempDir
    Path work;

    @BeforeAll
    static void startCluster() {
        cluster = StandaloneCluster.start(ClusterConfig.ephemeral(dataDir));
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private record Result(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = XtremeHubCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private String controller() {
        return cluster.controllerUri().toString();
    }

    @Test
    void createWriteScaleDescribeReadListDelete() throws Exception {
        assertEquals(0, run("stream", "create", "cli-s", "--segments", "2", "--controller", controller()).code());
        Path input = work.resolve("in.txt");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            lines.append("k").append(i % 7).append('\t').append("event-").append(i).append('\n');
        }
        Files.writeString(input, lines);
        Result write = run("write", "cli-s", input.toString(), "--key-separator", "\t", "--controller", controller());
        assertEquals(0, write.code(), write.err());
        assertTrue(write.out().contains("wrote 500 events"), write.out());

        Result split = run("stream", "scale", "cli-s", "--split", "0", "--controller", controller());
        assertEquals(0, split.code(), split.err());
        Result describe = run("stream", "describe", "cli-s", "--controller", controller());
        assertEquals(0, describe.code(), describe.err());
        assertTrue(describe.out().contains("3 active segment(s)"), describe.out());
        assertTrue(describe.out().contains("keys [0.0000, 0.2500)"), describe.out());

        Result read = run("read", "cli-s", "--from-start", "--max", "500", "--controller", controller());
        assertEquals(0, read.code(), read.err());
        List<String> events = read.out().lines().sorted().toList();
        assertEquals(500, events.size());
        assertEquals(500, events.stream().distinct().count());
        assertTrue(events.contains("event-499"));

        assertTrue(run("stream", "list", "--controller", controller()).out().lines().anyMatch("cli-s"::equals));
        assertEquals(0, run("stream", "delete", "cli-s", "--controller", controller()).code());
        assertTrue(run("stream", "list", "--controller", controller()).out().lines().noneMatch("cli-s"::equals));
    }

    @Test
    void unknownStreamIsOneClearLine() {
        Result r = run("read", "no-such-stream", "--max", "1", "--controller", controller());
        assertEquals(1, r.code());
        assertEquals(List.of("error: stream xtremehub/no-such-stream does not exist; create it with: "
                + "scripts/xtremehub stream create no-such-stream"), r.errLines());
    }

    @Test
    void unreachableControllerIsOneClearLine() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Result r = run("stream", "list", "--controller", "tcp://127.0.0.1:" + closedPort);
        assertEquals(1, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("error: cannot reach the Pravega controller at tcp://127.0.0.1:" + closedPort),
                r.err());
    }

    @Test
    void portInUseIsOneClearLine() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Result r = run("standalone", "--data-dir", work.resolve("busy").toString(),
                    "--zk-port", "0", "--controller-port", Integer.toString(busy.getLocalPort()),
                    "--segment-store-port", "0", "--s3-port", "0", "--bookie-port", "0");
            assertEquals(1, r.code());
            assertEquals(List.of("error: port " + busy.getLocalPort() + " (controller) is already in use: stop the "
                    + "process that holds it or choose another port with --controller-port"), r.errLines());
        }
    }

    @Test
    void dataDirectoryOfARunningClusterIsOneClearLine() {
        Result r = run("standalone", "--data-dir", dataDir.toString(), "--zk-port", "0", "--controller-port", "0",
                "--segment-store-port", "0", "--s3-port", "0", "--nexus-admin-port", "0", "--bookie-port", "0");
        assertEquals(1, r.code());
        assertEquals(List.of("error: data directory " + dataDir.toAbsolutePath().normalize() + " is in use by another "
                + "running XtremeHub cluster: stop it first or choose another --data-dir"), r.errLines());
    }

    @Test
    void malformedLineRejectsTheWholeInputBeforeWriting() throws Exception {
        assertEquals(0, run("stream", "create", "cli-bad", "--controller", controller()).code());
        Path input = work.resolve("bad.txt");
        Files.writeString(input, "a\tone\nb\ttwo\nno separator here\nc\tthree\n");
        Result r = run("write", "cli-bad", input.toString(), "--key-separator", "\t", "--controller", controller());
        assertEquals(1, r.code());
        assertEquals(List.of("error: line 3 has no routing key separator '\t'; nothing was written"), r.errLines());

        Path notUtf8 = work.resolve("binary.txt");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write("fine\n".getBytes(StandardCharsets.UTF_8));
        bytes.write(new byte[] {(byte) 0xC3, (byte) 0x28, '\n'});
        Files.write(notUtf8, bytes.toByteArray());
        Result r2 = run("write", "cli-bad", notUtf8.toString(), "--controller", controller());
        assertEquals(1, r2.code());
        assertEquals(List.of("error: line 2 is not valid UTF-8; nothing was written"), r2.errLines());

        Result read = run("read", "cli-bad", "--from-start", "--timeout-ms", "3000", "--controller", controller());
        assertEquals(0, read.code(), read.err());
        assertEquals("", read.out(), "no event of a rejected input reached the stream");
    }

    @Test
    void badUsageExitsTwoWithOneLine() {
        Result r = run("stream", "create", "x", "--segments", "zero", "--controller", controller());
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
    }
}
