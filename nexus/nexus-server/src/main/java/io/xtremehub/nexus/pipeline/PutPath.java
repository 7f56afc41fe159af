package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.ObjectRef;
import io.xtremehub.nexus.api.StreamletException;
import io.xtremehub.nexus.http.ETags;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.StateFencedException;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.metrics.StreamletClock;
import io.xtremehub.nexus.policy.PolicyResolver.Match;
import io.xtremehub.nexus.streamlet.ActivePipeline;
import io.xtremehub.nexus.streamlet.PartitionRun;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.tagging.ContextTags;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.checksum.FlexChecksum;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * Runs a policy's pipeline on a chunk being written and stores the result with its marker. The
 * backend write starts only after the whole pipeline succeeded (spooled mode), or fails with it
 * (direct mode, for length-preserving pipelines): a failure never leaves a visible object.
 */
final class PutPath {
    private static final Logger LOG = LoggerFactory.getLogger(PutPath.class);

    private final BlobStore backend;
    private final PipelineFactory pipelines;
    private final Spool spool;
    private final ContextTags contexts;
    private final NexusMetrics metrics;

    PutPath(BlobStore backend, PipelineFactory pipelines, Spool spool, ContextTags contexts, NexusMetrics metrics) {
        this.backend = backend;
        this.metrics = metrics;
        this.pipelines = pipelines;
        this.spool = spool;
        this.contexts = contexts;
    }

    /**
     * Processes and stores a chunk.
     *
     * @param eTagOverride the client-visible ETag to record (multipart completion), or null for the MD5
     */
    PutObjectResponse put(PutObjectRequest request, InputStream payload, Match match, String eTagOverride) {
        ActivePipeline shared = pipelines.pipeline(match.policy());
        if (!shared.stateful() || PipelineFactory.partitionKey(match.chunk()).isEmpty()) {
            return run(request, payload, match, shared, eTagOverride);
        }
        // a stateful policy: this partition's chunks one at a time, its state saved after each, fenced
        // by this worker's claim on the partition
        Lock lock = pipelines.lock(match.policy(), match.chunk());
        lock.lock();
        try {
            PartitionRun partition = pipelines.begin(match.policy(), match.chunk(),
                    request.bucket() + "/" + request.key());
            PutObjectResponse response = run(request, payload, match, partition.pipeline(), eTagOverride);
            partition.commit();
            return response;
        } catch (StateFencedException e) {
            pipelines.discard(match.policy(), match.chunk());
            LOG.info("{}/{} not acknowledged: {}", request.bucket(), request.key(), e.getMessage());
            throw Errors.retryable(e.getMessage());
        } catch (RuntimeException e) {
            pipelines.discard(match.policy(), match.chunk());
            throw e;
        } finally {
            lock.unlock();
        }
    }

    private PutObjectResponse run(PutObjectRequest request, InputStream payload, Match match,
                                  ActivePipeline pipeline, String eTagOverride) {
        String what = "policy " + match.policy().id() + " failed on " + request.bucket() + "/" + request.key()
                + "; nothing was stored";
        PipelineContext ctx = new PipelineContext(new ObjectRef(request.bucket(), request.key(), null, -1),
                match.chunk(), match.policy(), Map.of());
        try {
            boolean direct = pipeline.canStreamDirectly() && request.contentLength() != null;
            Written written = direct
                    ? putDirect(request, payload, pipeline, ctx, eTagOverride)
                    : putSpooled(request, payload, pipeline, ctx, eTagOverride);
            ctx.commit();
            metrics.clientBytes(match.policy().name(), "received", written.received());
            metrics.backendBytes(match.policy().name(), "written", written.stored());
            Map<String, String> context = ctx.entries();
            if (!context.isEmpty()) {
                // not needed to read the object back (the marker is): stored once the PUT is acknowledged,
                // under the key the client wrote and, for a routed chunk, beside the data a GET reads
                contexts.writeLater(request.bucket(), request.key(), written.contextId(), context);
                String storedIn = direct ? request.bucket()
                        : ctx.route() != null ? ctx.route() : pipeline.policy().defaultOutputBucket();
                if (!storedIn.equals(request.bucket())) {
                    contexts.writeLater(storedIn, request.key(), written.contextId(), context);
                }
            }
            return written.response();
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}: {}", what, e.toString());
            drain(payload);
            throw Errors.toS3(e, what);
        }
    }

    /** Reads what the client is still sending so it receives the S3 error instead of a broken pipe. */
    private static void drain(InputStream payload) {
        try {
            payload.transferTo(OutputStream.nullOutputStream());
        } catch (IOException | RuntimeException ignored) {
            // the client went away or its body was invalid: the error answer is all that is left
        }
    }

    private record Layers(InputStream stream, List<ActivePipeline.Step> steps, List<CountingInputStream> counters) {
    }

    /**
     * A stored chunk.
     *
     * @param response the answer to the client
     * @param contextId what the pipeline's context is tied to: the marker's write id
     * @param received bytes the client wrote
     * @param stored bytes written to the backend
     */
    private record Written(PutObjectResponse response, String contextId, long received, long stored) {
    }



    private Layers buildLayers(InputStream in, ActivePipeline pipeline, PipelineContext ctx)
            throws IOException {
        InputStream s = in;
        List<ActivePipeline.Step> applied = new ArrayList<>();
        List<CountingInputStream> counters = new ArrayList<>();
        for (ActivePipeline.Step step : pipeline.steps()) {
            ByteStreamlet bytes = step.bytes();
            if (bytes == null || !step.descriptor().on().onPut()) {
                continue;
            }
            StreamletClock clock = new StreamletClock(metrics, step.descriptor().name(), "put");
            s = clock.output(new StepFailureLabel(bytes.processPutBytes(clock.input(s), ctx.forStep(step.parameters())),
                    step));
            if (step.transforms()) {
                CountingInputStream counter = new CountingInputStream(s);
                s = counter;
                applied.add(step);
                counters.add(counter);
            }
        }
        return new Layers(s, applied, counters);
    }

    /**
     * Streams a chunk through a byte-preserving pipeline straight to the backend. The backend
     * receives exactly the client's bytes, so it computes the MD5 ETag and checks any Content-MD5
     * itself (the request carries it); digesting here too would hash every byte twice. The object
     * still gets its marker (one metadata entry): which policy version stored it, with no
     * transformation to undo.
     */
    private Written putDirect(PutObjectRequest request, InputStream payload, ActivePipeline pipeline,
                              PipelineContext ctx, String eTagOverride) throws IOException {
        long length = request.contentLength();
        CountingInputStream original = new CountingInputStream(payload);
        Layers layers = buildLayers(original, pipeline, ctx);
        CountingInputStream output = new CountingInputStream(layers.stream());
        InputStream verified = new FilterInputStream(output) {
            private boolean checked;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0 && !checked) {
                    checked = true;
                    checkLengths(request, original.count(), output.count());
                }
                return n;
            }

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }
        };
        // the bytes stored are the bytes written, so the backend's ETag is the client's: an empty ETag
        // in the marker says so (a multipart completion records its own composite ETag)
        String writeId = ObjectMarker.newWriteId();
        ObjectMarker marker = new ObjectMarker(pipeline.policy().name(), pipeline.policy().version(),
                pipeline.policy().fingerprint(), length, eTagOverride == null ? "" : eTagOverride, List.of(),
                null, Map.of(), writeId);
        PutObjectRequest stored = request.toBuilder().metadata(marker.addTo(request.metadata())).build();
        PutObjectResponse response = backend.putBlob(stored, verified);
        String visible = eTagOverride != null ? eTagOverride : ETags.unquote(response.eTag());
        ctx.object(new ObjectRef(request.bucket(), request.key(), visible, length));
        return new Written(PutObjectResponse.builder().eTag(visible).build(), writeId, length, output.count());
    }

    private static void checkLengths(PutObjectRequest request, long received, long produced) throws IOException {
        if (request.contentLength() != null && received != request.contentLength()) {
            throw new S3ProxyException(S3ErrorCode.INCOMPLETE_BODY, "received " + received
                    + " bytes but Content-Length was " + request.contentLength());
        }
        if (produced != received) {
            throw new StreamletException("a byte-preserving streamlet produced " + produced + " bytes from "
                    + received);
        }
    }

    private Written putSpooled(PutObjectRequest request, InputStream payload, ActivePipeline pipeline,
                               PipelineContext ctx, String eTagOverride) throws IOException {
        String writeId = ObjectMarker.newWriteId();
        List<ActivePipeline.Step> eventSteps = pipeline.steps().stream()
                .filter(s -> s.events() != null && s.descriptor().on().onPut()).toList();
        try (Spool.SpoolFile out = spool.create("put");
             Spool.SpoolFile originalCopy = eventSteps.isEmpty() ? null : spool.create("orig")) {
            DigestingInputStream original = new DigestingInputStream(payload);
            InputStream source = original;
            OutputStream copy = null;
            if (originalCopy != null) {
                copy = originalCopy.output();
                source = new TeeInputStream(original, copy);
            }
            Layers layers = buildLayers(source, pipeline, ctx);
            try (OutputStream o = out.output(); InputStream s = layers.stream()) {
                s.transferTo(o);
                // drain anything a streamlet left unread so the digest covers every byte written
                source.transferTo(OutputStream.nullOutputStream());
            } finally {
                if (copy != null) {
                    copy.close();
                }
            }
            String md5 = verify(request, original);
            long originalLength = original.count();
            String eTag = eTagOverride != null ? eTagOverride : md5;
            ctx.object(new ObjectRef(request.bucket(), request.key(), eTag, originalLength));
            for (ActivePipeline.Step step : eventSteps) {
                EventSteps.run(step, originalCopy.input(), ctx.forStep(step.parameters()), true);
            }
            List<ObjectMarker.Step> steps = new ArrayList<>();
            for (int i = 0; i < layers.steps().size(); i++) {
                ActivePipeline.Step s = layers.steps().get(i);
                steps.add(new ObjectMarker.Step(s.position(), s.descriptor().id(), layers.counters().get(i).count()));
            }
            String target = ctx.route() != null ? ctx.route() : pipeline.policy().defaultOutputBucket();
            ObjectMarker marker = new ObjectMarker(pipeline.policy().name(), pipeline.policy().version(),
                    pipeline.policy().fingerprint(), originalLength, eTag, steps, null, Map.of(), writeId);
            PutObjectRequest.Builder b = request.toBuilder().bucket(target).contentLength(out.size()).contentMD5(null)
                    .metadata(marker.addTo(request.metadata()));
            try (InputStream stored = out.input()) {
                backend.putBlob(FlexChecksum.clearOn(b).build(), stored);
            }
            if (!target.equals(request.bucket())) {
                writeStub(request, marker, target);
            }
            return new Written(PutObjectResponse.builder().eTag(eTag).build(), writeId, originalLength, out.size());
        }
    }

    private void writeStub(PutObjectRequest request, ObjectMarker marker, String target) {
        ObjectMarker stub = new ObjectMarker(marker.policyName(), marker.policyVersion(), marker.policyFingerprint(),
                marker.originalLength(),
                marker.originalETag(), List.of(), target, Map.of(), marker.writeId());
        PutObjectRequest.Builder b = request.toBuilder().contentLength(0L).contentMD5(null)
                .metadata(stub.addTo(request.metadata()));
        try {
            backend.putBlob(FlexChecksum.clearOn(b).build(), InputStream.nullInputStream());
        } catch (RuntimeException e) {
            backend.removeBlob(target, request.key());
            throw e;
        }
    }

    /** Checks length and Content-MD5 against what was read; returns the MD5 hex. */
    private static String verify(PutObjectRequest request, DigestingInputStream original) throws IOException {
        byte[] digest = original.digest();
        if (request.contentLength() != null && original.count() != request.contentLength()) {
            throw new S3ProxyException(S3ErrorCode.INCOMPLETE_BODY, "received " + original.count()
                    + " bytes but Content-Length was " + request.contentLength());
        }
        if (request.contentMD5() != null) {
            byte[] expected = Base64.getDecoder().decode(request.contentMD5());
            if (!MessageDigest.isEqual(expected, digest)) {
                throw new S3ProxyException(S3ErrorCode.BAD_DIGEST);
            }
        }
        return DigestingInputStream.hex(digest);
    }

    /** Labels an exception thrown while a streamlet produces bytes with the streamlet's name. */
    private static final class StepFailureLabel extends FilterInputStream {
        private final ActivePipeline.Step step;

        StepFailureLabel(InputStream in, ActivePipeline.Step step) {
            super(in);
            this.step = step;
        }

        private IOException label(Exception e) {
            if (e instanceof S3ProxyException || e.getMessage() != null && e.getMessage().startsWith("streamlet ")) {
                return e instanceof IOException io ? io : new IOException(e.getMessage(), e);
            }
            return new StreamletException("streamlet " + step.descriptor().name() + " failed: " + e.getMessage(), e);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException | RuntimeException e) {
                throw label(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                throw label(e);
            }
        }
    }
}
