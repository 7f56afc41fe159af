package io.xtremehub.omb.driver.pravega;

import io.xtremehub.omb.driver.DriverConfigException;
import io.xtremehub.omb.driver.DriverConfigFile;
import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * The Pravega driver's settings, read with OMB's Pravega driver keys. Without a
 * {@code client.controllerURI} (or with {@code embedded: true}) the driver starts the standalone cluster,
 * whose long-term storage goes through Nexus with {@code ltsCompression} (zstd by default, gzip or none).
 */
record PravegaDriverConfig(
        String name,
        URI controllerUri,
        String scope,
        boolean connectionPooling,
        boolean transactions,
        int eventsPerTransaction,
        boolean autoScaling,
        int eventsPerSecond,
        int kbytesPerSecond,
        boolean createScope,
        boolean deleteStreams,
        String ltsCompression) {

    private static final Set<String> KEYS = Set.of("name", "driverClass", "embedded", "client.controllerURI",
            "client.scopeName", "writer.enableConnectionPooling", "includeTimestampInEvent", "enableTransaction",
            "eventsPerTransaction", "enableStreamAutoScaling", "eventsPerSecond", "kbytesPerSecond", "createScope",
            "deleteStreams", "ltsCompression");

    static PravegaDriverConfig from(DriverConfigFile f) {
        f.requireOnly(KEYS);
        String uri = f.string("client.controllerURI", null);
        boolean embedded = f.bool("embedded", uri == null);
        int perTxn = (int) f.number("eventsPerTransaction", 1);
        if (perTxn < 1) {
            throw new DriverConfigException(f.source() + ": 'eventsPerTransaction' must be at least 1, got " + perTxn);
        }
        boolean autoScaling = f.bool("enableStreamAutoScaling", false);
        int eps = (int) f.number("eventsPerSecond", -1);
        int kbps = (int) f.number("kbytesPerSecond", -1);
        if (autoScaling && eps <= 0 && kbps <= 0) {
            throw new DriverConfigException(f.source() + ": 'enableStreamAutoScaling' needs 'eventsPerSecond' or "
                    + "'kbytesPerSecond' (the per-segment rate that triggers a split)");
        }
        String lts = f.string("ltsCompression", null);
        if (lts != null && !embedded) {
            throw new DriverConfigException(f.source() + ": 'ltsCompression' applies to the embedded cluster only");
        }
        if (lts != null && !List.of("zstd", "gzip", "none").contains(lts)) {
            throw new DriverConfigException(f.source() + ": 'ltsCompression' must be zstd, gzip or none, got " + lts);
        }
        URI controller;
        try {
            controller = embedded ? null : URI.create(uri);
        } catch (IllegalArgumentException e) {
            throw new DriverConfigException(f.source() + ": 'client.controllerURI' is not a URI: " + uri, e);
        }
        return new PravegaDriverConfig(f.string("name", "Pravega"), controller, f.string("client.scopeName", "omb"),
                f.bool("writer.enableConnectionPooling", false), f.bool("enableTransaction", false), perTxn,
                autoScaling, eps, kbps, f.bool("createScope", true), f.bool("deleteStreams", false),
                lts == null ? "zstd" : lts);
    }

    boolean embedded() {
        return controllerUri == null;
    }
}
