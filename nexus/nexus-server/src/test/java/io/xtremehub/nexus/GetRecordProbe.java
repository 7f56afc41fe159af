package io.xtremehub.nexus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where test streamlets loaded from jars report the records they saw on GET (their class loader's
 * parent sees the test classes), so a test can check what {@code processGetRecord} was given.
 */
public final class GetRecordProbe {
    private static final Map<String, AtomicInteger> RECORDS = new ConcurrentHashMap<>();

    private GetRecordProbe() {
    }

    /** Called by a streamlet for each record of a GET of {@code key}. */
    public static void seen(String key, String record) {
        RECORDS.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    /** Records reported for the key since the last call, and resets it. */
    static int take(String key) {
        AtomicInteger n = RECORDS.remove(key);
        return n == null ? 0 : n.get();
    }
}
