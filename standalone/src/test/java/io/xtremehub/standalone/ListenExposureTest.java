package io.xtremehub.standalone;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListenExposureTest {
    @Test
    void theClusterListensOnLoopbackAndAdvertisesItByDefault() {
        ClusterConfig c = ClusterConfig.builder().build();
        assertEquals("127.0.0.1", c.listenAddress());
        assertEquals("127.0.0.1", c.advertisedAddress());
        assertDoesNotThrow(() -> ListenExposure.check(c));
    }

    @Test
    void anotherLoopbackAddressKeepsTheBuiltInSecret() {
        assertDoesNotThrow(() -> ListenExposure.check(ClusterConfig.builder().listenAddress("127.0.0.2").build()));
    }

    @Test
    void aNonLoopbackAddressWithTheBuiltInSecretIsRefusedInOneLineNamingTheSetting() {
        ClusterConfig c = ClusterConfig.builder().listenAddress("10.1.2.3").build();
        ClusterStartException e = assertThrows(ClusterStartException.class, () -> ListenExposure.check(c));
        assertEquals("refusing to listen on 10.1.2.3 (not a loopback address) with the built-in default LTS secret key:"
                + " set lts.secretKey (or XTREMEHUB_LTS_SECRET_KEY / --lts-secret-key), or listen on 127.0.0.1",
                e.getMessage());
    }

    @Test
    void everyInterfaceWithTheBuiltInSecretIsRefusedToo() {
        ClusterConfig c = ClusterConfig.builder().listenAddress("0.0.0.0").advertisedAddress("10.1.2.3").build();
        assertEquals("10.1.2.3", c.advertisedAddress());
        assertThrows(ClusterStartException.class, () -> ListenExposure.check(c));
    }

    @Test
    void aSecretOfTheOperatorsOwnMayListenBeyondLoopback() {
        assertDoesNotThrow(() -> ListenExposure.check(ClusterConfig.builder().listenAddress("10.1.2.3")
                .ltsSecretKey("not-the-default").build()));
    }

    @Test
    void everyInterfaceNeedsAnAdvertisedAddress() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.builder().listenAddress("0.0.0.0").build());
        assertEquals("listenAddress 0.0.0.0 is every interface: set advertisedAddress to the address clients on other"
                + " machines reach this one at", e.getMessage());
    }

    @Test
    void aHostNameIsNotAnAddress() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.builder().listenAddress("my-host"));
        assertEquals("listenAddress must be an IP address such as 127.0.0.1 or 10.0.0.5, got 'my-host'",
                e.getMessage());
    }

    @Test
    void anAddressOfAnotherMachineIsNamedNotTakenForABusyPort(@TempDir Path dir) {
        Path data = dir.resolve("data");
        ClusterConfig c = ClusterConfig.builder().dataDir(data).allPortsEphemeral().listenAddress("192.0.2.77")
                .ltsSecretKey("not-the-default").build();
        ClusterStartException e = assertThrows(ClusterStartException.class, () -> StandaloneCluster.start(c));
        assertEquals("cluster failed to start: listenAddress 192.0.2.77 is not an address of this machine",
                e.getMessage());
        assertFalse(Files.exists(data));
    }

    @Test
    void theStartIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) {
        Path data = dir.resolve("data");
        ClusterConfig c = ClusterConfig.builder().dataDir(data).allPortsEphemeral().listenAddress("10.1.2.3").build();
        ClusterStartException e = assertThrows(ClusterStartException.class, () -> StandaloneCluster.start(c));
        assertEquals(false, e.getMessage().contains("\n"));
        assertFalse(Files.exists(data), "nothing may be written before the refusal");
    }
}
