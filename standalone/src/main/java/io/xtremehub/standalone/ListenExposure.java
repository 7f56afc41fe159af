package io.xtremehub.standalone;

import com.google.common.net.InetAddresses;
import java.net.InetAddress;

/**
 * Whether a cluster may listen where it is configured to. On loopback only this machine reaches it;
 * beyond loopback anyone on the network does, so the S3 endpoint Pravega tiers to must not accept
 * the LTS secret key that every copy of XtremeHub ships with.
 */
public final class ListenExposure {
    private ListenExposure() {
    }

    /**
     * Refuses a non-loopback listen address while the built-in LTS secret key is in use.
     *
     * @throws ClusterStartException one line naming the setting to change
     */
    public static void check(ClusterConfig config) {
        if (isLoopback(config.listenAddress())) {
            return;
        }
        if (ClusterConfig.DEFAULT_LTS_SECRET_KEY.equals(config.ltsSecretKey())) {
            throw new ClusterStartException("refusing to listen on " + config.listenAddress()
                    + " (not a loopback address) with the built-in default LTS secret key: set lts.secretKey"
                    + " (or XTREMEHUB_LTS_SECRET_KEY / --lts-secret-key), or listen on 127.0.0.1");
        }
    }

    /** True for an address of this machine only: 127.0.0.0/8 or ::1. */
    static boolean isLoopback(String address) {
        return InetAddresses.forString(address).isLoopbackAddress();
    }

    /** True for 0.0.0.0 or :: (every interface): never an address a client can be given. */
    static boolean isWildcard(String address) {
        InetAddress a = InetAddresses.forString(address);
        return a.isAnyLocalAddress();
    }
}
