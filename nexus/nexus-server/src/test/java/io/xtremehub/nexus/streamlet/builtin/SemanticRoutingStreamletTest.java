package io.xtremehub.nexus.streamlet.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletDescriptor;
import io.xtremehub.nexus.api.StreamletType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The semantic router's descriptor and its parameter errors. */
class SemanticRoutingStreamletTest {
    private static String error(Map<String, String> parameters) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SemanticRoutingStreamlet().configure(parameters));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void descriptorDeclaresAStatefulSemanticStreamletOnWritesWithoutSpecialHardware() {
        StreamletDescriptor d = new SemanticRoutingStreamlet().descriptor();
        assertEquals("semantic-router", d.name());
        assertEquals(StreamletType.SEMANTIC, d.type());
        assertEquals(Operation.PUT, d.on());
        assertTrue(d.stateful());
        assertEquals(List.of(), d.hardware());
    }

    @Test
    void theMapOfRoutedChunksForgetsTheOldestBeyondItsBound() {
        SemanticRoutingStreamlet s = new SemanticRoutingStreamlet();
        for (int i = 0; i < SemanticRoutingStreamlet.REMEMBERED; i++) {
            s.remember("chunk-" + i, "private");
        }
        s.remember("chunk-0", "private"); // written again: now the newest
        s.remember("chunk-new", "private");
        assertTrue(s.wasRouted("chunk-0"));
        assertFalse(s.wasRouted("chunk-1"), "the oldest was forgotten");
        assertTrue(s.wasRouted("chunk-2"));
        assertTrue(s.wasRouted("chunk-new"));
    }

    @Test
    void badParametersAreOneLineErrorsNamingTheParameter() {
        assertEquals("streamlet semantic-router needs parameter 'bucket'", error(Map.of()));
        assertEquals("parameter minFraction=0 must be a fraction in (0, 1]",
                error(Map.of("bucket", "private", "minFraction", "0")));
        assertEquals("parameter minFraction=1.5 must be a fraction in (0, 1]",
                error(Map.of("bucket", "private", "minFraction", "1.5")));
        assertEquals("parameter minFraction=lots is not a number",
                error(Map.of("bucket", "private", "minFraction", "lots")));
        assertEquals("parameter flagLabels has unknown label 'secret'; use some of [auth, error, pii]",
                error(Map.of("bucket", "private", "flagLabels", "auth,secret")));
        assertEquals("parameter flagLabels has unknown label 'normal'; use some of [auth, error, pii]",
                error(Map.of("bucket", "private", "flagLabels", "normal")));
        assertEquals("streamlet semantic-router has no parameter 'minFracton'; known: [bucket, flagLabels, "
                + "minFraction]", error(Map.of("bucket", "private", "minFracton", "0.5")));
    }
}
