package io.xtremehub.standalone;

import io.xtremehub.standalone.internal.EmbeddedSegmentStore;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Test helper: the chunks Pravega's chunked storage wrote to S3 for one segment, as listed and read
 * through Nexus with the AWS SDK. Pravega 0.13 names a chunk {@code <segment>.E-<epoch>-O-<offset>.<uuid>}
 * (NameUtils.getSegmentChunkName), where offset is where the chunk starts in the segment.
 */
final class SegmentChunks {
    private static final Pattern CHUNK_SUFFIX = Pattern.compile("\\.E-(\\d+)-O-(\\d+)\\.[0-9a-f-]{36}");

    private SegmentChunks() {
    }

    /** One chunk object: its key, where it starts in the segment, and its size as S3 clients see it. */
    record Chunk(String key, long offset, long size) {
        long end() {
            return offset + size;
        }
    }

    /** The chunks of {@code segment} (e.g. {@code scope/stream/0.#epoch.0}) in segment order. */
    static List<Chunk> list(S3Client s3, String bucket, String segment) {
        String keyPrefix = EmbeddedSegmentStore.LTS_KEY_PREFIX + segment;
        List<Chunk> chunks = new ArrayList<>();
        for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(keyPrefix + ".E-")).contents()) {
            Matcher m = CHUNK_SUFFIX.matcher(o.key().substring(keyPrefix.length()));
            if (!m.matches()) {
                throw new AssertionError("not a Pravega chunk name: " + o.key());
            }
            chunks.add(new Chunk(o.key(), Long.parseLong(m.group(2)), o.size()));
        }
        chunks.sort(Comparator.comparingLong(Chunk::offset));
        return chunks;
    }

    /** How many bytes from offset 0 the chunks cover without a gap or an overlap. */
    static long contiguousLength(List<Chunk> chunks) {
        long end = 0;
        for (Chunk c : chunks) {
            if (c.offset() != end) {
                return end;
            }
            end = c.end();
        }
        return end;
    }

    /** GETs every chunk through the S3 endpoint and joins them in segment order. */
    static byte[] reassemble(S3Client s3, String bucket, List<Chunk> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Chunk c : chunks) {
            byte[] bytes = s3.getObjectAsBytes(b -> b.bucket(bucket).key(c.key())).asByteArray();
            if (bytes.length != c.size()) {
                throw new AssertionError("GET " + c.key() + " returned " + bytes.length + " bytes, listed " + c.size());
            }
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }
}
