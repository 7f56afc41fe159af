package io.xtremehub.nexus.policy;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Object keys written by Pravega 0.13 chunked long-term storage through its S3 binding
 * ({@code io.pravega.storage.s3.S3ChunkStorage}).
 *
 * <p>The binding stores each chunk at {@code <prefix><chunkName>} where the prefix is the
 * {@code s3.prefix} setting (default {@code "/"}). {@code ChunkedSegmentStorage.getNewChunkName}
 * names chunks with {@code NameUtils.getSegmentChunkName}: {@code "%s.E-%d-O-%d.%s"} =
 * {@code <segmentName>.E-<epoch>-O-<offset>.<random UUID>}. Segment names are
 * {@code <scope>/<stream>/<segmentNumber>.#epoch.<epoch>}, optionally followed by a transaction
 * suffix {@code #transaction.<id>}, or an attribute index {@code $attributes.index}. Pravega's own
 * metadata lives in the internal scope: {@code _system/containers/...} (container metadata and
 * storage-metadata table segments, and the system journal
 * {@code _system/containers/_sysjournal.epochE.containerC.fileF} / {@code ...snapshotN}, written
 * as plain objects without the chunk suffix) and {@code _system/_tables/...} segments. Chunks of
 * those, attribute indexes and anything under a scope starting with {@code _} are system data and
 * pass through untouched.
 */
public final class PravegaKeyLayout implements KeyLayout {
    private static final Pattern CHUNK = Pattern.compile(
            "^/*(?<segment>.+)\\.E-(?<epoch>\\d+)-O-(?<offset>\\d+)\\.[0-9a-fA-F-]{36}$");

    @Override
    public Optional<ChunkId> classify(String key) {
        Matcher m = CHUNK.matcher(key);
        if (!m.matches()) {
            return Optional.empty();
        }
        String segment = m.group("segment");
        if (segment.contains("$attributes") || segment.contains("$header")) {
            return Optional.empty();
        }
        String[] parts = segment.split("/");
        // the configured prefix may add leading path elements: scope/stream/segment are the last three
        if (parts.length < 3) {
            return Optional.empty();
        }
        String scope = parts[parts.length - 3];
        if (scope.startsWith("_") || segment.contains("_system/")) {
            return Optional.empty();
        }
        String stream = scope + "/" + parts[parts.length - 2];
        return Optional.of(new ChunkId(stream, parts[parts.length - 1]));
    }
}
