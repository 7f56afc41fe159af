package io.xtremehub.tiering.kafka;

import io.xtremehub.tiering.kafka.layout.IndexBundle;
import io.xtremehub.tiering.kafka.layout.SegmentKeys;
import io.xtremehub.tiering.kafka.layout.SegmentManifest;
import io.xtremehub.tiering.kafka.s3.S3Objects;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata.CustomMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * A Kafka tiered storage (KIP-405) {@link RemoteStorageManager} that keeps log segments in any S3
 * endpoint: AWS S3, MinIO, or Nexus, which then compresses or encrypts them on the way. Enable it
 * on the broker with
 *
 * <pre>
 * remote.log.storage.system.enable=true
 * remote.log.storage.manager.class.name=io.xtremehub.tiering.kafka.S3RemoteStorageManager
 * remote.log.storage.manager.class.path=/opt/kafka-remote-storage/*
 * rsm.config.s3.bucket.name=kafka-tiered
 * rsm.config.s3.endpoint.url=http://nexus:9000
 * </pre>
 *
 * and see {@link S3StorageConfig} for every {@code rsm.config.} key. Each segment becomes three
 * objects ({@link SegmentKeys}): its records, all its indexes in one object ({@link IndexBundle}),
 * and a manifest written last ({@link SegmentManifest}). A copy that fails leaves nothing the
 * broker could mistake for a segment and throws, so the broker keeps the segment locally and
 * retries; deleting is idempotent.
 */
public final class S3RemoteStorageManager implements RemoteStorageManager {
    private static final Logger LOG = LoggerFactory.getLogger(S3RemoteStorageManager.class);

    private S3Objects objects;
    private String prefix;
    private String where;

    @Override
    public void configure(Map<String, ?> configs) {
        S3StorageConfig config = new S3StorageConfig(configs);
        this.objects = S3Objects.create(config);
        this.prefix = config.keyPrefix();
        this.where = "s3://" + config.bucket() + "/" + prefix
                + (config.endpoint() == null ? "" : " at " + config.endpoint());
        LOG.info("Kafka tiered storage on {}", where);
    }

    @Override
    public Optional<CustomMetadata> copyLogSegmentData(RemoteLogSegmentMetadata segment, LogSegmentData data)
            throws RemoteStorageException {
        SegmentKeys keys = SegmentKeys.of(prefix, segment);
        try {
            long logSize = Files.size(data.logSegment());
            objects.put(keys.log(), data.logSegment());
            IndexBundle.Packed indexes = IndexBundle.pack(data);
            objects.put(keys.indexes(), indexes.bytes());
            objects.put(keys.manifest(), new SegmentManifest(logSize, indexes.bundle()).toBytes());
            LOG.debug("copied {} ({} + {} bytes)", keys.log(), logSize, indexes.bytes().length);
            return Optional.empty();
        } catch (IOException | UncheckedIOException | SdkException e) {
            RemoteStorageException failure = failure("copy", segment, keys, e);
            removeQuietly(keys, failure);
            throw failure;
        }
    }

    private void removeQuietly(SegmentKeys keys, RemoteStorageException failure) {
        try {
            objects.deleteAfterFailure(keys.all());
        } catch (RuntimeException e) {
            failure.addSuppressed(e); // the broker deletes the segment again when it gives up on it
        }
    }

    @Override
    public InputStream fetchLogSegment(RemoteLogSegmentMetadata segment, int startPosition)
            throws RemoteStorageException {
        requirePosition(startPosition);
        SegmentKeys keys = SegmentKeys.of(prefix, segment);
        try {
            return objects.getFrom(keys.log(), startPosition);
        } catch (SdkException e) {
            throw failure("fetch", segment, keys, e);
        }
    }

    @Override
    public InputStream fetchLogSegment(RemoteLogSegmentMetadata segment, int startPosition, int endPosition)
            throws RemoteStorageException {
        requirePosition(startPosition);
        if (endPosition < startPosition) {
            throw new IllegalArgumentException("end position " + endPosition + " is before start position "
                    + startPosition);
        }
        SegmentKeys keys = SegmentKeys.of(prefix, segment);
        try {
            return objects.get(keys.log(), startPosition, endPosition);
        } catch (SdkException e) {
            throw failure("fetch", segment, keys, e);
        }
    }

    private static void requirePosition(int startPosition) {
        if (startPosition < 0) {
            throw new IllegalArgumentException("start position " + startPosition + " is negative");
        }
    }

    @Override
    public InputStream fetchIndex(RemoteLogSegmentMetadata segment, IndexType indexType)
            throws RemoteStorageException {
        SegmentKeys keys = SegmentKeys.of(prefix, segment);
        try {
            SegmentManifest manifest = SegmentManifest.parse(objects.get(keys.manifest()));
            Optional<IndexBundle.Range> range = manifest.indexes().range(indexType);
            if (range.isEmpty()) {
                throw new RemoteResourceNotFoundException("segment " + keys.log() + " has no " + indexType + " index");
            }
            IndexBundle.Range r = range.get();
            return r.length() == 0 ? new ByteArrayInputStream(new byte[0])
                    : objects.get(keys.indexes(), r.position(), r.position() + r.length() - 1);
        } catch (SdkException | IllegalArgumentException e) {
            throw failure("fetch the " + indexType + " index of", segment, keys, e);
        }
    }

    @Override
    public void deleteLogSegmentData(RemoteLogSegmentMetadata segment) throws RemoteStorageException {
        SegmentKeys keys = SegmentKeys.of(prefix, segment);
        try {
            objects.delete(keys.all());
        } catch (SdkException e) {
            throw failure("delete", segment, keys, e);
        }
    }

    private RemoteStorageException failure(String what, RemoteLogSegmentMetadata segment, SegmentKeys keys,
                                           Exception cause) {
        String message = "cannot " + what + " segment " + segment.remoteLogSegmentId().id() + " of "
                + segment.topicIdPartition() + " (" + keys.log() + ") on " + where + ": " + oneLine(cause);
        if (cause instanceof NoSuchKeyException) {
            return new RemoteResourceNotFoundException(message, cause);
        }
        return new RemoteStorageException(message, cause);
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    @Override
    public void close() {
        if (objects != null) {
            objects.close();
        }
    }
}
