package io.xtremehub.nexus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper: network namespaces of one test run, each joined by a veth pair to a bridge in the
 * root namespace, with addresses from a private /24 (the bridge has {@code .1}). Every name carries
 * this JVM's pid, so that a later run removes what a crashed run left behind ({@link #create} does,
 * for runs whose JVM is gone) and never touches a live run's. Needs root or CAP_SYS_ADMIN and
 * CAP_NET_ADMIN: {@link #create} throws {@link NotPermitted} when {@code ip netns add} is refused.
 */
final class NetworkNamespaces implements AutoCloseable {
    private static final Pattern OUR_NAMESPACE = Pattern.compile("xh-[a-z]+-(\\d+)");
    private static final Pattern OUR_LINK = Pattern.compile("xh(?:br|v)(\\d+)(?:-\\d+)?");
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private final long pid = ProcessHandle.current().pid();
    private final String bridge = "xhbr" + pid;
    private final String subnet;
    /** Namespace name by short name ("edge"), and address by namespace name. */
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final Map<String, String> devices = new LinkedHashMap<>();

    /** {@code ip netns add} was refused: not root, or no CAP_SYS_ADMIN. */
    static final class NotPermitted extends Exception {
        NotPermitted(String message) {
            super(message);
        }
    }

    private NetworkNamespaces(String subnet) {
        this.subnet = subnet;
    }

    /**
     * Creates one namespace per short name (e.g. {@code edge}, {@code cloud}), with loopback up and
     * an address on the bridge, after removing leftovers of earlier runs that died.
     */
    static NetworkNamespaces create(List<String> shortNames) throws IOException, NotPermitted {
        removeLeftovers();
        NetworkNamespaces lab = new NetworkNamespaces(freeSubnet());
        try {
            lab.build(shortNames);
        } catch (IOException | RuntimeException | NotPermitted e) {
            lab.close();
            throw e;
        }
        return lab;
    }

    private void build(List<String> shortNames) throws IOException, NotPermitted {
        int host = 2;
        for (String shortName : shortNames) {
            String ns = "xh-" + shortName + "-" + pid;
            Result added = run("ip", "netns", "add", ns);
            if (added.code != 0) {
                throw new NotPermitted("ip netns add " + ns + " was refused (" + added.output.strip()
                        + "): run as root (or with CAP_SYS_ADMIN and CAP_NET_ADMIN)");
            }
            names.put(shortName, ns);
            if (addresses.isEmpty()) {
                check("ip", "link", "add", bridge, "type", "bridge");
                check("ip", "addr", "add", hostAddress() + "/24", "dev", bridge);
                check("ip", "link", "set", bridge, "up");
            }
            String outside = "xhv" + pid + "-" + (host - 2);
            String inside = "xhn" + pid + "-" + (host - 2);
            String address = subnet + host++;
            check("ip", "link", "add", outside, "type", "veth", "peer", "name", inside, "netns", ns);
            check("ip", "link", "set", outside, "master", bridge, "up");
            check("ip", "netns", "exec", ns, "ip", "addr", "add", address + "/24", "dev", inside);
            check("ip", "netns", "exec", ns, "ip", "link", "set", inside, "up");
            check("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            addresses.put(ns, address);
            devices.put(ns, inside);
        }
    }

    /** The namespace's full name. */
    String name(String shortName) {
        String ns = names.get(shortName);
        if (ns == null) {
            throw new IllegalArgumentException("no namespace '" + shortName + "', only " + names.keySet());
        }
        return ns;
    }

    /** The namespace's address on the bridge. */
    String address(String shortName) {
        return addresses.get(name(shortName));
    }

    /** The root namespace's address on the bridge, which every namespace reaches. */
    String hostAddress() {
        return subnet + 1;
    }

    /** The command prefix that runs a program in the namespace (it execs, so the pid is the program's). */
    List<String> exec(String shortName) {
        return List.of("ip", "netns", "exec", name(shortName));
    }

    /**
     * Delays every packet leaving the namespace with tc netem. Returns null if done, else why not
     * (e.g. a kernel without the sch_netem module).
     */
    String tryNetemDelay(String shortName, Duration delay) throws IOException {
        String ns = name(shortName);
        Result r = run("ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", devices.get(ns), "root", "netem",
                "delay", delay.toMillis() + "ms");
        return r.code == 0 ? null : "tc qdisc add ... netem delay " + delay.toMillis() + "ms: " + r.output.strip();
    }

    /** The pids of the processes running in the namespace. */
    List<Long> pids(String shortName) throws IOException {
        return run("ip", "netns", "pids", name(shortName)).output.lines().map(String::strip)
                .filter(p -> p.matches("\\d+")).map(Long::parseLong).toList();
    }

    /** Kills what still runs in the namespaces, then removes them and the bridge. */
    @Override
    public void close() throws IOException {
        for (String ns : names.values()) {
            killProcessesIn(ns);
            run("ip", "netns", "del", ns);
        }
        run("ip", "link", "del", bridge); // the veth pairs went with their namespaces
    }

    private static void removeLeftovers() throws IOException {
        for (String line : run("ip", "netns", "list").output.lines().toList()) {
            String ns = line.split("\\s+")[0];
            Matcher m = OUR_NAMESPACE.matcher(ns);
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                killProcessesIn(ns);
                run("ip", "netns", "del", ns);
            }
        }
        for (String line : run("ip", "-o", "link", "show").output.lines().toList()) {
            String[] fields = line.split(":\\s+", 3);
            if (fields.length < 2) {
                continue;
            }
            String link = fields[1].replaceAll("@.*", "");
            Matcher m = OUR_LINK.matcher(link);
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                run("ip", "link", "del", link);
            }
        }
    }

    private static void killProcessesIn(String ns) throws IOException {
        for (String pid : run("ip", "netns", "pids", ns).output.lines().map(String::strip)
                .filter(s -> s.matches("\\d+")).toList()) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** A 10.213.x.0/24 no interface of the root namespace is in. */
    private static String freeSubnet() throws IOException {
        String used = run("ip", "-o", "-4", "addr", "show").output;
        for (int i = 0; i < 250; i++) {
            String candidate = "10.213." + ((ProcessHandle.current().pid() + i) % 250 + 1) + ".";
            if (!used.contains(" " + candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("every 10.213.x.0/24 is in use in the root namespace");
    }

    private static void check(String... command) throws IOException {
        Result r = run(command);
        if (r.code != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + r.output.strip());
        }
    }

    private record Result(int code, String output) {
    }

    private static Result run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within " + COMMAND_TIMEOUT);
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running " + String.join(" ", command), e);
        }
    }

    @Override
    public String toString() {
        return "namespaces " + addresses + " on bridge " + bridge + " (" + hostAddress() + ")";
    }
}
