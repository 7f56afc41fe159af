package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.DataSourceStreamlet;
import io.xtremehub.nexus.api.ObjectRef;
import io.xtremehub.nexus.api.RangeSource;
import io.xtremehub.nexus.http.ETags;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.metrics.StreamletClock;
import io.xtremehub.nexus.policy.ChunkId;
import io.xtremehub.nexus.policy.Policy;
import io.xtremehub.nexus.policy.PolicyResolver;
import io.xtremehub.nexus.streamlet.ActivePipeline;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.tagging.ContextTags;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.SdkRequests;
import org.gaul.s3proxy.blobstore.SdkResponses;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * Reads a marked object back: undoes exactly the transformations its marker records, for the whole
 * object or for a byte range (seekable streamlets then read only the stored bytes they need), and
 * answers with the size and ETag of the original bytes.
 */
final class GetPath {
    private final BlobStore backend;
    private final PipelineFactory pipelines;
    private final PolicyResolver policies;
    private final Spool spool;
    private final ContextTags contexts;
    private final ReadCache cache;
    private final NexusMetrics metrics;

    GetPath(BlobStore backend, PipelineFactory pipelines, PolicyResolver policies, Spool spool, ContextTags contexts,
            ReadCache cache, NexusMetrics metrics) {
        this.backend = backend;
        this.cache = cache;
        this.metrics = metrics;
        this.pipelines = pipelines;
        this.policies = policies;
        this.spool = spool;
        this.contexts = contexts;
    }

    /** The client-visible ETag of a marked object. */
    static String visibleETag(ObjectMarker marker, String backendETag) {
        return marker.originalETag().isEmpty() ? ETags.unquote(backendETag) : marker.originalETag();
    }

    /**
     * Reads a marked object.
     *
     * @param request the client's request (its bucket and key address the stored object)
     * @param stored the backend's metadata of the stored object
     * @param marker its marker
     * @param range the client's Range header, or null for the whole object
     * @param full the backend stream already open: the whole stored object (no range), or the range
     *     itself when no transformation was applied; else null
     * @param remembered whether {@code stored} and {@code marker} come from the {@link ReadCache} rather
     *     than from the backend just now: backend reads then insist on that version and throw
     *     {@link StaleReadException} if the object changed
     */
    ResponseInputStream<GetObjectResponse> read(GetObjectRequest request, GetObjectResponse stored,
                                                ObjectMarker marker, String range,
                                                ResponseInputStream<GetObjectResponse> full,
                                                boolean remembered) throws IOException {
        Policy policy = policies.recorded(marker);
        String eTag = visibleETag(marker, stored.eTag());
        long size = marker.originalLength();
        if (full != null && marker.steps().isEmpty() && pipelines.pipeline(policy).passiveOnGet()) {
            // stored as written and nothing looks at reads: the backend's answer is the client's, as it is
            metrics.backendBytes(policy.name(), "read", stored.contentLength());
            metrics.clientBytes(policy.name(), "sent", stored.contentLength());
            return SdkResponses.getResponse(clean(stored).eTag(eTag).build(), full);
        }
        // the chunk's stream/partition by the policy's key layout: stateful streamlets see their partition's state
        ChunkId chunk = policy.system().layout().classify(request.key()).orElse(null);
        ActivePipeline pipeline = pipelines.pipeline(policy, chunk);
        pipelines.beforeRead(pipeline, chunk);
        RangeSpec spec = range == null ? null : RangeSpec.parse(range, size);
        long first = spec == null ? 0 : spec.first();
        long last = spec == null ? size - 1 : spec.last();
        String bucket = request.bucket();
        String key = request.key();
        PipelineContext ctx = new PipelineContext(new ObjectRef(bucket, key, eTag, size), chunk, policy,
                marker.context(), () -> contexts.of(bucket, key, marker.writeId()));
        GetObjectResponse.Builder response = clean(stored)
                .eTag(eTag)
                .contentLength(spec == null ? size : spec.length())
                .contentRange(spec == null ? null : spec.contentRange(size));
        if (full != null) {
            metrics.backendBytes(policy.name(), "read", stored.contentLength());
        }

        if (size > 0) {
            for (ActivePipeline.Step step : pipeline.steps()) {
                DataSourceStreamlet ds = step.dataSource();
                if (ds != null && step.descriptor().on().onGet()) {
                    Optional<InputStream> served = ds.handlePreGet(ctx.object(), first, last,
                            ctx.forStep(step.parameters()));
                    if (served.isPresent()) {
                        closeQuietly(full);
                        metrics.clientBytes(policy.name(), "sent", spec == null ? size : spec.length());
                        return SdkResponses.getResponse(response.build(), observed(served.get(), pipeline, ctx));
                    }
                }
            }
        }

        // a data source that declined this range may want the bytes after it too (read-ahead)
        List<DataSourceStreamlet> aheadFor = new java.util.ArrayList<>();
        long readLast = spec == null ? last : Math.min(size - 1, last + readAhead(pipeline, ctx.object(), first, last,
                aheadFor));
        List<ObjectMarker.Step> steps = marker.steps();
        InputStream body;
        if (spec == null) {
            InputStream s = full != null ? full : backend.getBlob(request.toBuilder().range(null).ifMatch(null)
                    .ifNoneMatch(null).build());
            if (full == null) {
                metrics.backendBytes(policy.name(), "read", stored.contentLength());
            }
            for (int i = steps.size() - 1; i >= 0; i--) {
                ActivePipeline.Step step = stepFor(pipeline, steps.get(i));
                StreamletClock clock = new StreamletClock(metrics, step.descriptor().name(), "get");
                s = clock.output(step.bytes().processGetBytes(clock.input(s), ctx.forStep(step.parameters())));
            }
            body = size == 0 ? drainAndEmpty(s) : s;
        } else if (steps.isEmpty() && full != null && readLast == last) {
            body = full; // the backend's answer to the same range of the same bytes
        } else {
            closeQuietly(full);
            Version version = new Version(cache, bucket, key, stored.eTag(), marker.writeId(), remembered);
            RangeSource bottom = new BackendRangeSource(backend, request, stored.contentLength(), version,
                    metrics, policy.name());
            if (steps.isEmpty()) {
                body = bottom.open(first, readLast);
            } else {
                RangeSource below = bottom;
                for (int i = steps.size() - 1; i >= 1; i--) {
                    below = new LayerSource(stepFor(pipeline, steps.get(i)), steps.get(i - 1).outputLength(),
                            below, ctx, version, steps.size() - i, metrics);
                }
                body = timedRange(stepFor(pipeline, steps.get(0)), first, readLast, size, below, ctx, metrics);
            }
            if (readLast > last) {
                body = admitAhead(body, aheadFor, ctx.object(), first, last, readLast);
            }
        }
        metrics.clientBytes(policy.name(), "sent", spec == null ? size : spec.length());
        return SdkResponses.getResponse(response.build(), observed(body, pipeline, ctx));
    }

    /**
     * Runs the event streamlets that look at reads over exactly the bytes being returned (for a
     * range, the records of that range, the first and last possibly cut), before anything is sent:
     * the bytes wait in a spool file, so a streamlet that refuses the read turns it into an S3 error.
     * Without such streamlets the body streams through untouched.
     */
    private InputStream observed(InputStream body, ActivePipeline pipeline, PipelineContext ctx) throws IOException {
        List<ActivePipeline.Step> observers = pipeline.getObservers();
        if (observers.isEmpty()) {
            return body;
        }
        return throughSpool("get", body, file -> {
            for (ActivePipeline.Step step : observers) {
                EventSteps.run(step, file.input(), ctx.forStep(step.parameters()), false);
            }
            return file.input();
        });
    }

    /** The most bytes a data source wants read ahead of the range; collects the data sources that want some. */
    private static long readAhead(ActivePipeline pipeline, ObjectRef object, long first, long last,
                                  List<DataSourceStreamlet> askers) {
        long ahead = 0;
        for (ActivePipeline.Step step : pipeline.steps()) {
            DataSourceStreamlet ds = step.dataSource();
            if (ds != null && step.descriptor().on().onGet()) {
                long wanted = ds.readAhead(object, first, last);
                if (wanted > 0) {
                    askers.add(ds);
                    ahead = Math.max(ahead, wanted);
                }
            }
        }
        return ahead;
    }

    /**
     * Keeps the bytes read ahead in a spool file, hands them to the data sources that asked for
     * them, and answers the client's range from the file.
     */
    private InputStream admitAhead(InputStream body, List<DataSourceStreamlet> askers, ObjectRef object, long first,
                                   long last, long readLast) throws IOException {
        return throughSpool("ahead", body, file -> {
            long length = readLast - first + 1;
            for (DataSourceStreamlet ds : askers) {
                try (InputStream in = file.input()) {
                    ds.admitRange(object, first, length, in);
                }
            }
            return io.xtremehub.nexus.api.Streams.slice(file.input(), 0, last - first + 1);
        });
    }

    /** What a spooled body is used for: the answer read from the spool file. */
    @FunctionalInterface
    private interface SpoolUse {
        InputStream answer(Spool.SpoolFile file) throws IOException;
    }

    /**
     * Copies the body into a spool file, lets {@code use} read it and answers what {@code use}
     * returns; the file is removed when that answer is closed, or at once if anything fails.
     */
    private InputStream throughSpool(String purpose, InputStream body, SpoolUse use) throws IOException {
        Spool.SpoolFile file = spool.create(purpose);
        try {
            try (InputStream in = body; java.io.OutputStream out = file.output()) {
                in.transferTo(out);
            }
            return new java.io.FilterInputStream(use.answer(file)) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        file.close();
                    }
                }
            };
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /** A ranged read through one transformation, timed as that streamlet's work. */
    private static InputStream timedRange(ActivePipeline.Step step, long first, long last, long length,
                                          RangeSource below, PipelineContext ctx, NexusMetrics metrics)
            throws IOException {
        StreamletClock clock = new StreamletClock(metrics, step.descriptor().name(), "get");
        long start = System.nanoTime();
        InputStream out = step.bytes().processGetRange(first, last, length, clock.input(below),
                ctx.forStep(step.parameters()));
        clock.add(System.nanoTime() - start);
        return clock.output(out);
    }

    private static InputStream drainAndEmpty(InputStream s) throws IOException {
        try (s) {
            s.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return InputStream.nullInputStream();
    }

    private static ActivePipeline.Step stepFor(ActivePipeline pipeline, ObjectMarker.Step recorded) {
        ActivePipeline.Step step = pipeline.step(recorded.position());
        if (!step.descriptor().id().equals(recorded.streamletId()) || step.bytes() == null) {
            throw new IllegalStateException("policy " + pipeline.policy().id() + " step " + recorded.position()
                    + " is " + step.descriptor().id() + " but the object was written by " + recorded.streamletId());
        }
        return step;
    }

    /** Strips Nexus metadata and checksums of the stored bytes from a response. */
    static GetObjectResponse.Builder clean(GetObjectResponse r) {
        return r.toBuilder().metadata(ObjectMarker.strip(r.metadata()))
                .checksumCRC32(null).checksumCRC32C(null).checksumCRC64NVME(null)
                .checksumSHA1(null).checksumSHA256(null).checksumType((String) null);
    }

    /** Rewrites a HEAD answer for a marked object. */
    static HeadObjectResponse head(HeadObjectResponse stored, ObjectMarker marker) {
        return stored.toBuilder()
                .contentLength(marker.originalLength())
                .eTag(visibleETag(marker, stored.eTag()))
                .metadata(ObjectMarker.strip(stored.metadata()))
                .checksumCRC32(null).checksumCRC32C(null).checksumCRC64NVME(null)
                .checksumSHA1(null).checksumSHA256(null).checksumType((String) null)
                .build();
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // abandoned stream
            }
        }
    }

    /**
     * The stored version a ranged read reads: the key of its cached structural reads, and, when it
     * was remembered rather than just read, the ETag every backend read must find.
     */
    private record Version(ReadCache cache, String bucket, String key, String eTag, String writeId,
                           boolean remembered) {
        /** A structural read of one layer, from the cache or else read and kept. */
        byte[] structure(int layer, long offset, int length, StructureRead read) throws IOException {
            ReadCache.StructureKey k = new ReadCache.StructureKey(bucket, key, eTag, writeId, layer, offset, length);
            byte[] bytes = cache.structure(k);
            if (bytes == null) {
                bytes = read.read();
                cache.structure(k, bytes);
            }
            return bytes;
        }
    }

    /** Reads structural bytes the uncached way. */
    private interface StructureRead {
        byte[] read() throws IOException;
    }

    /** Ranged reads of the stored object. */
    private record BackendRangeSource(BlobStore backend, GetObjectRequest request, long length, Version version,
                                      NexusMetrics metrics, String policy) implements RangeSource {
        @Override
        public InputStream open(long first, long last) throws IOException {
            metrics.backendBytes(policy, "read", last - first + 1);
            String expected = version.remembered() ? version.eTag() : null;
            ResponseInputStream<GetObjectResponse> in;
            try {
                in = backend.getBlob(request.toBuilder().range(SdkRequests.range(first, last))
                        .ifMatch(expected).ifNoneMatch(null).build());
            } catch (RuntimeException e) {
                if (expected != null) {
                    throw new StaleReadException("remembered version of " + request.key() + " is gone: " + e);
                }
                throw e;
            }
            if (in == null) {
                if (expected != null) {
                    throw new StaleReadException("remembered version of " + request.key() + " is gone");
                }
                throw new IOException("stored object " + request.bucket() + "/" + request.key() + " vanished");
            }
            if (expected != null && !ETags.unquote(expected).equals(ETags.unquote(in.response().eTag()))) {
                in.close(); // a backend that ignores If-Match: the ETag still tells
                throw new StaleReadException("remembered version of " + request.key() + " was overwritten");
            }
            return in;
        }

        @Override
        public byte[] readStructure(long offset, int length) throws IOException {
            return version.structure(0, offset, length, () -> RangeSource.super.readStructure(offset, length));
        }
    }

    /** The input of one transformation, read through the transformations below it. */
    private record LayerSource(ActivePipeline.Step step, long length, RangeSource below, PipelineContext ctx,
                               Version version, int layer, NexusMetrics metrics) implements RangeSource {
        @Override
        public InputStream open(long first, long last) throws IOException {
            return timedRange(step, first, last, length, below, ctx, metrics);
        }

        @Override
        public byte[] readStructure(long offset, int length) throws IOException {
            return version.structure(layer, offset, length, () -> RangeSource.super.readStructure(offset, length));
        }
    }

    static Map<String, String> noContext() {
        return Map.of();
    }
}
