package io.xtremehub.nexus.policy;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Object keys written by Pulsar's tiered-storage offloader (jcloud / S3 driver).
 *
 * <p>An offloaded ledger is two objects: the data block {@code <uuid>-ledger-<ledgerId>} and its
 * index {@code <uuid>-ledger-<ledgerId>-index}, optionally under the configured prefix. The
 * managed-ledger name (tenant/namespace/topic) is only in the index object's metadata, so the
 * partition reported is the ledger id and the stream is unknown. Index objects are the offloader's
 * metadata and pass through.
 */
public final class PulsarKeyLayout implements KeyLayout {
    private static final Pattern DATA = Pattern.compile(
            "^(?:.*/)?[0-9a-fA-F-]{36}-ledger-(?<ledger>\\d+)$");

    @Override
    public Optional<ChunkId> classify(String key) {
        Matcher m = DATA.matcher(key);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ChunkId(null, m.group("ledger")));
    }
}
