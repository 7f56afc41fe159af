package io.xtremehub.docker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command of an extracted image the way a container runtime would, without one: in new
 * mount, PID and network namespaces ({@code unshare}), chrooted into the image's root filesystem
 * with {@code /proc} and {@code /dev} mounted, in the image's working directory, with only the
 * image's environment, as the image's user. The network namespace has only its own loopback, so a server in it cannot take or see a
 * port of this machine. Not being root here, the namespaces are entered as a mapped root user
 * ({@code unshare --map-root-user}) and the command runs as that user instead of the image's.
 */
final class Sandbox {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));
    private static final String HOST_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    // a thread per stream read: the common pool has one thread on two cores, and a process blocked on
    // a full stderr pipe while stdout is being read would never end
    private static final java.util.concurrent.ExecutorService READERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sandbox-output");
        t.setDaemon(true);
        return t;
    });
    private static final String UNSHARE = hostTool("unshare");
    // $1: the root; the rest: the command, run once the root is a mount point of its own (as in a
    // container: the JDK looks its file store up in /proc/self/mounts) and /proc and /dev are there
    private static final String SETUP = "root=$1; shift; ip link set lo up 2>/dev/null || true; "
            + "mount --bind \"$root\" \"$root\" && mount -t proc proc \"$root/proc\" && mount --rbind /dev \"$root/dev\" "
            + "&& exec \"$@\"";

    // $1, $2: the roots; $3: how many of the remaining arguments are the first command
    private static final String SETUP_TWO = "r1=$1; r2=$2; n=$3; shift 3; first=(\"${@:1:n}\"); second=(\"${@:n+1}\"); "
            + "ip link set lo up 2>/dev/null || true; "
            + "for r in \"$r1\" \"$r2\"; do mount --bind \"$r\" \"$r\" && mount -t proc proc \"$r/proc\" "
            + "&& mount --rbind /dev \"$r/dev\" || exit 1; done; "
            + "\"${first[@]}\" & exec \"${second[@]}\"";

    private final Path root;
    private final String workDir;
    private final String user;
    private final List<String> env;

    /**
     * @param root the extracted image
     * @param workDir the image's {@code WorkingDir}
     * @param user the image's {@code User} (uid:gid)
     * @param env the image's {@code Env} (NAME=value), extended by a test as it needs
     */
    Sandbox(Path root, String workDir, String user, List<String> env) throws IOException {
        this.root = root;
        this.workDir = workDir;
        this.user = user;
        this.env = List.copyOf(env);
        Files.createDirectories(root.resolve("proc"));
        Files.createDirectories(root.resolve("dev"));
    }

    /** The same sandbox with more environment variables. */
    Sandbox withEnv(String... more) throws IOException {
        List<String> e = new ArrayList<>(env);
        e.addAll(List.of(more));
        return new Sandbox(root, workDir, user, e);
    }

    /** What a finished command printed and returned. */
    record Result(int exitCode, String stdout, String stderr) {
        String output() {
            return stdout + stderr;
        }
    }

    /** Runs a command to its end (killed after {@code timeout}), with {@code stdin} as its input. */
    Result run(List<String> command, String stdin, Duration timeout) throws Exception {
        Process p = start(command);
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()), READERS);
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()), READERS);
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
            // the command did not read its input
        }
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            stop(p);
            throw new AssertionError("timed out after " + timeout + ": " + command + "\nstdout: "
                    + out.getNow("") + "\nstderr: " + err.getNow(""));
        }
        return new Result(p.exitValue(), out.get(10, TimeUnit.SECONDS), err.get(10, TimeUnit.SECONDS));
    }

    /** Starts a command; {@link #stop} ends it and everything it started. */
    Process start(List<String> command) throws IOException {
        List<String> cmd = outer();
        cmd.addAll(List.of("sh", "-c", SETUP, "sandbox", root.toString()));
        cmd.addAll(inner(command));
        return launch(cmd);
    }

    /**
     * Starts two commands of two images in one network namespace, the first in the background (as
     * compose's {@code network_mode: "service:..."} puts them); {@link #stop} ends both.
     */
    static Process startBeside(Sandbox first, List<String> firstCommand, Sandbox second, List<String> secondCommand)
            throws IOException {
        List<String> a = first.inner(firstCommand);
        List<String> cmd = first.outer();
        cmd.addAll(List.of("bash", "-c", SETUP_TWO, "sandbox", first.root.toString(), second.root.toString(),
                String.valueOf(a.size())));
        cmd.addAll(a);
        cmd.addAll(second.inner(secondCommand));
        return launch(cmd);
    }

    private List<String> outer() {
        List<String> cmd = new ArrayList<>(List.of("unshare", "--mount", "--pid", "--net", "--fork", "--kill-child"));
        if (!ROOT) {
            cmd.add("--map-root-user");
        }
        return cmd;
    }

    /** The command with only the image's environment, chrooted, in its working directory, as its user. */
    private List<String> inner(List<String> command) {
        List<String> cmd = new ArrayList<>(List.of("env", "-i"));
        cmd.addAll(env);
        cmd.add(UNSHARE); // env -i leaves no PATH to find it by
        cmd.add("--root=" + root);
        cmd.add("--wd=" + workDir);
        if (ROOT) {
            String[] ids = user.split(":");
            cmd.addAll(List.of("--setgid", ids[1], "--setuid", ids[0]));
        }
        cmd.addAll(command);
        return cmd;
    }

    private static Process launch(List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().put("PATH", HOST_PATH);
        return pb.start();
    }

    private static String hostTool(String name) {
        for (String dir : HOST_PATH.split(":")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new IllegalStateException("no " + name + " on " + HOST_PATH + " (util-linux / coreutils)");
    }

    /** Reads a stream to its end (for a process's output). */
    static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Reads lines of a running process until one contains {@code marker}; returns everything read. */
    static String awaitLine(Process p, String marker, Duration timeout) throws Exception {
        StringBuilder seen = new StringBuilder();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()), READERS);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Boolean> found = CompletableFuture.supplyAsync(() -> {
            try {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (seen) {
                        seen.append(line).append('\n');
                    }
                    if (line.contains(marker)) {
                        return true;
                    }
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        }, READERS);
        boolean ok;
        try {
            ok = found.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            ok = false;
        }
        if (!ok) {
            stop(p);
            synchronized (seen) {
                throw new AssertionError("no line with '" + marker + "' within " + timeout + "; stdout:\n" + seen
                        + "stderr:\n" + err.get(10, TimeUnit.SECONDS));
            }
        }
        synchronized (seen) {
            return seen.toString();
        }
    }

    /**
     * Kills a sandboxed command and everything it started. The command itself must be killed from
     * here: it is the init process of its PID namespace and, having changed its user, it does not get
     * the signal {@code unshare --kill-child} sends when unshare dies.
     */
    static void stop(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor();
    }

    /** Environment of the image as a map (for assertions). */
    static Map<String, String> asMap(List<String> env) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (String e : env) {
            int eq = e.indexOf('=');
            m.put(e.substring(0, eq), e.substring(eq + 1));
        }
        return m;
    }
}
