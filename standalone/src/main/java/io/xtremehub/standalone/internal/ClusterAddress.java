package io.xtremehub.standalone.internal;

import com.google.common.net.InetAddresses;
import io.xtremehub.standalone.ClusterConfig;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;

/**
 * Where the cluster's servers bind and how they are reached: clients get the advertised address,
 * the cluster's own components (ZooKeeper, bookies) talk to each other on the listen address.
 */
public record ClusterAddress(String listen, String advertised) {
    public static ClusterAddress of(ClusterConfig config) {
        return new ClusterAddress(config.listenAddress(), config.advertisedAddress());
    }

    /** The address components of this cluster connect to each other at: never the wildcard. */
    public String internal() {
        return bindAddress().isAnyLocalAddress() ? advertised : listen;
    }

    public InetAddress bindAddress() {
        return InetAddresses.forString(listen);
    }

    /** {@code host:port} as it goes into a URI (IPv6 in brackets). */
    public static String hostPort(String address, int port) {
        return InetAddresses.toUriString(InetAddresses.forString(address)) + ":" + port;
    }

    /** Name of the network interface holding the listen address, or null when it is the wildcard. */
    public String listenInterface() {
        InetAddress bind = bindAddress();
        if (bind.isAnyLocalAddress()) {
            return null;
        }
        try {
            NetworkInterface nic = NetworkInterface.getByInetAddress(bind);
            if (nic == null && bind.isLoopbackAddress()) {
                // 127.0.0.2 and the like: bindable on Linux, yet not listed on the loopback interface
                nic = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
            }
            if (nic == null) {
                throw new IllegalArgumentException("listenAddress " + listen + " is not an address of this machine");
            }
            return nic.getName();
        } catch (SocketException e) {
            throw new UncheckedIOException(e);
        }
    }
}
