package io.xtremehub.standalone.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.xtremehub.standalone.ClusterConfig;
import org.junit.jupiter.api.Test;

class ClusterAddressTest {
    @Test
    void byDefaultEverythingIsOnLoopback() {
        ClusterAddress a = ClusterAddress.of(ClusterConfig.builder().build());
        assertEquals("127.0.0.1", a.internal());
        assertEquals("127.0.0.1", a.advertised());
        assertNotNull(a.listenInterface(), "the bookie needs the interface to bind only there");
    }

    @Test
    void everyInterfaceIsReachedInternallyAtTheAdvertisedAddress() {
        ClusterAddress a = new ClusterAddress("0.0.0.0", "10.9.8.7");
        assertEquals("10.9.8.7", a.internal());
        assertNull(a.listenInterface());
    }

    @Test
    void anyLoopbackAddressHasAnInterface() {
        assertNotNull(new ClusterAddress("127.0.0.2", "127.0.0.2").listenInterface());
    }

    @Test
    void anAddressOfAnotherMachineIsOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ClusterAddress("192.0.2.77", "192.0.2.77").listenInterface());
        assertEquals("listenAddress 192.0.2.77 is not an address of this machine", e.getMessage());
    }

    @Test
    void ipv6GoesInBracketsInAUri() {
        assertEquals("[::1]:9090", ClusterAddress.hostPort("::1", 9090));
        assertEquals("10.0.0.1:9090", ClusterAddress.hostPort("10.0.0.1", 9090));
    }
}
