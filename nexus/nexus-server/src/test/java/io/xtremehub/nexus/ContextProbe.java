package io.xtremehub.nexus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where test streamlets loaded from jars report the context they saw on GET (their class loader's
 * parent sees the test classes).
 */
public final class ContextProbe {
    private static final Map<String, Map<String, String>> SEEN = new ConcurrentHashMap<>();

    private ContextProbe() {
    }

    /** Called by a streamlet on a GET of {@code key}. */
    public static void seen(String key, Map<String, String> context) {
        SEEN.put(key, Map.copyOf(context));
    }

    /** The context last reported for the key (empty if none), and forgets it. */
    static Map<String, String> take(String key) {
        Map<String, String> c = SEEN.remove(key);
        return c == null ? Map.of() : c;
    }
}
