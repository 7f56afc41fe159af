package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.ByteStreamlet;
import io.xtremehub.nexus.api.ObjectRef;
import io.xtremehub.nexus.api.StreamletException;
import io.xtremehub.nexus.http.ETags;
import io.xtremehub.nexus.marker.MarkerTrailer;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metadata.StateFencedException;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.metrics.StreamletClock;
import io.xtremehub.nexus.policy.Policy;
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
import java.util.concurrent.atomic.AtomicReference;
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
 * (direct mode, for length-preserving pipelines; trailed mode, for a transformed chunk at the
 * storing hop of a multi-hop pipeline, its marker written after the bytes): a failure never leaves
 * a visible object.
 */
final class PutPath {
    private static final Logger LOG = LoggerFactory.getLogger(PutPath.class);

    private final BlobStore backend;
    private final PipelineFactory pipelines;
    private final Spool spool;
    private final ContextTags contexts;
    private final NexusMetrics metrics;
    private final Hops hops;

    PutPath(BlobStore backend, PipelineFactory pipelines, Spool spool, ContextTags contexts, NexusMetrics metrics,
            Hops hops) {
        this.backend = backend;
        this.hops = hops;
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
        Upstream upstream = Upstream.of(request);
        if (upstream != null) {
            match = new Match(upstream.policy(), match.chunk()); // the version the chunk started with
            if (eTagOverride == null) {
                eTagOverride = upstream.eTag(); // a multipart completion's, from the entry
            }
        }
        ActivePipeline shared = pipelines.pipeline(match.policy());
        Hops.Leg leg = hops.leg(match.policy(), shared, upstream == null ? null : upstream.arrival(),
                upstream == null ? 0 : upstream.from());
        if (upstream == null && leg.next() != null) {
            // before a byte is read: the next hop must run the same version, else refresh and plan again
            Policy checked = hops.checkVersion(leg, match.policy());
            if (checked != match.policy()) {
                match = new Match(checked, match.chunk());
                shared = pipelines.pipeline(checked);
                leg = hops.leg(checked, shared, null, 0);
            }
        }
        if (!statefulHere(shared, leg) || PipelineFactory.partitionKey(match.chunk()).isEmpty()) {
            return run(request, payload, match, shared, eTagOverride, leg, upstream);
        }
        // a stateful policy: this partition's chunks one at a time, its state saved after each, fenced
        // by this worker's claim on the partition
        Lock lock = pipelines.lock(match.policy(), match.chunk());
        lock.lock();
        try {
            PartitionRun partition = pipelines.begin(match.policy(), match.chunk(),
                    request.bucket() + "/" + request.key());
            PutObjectResponse response = run(request, payload, match, partition.pipeline(), eTagOverride, leg,
                    upstream);
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

    /**
     * Whether this worker's leg runs a stateful step (it then claims and saves the partition's
     * state). A partition's state is claimed as one unit, so its stateful steps must all run on one
     * hop: two swarmlets claiming it in turn would fence each other on every chunk.
     */
    private static boolean statefulHere(ActivePipeline pipeline, Hops.Leg leg) {
        if (!pipeline.stateful()) {
            return false;
        }
        List<ActivePipeline.Step> here = pipeline.steps().subList(leg.from(), leg.to());
        boolean anyHere = here.stream().anyMatch(s -> s.descriptor().stateful());
        boolean elsewhere = pipeline.steps().stream().anyMatch(s -> s.descriptor().stateful() && !here.contains(s));
        if (anyHere && elsewhere) {
            throw Errors.invalid("policy " + pipeline.policy().id() + " has stateful streamlets on more than one"
                    + " hop: pin them to one location (a partition's state is kept by one swarmlet)");
        }
        return anyHere;
    }

    private PutObjectResponse run(PutObjectRequest request, InputStream payload, Match match,
                                  ActivePipeline pipeline, String eTagOverride, Hops.Leg leg, Upstream upstream) {
        String what = "policy " + match.policy().id() + " failed on " + request.bucket() + "/" + request.key()
                + "; nothing was stored";
        PipelineContext ctx = new PipelineContext(new ObjectRef(request.bucket(), request.key(), null, -1),
                match.chunk(), match.policy(), Map.of());
        try {
            boolean whole = upstream == null && leg.whole(pipeline.steps().size());
            // a chunk forwarded to its storing hop streams straight to the backend too when every step,
            // the earlier hops' included, keeps its bytes: they are the client's, of the client's length
            boolean lastLeg = upstream != null && leg.next() == null && leg.to() == pipeline.steps().size();
            boolean direct = (whole || lastLeg) && pipeline.canStreamDirectly() && request.contentLength() != null;
            if (leg.next() != null) {
                // the rest of the pipeline runs elsewhere: its context is not carried along
                return putForward(request, payload, pipeline, ctx, eTagOverride, leg, upstream);
            }
            Written written = direct
                    ? putDirect(request, payload, pipeline, ctx, eTagOverride, leg, upstream)
                    : (whole || lastLeg) && trailable(pipeline, leg)
                    ? putTrailed(request, payload, pipeline, ctx, eTagOverride, leg, upstream)
                    : putSpooled(request, payload, pipeline, ctx, eTagOverride, leg, upstream);
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



    private Layers buildLayers(InputStream in, ActivePipeline pipeline, PipelineContext ctx, Hops.Leg leg)
            throws IOException {
        InputStream s = in;
        List<ActivePipeline.Step> applied = new ArrayList<>();
        List<CountingInputStream> counters = new ArrayList<>();
        for (ActivePipeline.Step step : pipeline.steps().subList(leg.from(), leg.to())) {
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
                              PipelineContext ctx, String eTagOverride, Hops.Leg leg, Upstream upstream)
            throws IOException {
        long length = request.contentLength();
        CountingInputStream original = new CountingInputStream(payload);
        Layers layers = buildLayers(original, pipeline, ctx, upstream != null ? leg
                : new Hops.Leg(0, pipeline.steps().size(), null, null, null));
        CountingInputStream output = new CountingInputStream(layers.stream());
        InputStream verified = new FilterInputStream(output) {
            private boolean checked;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0 && !checked) {
                    checked = true;
                    checkLengths(request, original.count(), output.count());
                    if (upstream != null && upstream.prior().get().originalLength() != original.count()) {
                        // (the earlier hop checked the client's length and MD5 before it said so)
                        throw new S3ProxyException(S3ErrorCode.INCOMPLETE_BODY, "the earlier hop read "
                                + upstream.prior().get().originalLength() + " bytes, " + original.count() + " came");
                    }
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

    /**
     * Runs this worker's leg of the pipeline and streams what it produces to the next hop, which
     * stores (or forwards again); nothing is stored here. The client's length and Content-MD5 are
     * checked here, at the end of its bytes, before the next hop is told what the earlier steps did:
     * a chunk that fails the check never gets that far and is not stored.
     */
    private PutObjectResponse putForward(PutObjectRequest request, InputStream payload, ActivePipeline pipeline,
                                         PipelineContext ctx, String eTagOverride, Hops.Leg leg, Upstream upstream)
            throws IOException {
        for (ActivePipeline.Step step : pipeline.steps().subList(leg.from(), leg.to())) {
            if (step.descriptor().on().onPut() && (step.events() != null
                    || step.descriptor().type() == io.xtremehub.nexus.api.StreamletType.ROUTING)) {
                // they decide on the whole chunk where it is stored; a forwarding hop does not spool it
                throw new IllegalArgumentException("policy " + pipeline.policy().id() + " step "
                        + (step.position() + 1) + " (" + step.descriptor().name() + ") looks at whole chunks: it"
                        + " must run on the swarmlet that stores them (at the location of the last step)");
            }
        }
        // steps that all keep their bytes pass the client's bytes, length and Content-MD5 on: the storing
        // hop streams them to its backend, which computes the MD5 ETag and checks the Content-MD5, so
        // the entry only counts them (hashing here too would hash every byte twice); a multipart
        // completion's ETag is known already and travels with the chunk
        boolean streamed = pipeline.canStreamDirectly() && request.contentLength() != null;
        DigestingInputStream original = upstream == null && !streamed ? new DigestingInputStream(payload) : null;
        CountingInputStream counted = upstream == null && streamed ? new CountingInputStream(payload) : null;
        InputStream source = original != null ? original : counted != null ? counted : payload;
        Layers layers = buildLayers(source, pipeline, ctx, leg);
        java.util.function.Supplier<Upstream.Prior> prior = () -> {
            try {
                source.transferTo(OutputStream.nullOutputStream()); // what a streamlet left unread
                List<ObjectMarker.Step> steps = new ArrayList<>();
                long length;
                String eTag;
                if (counted != null) {
                    length = counted.count();
                    if (length != request.contentLength()) {
                        throw new S3ProxyException(S3ErrorCode.INCOMPLETE_BODY, "received " + length
                                + " bytes but Content-Length was " + request.contentLength());
                    }
                    eTag = eTagOverride; // null: the storing hop's backend digests the client's bytes
                } else if (upstream == null) {
                    String md5 = verify(request, original);
                    length = original.count();
                    eTag = eTagOverride != null ? eTagOverride : md5;
                } else {
                    Upstream.Prior before = upstream.prior().get();
                    steps.addAll(before.steps());
                    length = before.originalLength();
                    eTag = before.originalETag();
                }
                steps.addAll(applied(layers));
                return new Upstream.Prior(length, eTag, steps);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        // steps that all keep their bytes pass on the client's length: the storing hop can stream to its backend
        PutObjectRequest.Builder forwarded = request.toBuilder().contentLength(pipeline.canStreamDirectly()
                ? request.contentLength() : null).contentMD5(streamed ? request.contentMD5() : null);
        // the mesh reads the bytes on its own thread: keep what went wrong here (a streamlet, a bad
        // Content-MD5) to answer with it rather than with the broken forward it caused
        AtomicReference<Exception> failure = new AtomicReference<>();
        java.util.function.Supplier<Upstream.Prior> checkedPrior = () -> {
            try {
                return prior.get();
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
                throw e;
            }
        };
        InputStream produced = new FilterInputStream(layers.stream()) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (IOException | RuntimeException e) {
                    failure.compareAndSet(null, e);
                    throw e;
                }
            }
        };
        try {
            return hops.forward(leg, pipeline.policy(), FlexChecksum.clearOn(forwarded).build(), eTagOverride,
                    produced, checkedPrior);
        } catch (RuntimeException e) {
            Exception cause = failure.get();
            if (cause instanceof java.io.UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    private static List<ObjectMarker.Step> applied(Layers layers) {
        List<ObjectMarker.Step> steps = new ArrayList<>();
        for (int i = 0; i < layers.steps().size(); i++) {
            ActivePipeline.Step s = layers.steps().get(i);
            steps.add(new ObjectMarker.Step(s.position(), s.descriptor().id(), layers.counters().get(i).count()));
        }
        return steps;
    }

    /**
     * Whether the storing hop can stream a transformed chunk into its backend, its marker trailing the
     * bytes ({@link MarkerTrailer}): no step of this hop may decide on the whole chunk (event and
     * routing streamlets see it spooled). Every backend takes a body of unknown length (the S3 one
     * in parts, {@link io.xtremehub.nexus.backend.PartedPutBlobStore}).
     */
    private static boolean trailable(ActivePipeline pipeline, Hops.Leg leg) {
        for (ActivePipeline.Step step : pipeline.steps().subList(leg.from(), leg.to())) {
            if (step.descriptor().on().onPut() && (step.events() != null
                    || step.descriptor().type() == io.xtremehub.nexus.api.StreamletType.ROUTING)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Streams a transformed chunk through the steps into the backend, with no spool: its marker needs
     * the client's length and MD5 (and, at a storing hop, what the earlier hops did: their output
     * lengths), known only once every byte went through, so it is written after them as a trailer of
     * the same object (one backend PUT or completed multipart upload: whole or absent; a failure
     * before the end, a bad Content-MD5 included, stores nothing).
     */
    private Written putTrailed(PutObjectRequest request, InputStream payload, ActivePipeline pipeline,
                               PipelineContext ctx, String eTagOverride, Hops.Leg leg, Upstream upstream)
            throws IOException {
        String writeId = ObjectMarker.newWriteId();
        // the worker the client wrote to digests its bytes; a storing hop learns their MD5 from the end frame
        DigestingInputStream original = upstream == null ? new DigestingInputStream(payload) : null;
        InputStream source = original != null ? original : payload;
        Layers layers = buildLayers(source, pipeline, ctx, leg);
        CountingInputStream output = new CountingInputStream(layers.stream());
        AtomicReference<ObjectMarker> sealed = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        InputStream stored = MarkerTrailer.append(output, () -> {
            try {
                source.transferTo(OutputStream.nullOutputStream()); // what a streamlet left unread
                Upstream.Prior before = upstream != null ? upstream.prior().get()
                        : received(request, original, eTagOverride);
                String eTag = before.originalETag() != null ? before.originalETag() : eTagOverride;
                if (eTag == null) {
                    // an earlier hop digests the client's bytes whenever a step transforms them
                    throw new IllegalStateException("the earlier hop sent no ETag for a transformed chunk");
                }
                List<ObjectMarker.Step> steps = new ArrayList<>(before.steps());
                steps.addAll(applied(layers));
                ObjectMarker marker = new ObjectMarker(pipeline.policy().name(), pipeline.policy().version(),
                        pipeline.policy().fingerprint(), before.originalLength(), eTag, steps, null, Map.of(),
                        writeId);
                sealed.set(marker);
                return marker;
            } catch (IOException e) {
                failure.compareAndSet(null, new java.io.UncheckedIOException(e));
                throw failure.get();
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
                throw e;
            }
        });
        String target = pipeline.policy().defaultOutputBucket();
        PutObjectRequest.Builder b = request.toBuilder().bucket(target).contentLength(null).contentMD5(null)
                .metadata(MarkerTrailer.pendingMetadata(request.metadata(), writeId));
        try {
            backend.putBlob(FlexChecksum.clearOn(b).build(), stored);
        } catch (RuntimeException e) {
            RuntimeException cause = failure.get();
            if (cause instanceof java.io.UncheckedIOException u) {
                throw u.getCause();
            }
            throw cause != null ? cause : e;
        }
        ObjectMarker marker = sealed.get();
        if (marker == null) {
            throw new IOException("the backend stored " + request.bucket() + "/" + request.key()
                    + " without reading it to its end");
        }
        ctx.object(new ObjectRef(request.bucket(), request.key(), marker.originalETag(), marker.originalLength()));
        if (!target.equals(request.bucket())) {
            writeStub(request, marker, target);
        }
        return new Written(PutObjectResponse.builder().eTag(marker.originalETag()).build(), writeId,
                marker.originalLength(), output.count());
    }

    /** The client's bytes as the worker it wrote to read them, checked against its Content-Length and Content-MD5. */
    private static Upstream.Prior received(PutObjectRequest request, DigestingInputStream original,
                                           String eTagOverride) throws IOException {
        String md5 = verify(request, original);
        return new Upstream.Prior(original.count(), eTagOverride != null ? eTagOverride : md5, List.of());
    }

    private Written putSpooled(PutObjectRequest request, InputStream payload, ActivePipeline pipeline,
                               PipelineContext ctx, String eTagOverride, Hops.Leg leg, Upstream upstream)
            throws IOException {
        String writeId = ObjectMarker.newWriteId();
        List<ActivePipeline.Step> eventSteps = pipeline.steps().subList(leg.from(), leg.to()).stream()
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
            Layers layers = buildLayers(source, pipeline, ctx, leg);
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
            List<ObjectMarker.Step> steps = new ArrayList<>();
            if (upstream != null) {
                // the earlier hops' steps come first in the marker: a read here undoes them all
                Upstream.Prior before = upstream.prior().get();
                originalLength = before.originalLength();
                // no ETag: the earlier hops kept the client's bytes, so the digest of what came is its MD5
                eTag = before.originalETag() != null ? before.originalETag() : md5;
                steps.addAll(before.steps());
            }
            steps.addAll(applied(layers));
            ctx.object(new ObjectRef(request.bucket(), request.key(), eTag, originalLength));
            for (ActivePipeline.Step step : eventSteps) {
                EventSteps.run(step, originalCopy.input(), ctx.forStep(step.parameters()), true);
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
