package io.xtremehub.faastream.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Test hosts: one Linux network namespace per host, all on one private /24 through a bridge in the
 * first host, each with a loopback of its own. Nothing routes between a host's 127.0.0.1 and
 * another's, so a server that listens on loopback or a client handed 127.0.0.1 fails here.
 * Needs root and iproute2; the namespaces (and with them the bridge and veth pairs) go on close.
 */
final class NetworkHosts implements AutoCloseable {
    private static final String SUBNET = "10.77.0.";
    private final String prefix;
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final List<String> created = new ArrayList<>();

    private NetworkHosts(String prefix) {
        this.prefix = prefix;
    }

    /**
     * Creates the hosts; the first one holds the bridge. Fails (never skips) with one line when the
     * machine cannot create namespaces, and then leaves none behind.
     */
    static NetworkHosts create(String... hosts) {
        // namespace names are global: the pid keeps parallel runs apart
        NetworkHosts net = new NetworkHosts("xh" + ProcessHandle.current().pid() + "-");
        try {
            net.build(hosts);
            return net;
        } catch (RuntimeException e) {
            net.close();
            throw new AssertionError("cannot create network namespaces for the cross-host test (it needs root, "
                    + "iproute2 and the bridge and veth kernel drivers; scripts/install-test-deps.sh): "
                    + e.getMessage(), e);
        }
    }

    private void build(String[] hosts) {
        String bridgeHost = hosts[0];
        for (int i = 0; i < hosts.length; i++) {
            String ns = namespace(hosts[i]);
            ip("netns", "add", ns);
            created.add(ns);
            ip("-n", ns, "link", "set", "lo", "up");
            addresses.put(hosts[i], SUBNET + (i + 1));
        }
        String bridgeNs = namespace(bridgeHost);
        ip("-n", bridgeNs, "link", "add", "br0", "type", "bridge");
        ip("-n", bridgeNs, "addr", "add", address(bridgeHost) + "/24", "dev", "br0");
        ip("-n", bridgeNs, "link", "set", "br0", "up");
        for (int i = 1; i < hosts.length; i++) {
            String ns = namespace(hosts[i]);
            String port = "p" + i; // the bridge end, named inside the bridge host's namespace
            ip("-n", bridgeNs, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
            ip("-n", bridgeNs, "link", "set", port, "master", "br0");
            ip("-n", bridgeNs, "link", "set", port, "up");
            ip("-n", ns, "addr", "add", address(hosts[i]) + "/24", "dev", "eth0");
            ip("-n", ns, "link", "set", "eth0", "up");
        }
    }

    String address(String host) {
        String a = addresses.get(host);
        if (a == null) {
            throw new IllegalArgumentException("no host " + host);
        }
        return a;
    }

    String namespace(String host) {
        return prefix + host;
    }

    /** {@code command} run inside the host. */
    List<String> inHost(String host, List<String> command) {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host)));
        all.addAll(command);
        return all;
    }

    /**
     * Kills what still runs in the hosts (all of it started by this test: e.g. workers a killed manager
     * left behind), then deletes every namespace this object created; their interfaces go with them.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted(); // a timed-out test must still clean up
        for (String ns : created) {
            try {
                for (String pid : run(List.of("ip", "netns", "pids", ns)).split("\\s+")) {
                    if (!pid.isBlank()) {
                        ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
            } catch (RuntimeException e) {
                System.err.println("could not list the processes in " + ns + ": " + e.getMessage());
            }
        }
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                ip("netns", "delete", created.get(i));
            } catch (RuntimeException e) {
                System.err.println("could not delete network namespace " + created.get(i) + ": " + e.getMessage());
            }
        }
        created.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void ip(String... args) {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        run(command);
    }

    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 20 s");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
