package io.xtremehub.tiering.faults;

import io.xtremehub.nexus.api.ByteObserver;
import io.xtremehub.nexus.api.Operation;
import io.xtremehub.nexus.api.StreamletContext;
import io.xtremehub.nexus.api.StreamletInfo;
import io.xtremehub.nexus.api.StreamletType;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fault injection for tests, a streamlet jar registered at run time through Nexus' admin API
 * ({@code nexus streamlet register}): fails the first {@code failures} PUTs of the run named {@code run}
 * (a fresh run name starts counting again), then lets every byte through unchanged. Nexus answers a
 * failed PUT with an S3 InternalError, which S3 clients retry.
 */
@StreamletInfo(name = "fail-first-puts", on = Operation.PUT, type = StreamletType.TRANSFORMER)
public final class FailingPutsStreamlet implements ByteObserver {
    private static final Logger LOG = LoggerFactory.getLogger(FailingPutsStreamlet.class);
    private static final Map<String, AtomicInteger> FAILED = new ConcurrentHashMap<>();

    private int failures = 1;
    private String run = "default";

    @Override
    public void configure(Map<String, String> parameters) {
        failures = Integer.parseInt(parameters.getOrDefault("failures", "1"));
        run = parameters.getOrDefault("run", "default");
    }

    @Override
    public InputStream processPutBytes(InputStream original, StreamletContext context) throws IOException {
        int failed = FAILED.computeIfAbsent(run, r -> new AtomicInteger()).getAndIncrement();
        if (failed < failures) {
            LOG.warn("injecting streamlet failure {} of {} (run {})", failed + 1, failures, run);
            throw new IOException("injected streamlet failure " + (failed + 1) + " of " + failures + " (run " + run
                    + ")");
        }
        return original;
    }

}
