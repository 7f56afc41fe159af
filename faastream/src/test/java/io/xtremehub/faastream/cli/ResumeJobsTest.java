package io.xtremehub.faastream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** `job resume` refuses a class path it cannot use before it connects to anything. */
class ResumeJobsTest {
    @Test
    void aMissingClassPathEntryIsOneLineAndExitCode2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream old = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            // no cluster at this address: the command must stop before it tries one
            exit = new CommandLine(new JobCli()).execute("resume", "--controller", "tcp://127.0.0.1:1",
                    "--class-path", "/nonexistent/pipelines.jar");
        } finally {
            System.setErr(old);
        }
        assertEquals(2, exit);
        assertEquals("job resume: --class-path entry /nonexistent/pipelines.jar does not exist\n",
                err.toString(StandardCharsets.UTF_8));
    }
}
