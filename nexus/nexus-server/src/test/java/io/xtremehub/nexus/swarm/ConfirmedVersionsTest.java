package io.xtremehub.nexus.swarm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConfirmedVersionsTest {
    @Test
    void onlyTheVersionASwarmletConfirmedSkipsTheQuestionUntilARefusalOrAChange() {
        ConfirmedVersions versions = new ConfirmedVersions();
        assertFalse(versions.confirmed("cloud", "lts", 1));
        versions.confirm("cloud", "lts", 1);
        assertTrue(versions.confirmed("cloud", "lts", 1));
        assertFalse(versions.confirmed("cloud", "lts", 2), "another version");
        assertFalse(versions.confirmed("gpu", "lts", 1), "another swarmlet");
        assertFalse(versions.confirmed("cloud", "stale", 1), "another policy");

        versions.refused("cloud", "lts");
        assertFalse(versions.confirmed("cloud", "lts", 1));

        versions.confirm("cloud", "lts", 2);
        versions.confirm("gpu", "lts", 2);
        versions.forgetAll();
        assertFalse(versions.confirmed("cloud", "lts", 2));
        assertFalse(versions.confirmed("gpu", "lts", 2));
    }
}
