package io.xtremehub.nexus.pipeline;

import io.xtremehub.nexus.api.DataSourceStreamlet;
import io.xtremehub.nexus.http.ETags;
import io.xtremehub.nexus.marker.ObjectMarker;
import io.xtremehub.nexus.metrics.NexusMetrics;
import io.xtremehub.nexus.multipart.LocalMultipartUploads;
import io.xtremehub.nexus.policy.PolicyResolver;
import io.xtremehub.nexus.policy.PolicyResolver.Match;
import io.xtremehub.nexus.policy.RequestPolicy;
import io.xtremehub.nexus.streamlet.PipelineFactory;
import io.xtremehub.nexus.tagging.ContextTags;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3ProxyException;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.S3Exceptions;
import org.gaul.s3proxy.blobstore.SdkResponses;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.MetadataDirective;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.Part;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * The pipeline layer, innermost in the {@link io.xtremehub.nexus.chain.MiddlewareChain}: an S3Proxy
 * {@link ForwardingBlobStore} that runs the streamlet pipeline of the policy the request's
 * {@link RequestPolicy} names on chunks being written, records a marker on the stored object, and undoes
 * exactly the recorded transformations when the object is read. Objects without a marker pass
 * through untouched. Clients always see the size and ETag of the bytes they wrote.
 */
public final class PipelineBlobStore extends ForwardingBlobStore {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineBlobStore.class);

    private final PipelineFactory pipelines;
    private final PutPath putPath;
    private final GetPath getPath;
    private final LocalMultipartUploads multipart;
    private final ContextTags contexts;
    private final ReadCache readCache = new ReadCache();
    private final NexusMetrics metrics;
    private final PolicyResolver policies;
    private final Hops hops;
    private final ExecutorService listExecutor = Executors.newFixedThreadPool(8, r -> {
        Thread t = new Thread(r, "nexus-list");
        t.setDaemon(true);
        return t;
    });

    private PipelineBlobStore(BlobStore backend, PolicyResolver policies, PipelineFactory pipelines, Path workDir,
                              ContextTags contexts, NexusMetrics metrics, Hops hops) throws IOException {
        super(backend);
        this.policies = policies;
        this.hops = hops;
        this.pipelines = pipelines;
        this.contexts = contexts;
        this.metrics = metrics;
        Spool spool = new Spool(workDir.resolve("spool"));
        this.putPath = new PutPath(backend, pipelines, spool, contexts, metrics, hops);
        this.getPath = new GetPath(backend, pipelines, policies, spool, contexts, readCache, metrics);
        this.multipart = new LocalMultipartUploads(workDir.resolve("multipart"));
    }

    /**
     * The pipeline layer over the backend.
     *
     * @param backend the store chunks are written to
     * @param policies finds the policy version recorded on an object being read
     * @param pipelines streamlet instances per policy version
     * @param workDir where chunks are spooled and multipart parts kept
     * @param contexts where the pipeline's context is stored
     * @param metrics where bytes per policy and streamlet times are counted
     * @param hops where the steps of policies pinned to locations or needing hardware run
     */
    public static PipelineBlobStore runningPipelines(BlobStore backend, PolicyResolver policies,
                                                     PipelineFactory pipelines, Path workDir, ContextTags contexts,
                                                     NexusMetrics metrics, Hops hops) throws IOException {
        return new PipelineBlobStore(backend, policies, pipelines, workDir, contexts, metrics, hops);
    }

    /**
     * The leg of the object's pipeline if another swarmlet stores it (its reads are served there),
     * else null. A read forwarded here by another hop is served here.
     */
    private Hops.Leg storedElsewhere(software.amazon.awssdk.awscore.AwsRequest request, String bucket, String key) {
        if (hops == Hops.LOCAL || Upstream.of(request) != null) {
            return null;
        }
        // the policy PolicyBlobStore resolved for the request, when it is about this object; a copy's
        // source and the reads the chain makes itself are matched here
        RequestPolicy resolved = RequestPolicy.attached(request);
        Optional<Match> match = resolved != null && resolved.isFor(bucket, key) ? resolved.match()
                : policies.match(bucket, key);
        if (match.isEmpty()) {
            return null;
        }
        Hops.Leg leg = hops.leg(match.get().policy(), pipelines.pipeline(match.get().policy()), null, 0);
        return hops.storesHere(leg) ? null : leg;
    }

    @Override
    public boolean supportsVersioning() {
        return false;
    }

    @Override
    public boolean supportsCopyMultipartPart() {
        return false; // UploadPartCopy reads the source through Nexus, so it sees original bytes
    }

    // ---------------------------------------------------------------- writes

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream payload) {
        checkMetadata(request.metadata());
        forget(request.bucket(), request.key());
        Upstream upstream = Upstream.of(request);
        Optional<Match> match = upstream != null
                ? upstream.policy().match(request.bucket(), request.key()).map(c -> new Match(upstream.policy(), c))
                : RequestPolicy.of(request).match();
        if (match.isEmpty()) {
            return delegate().putBlob(request, payload);
        }
        return putPath.put(request, payload, match.get(), null);
    }

    private static void checkMetadata(Map<String, String> metadata) {
        if (metadata == null) {
            return;
        }
        for (String key : metadata.keySet()) {
            if (ObjectMarker.isReserved(key)) {
                throw Errors.invalid("user metadata x-amz-meta-" + key + " is reserved for Nexus: rename it");
            }
        }
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        HeadObjectRequest sourceHead = HeadObjectRequest.builder().bucket(request.sourceBucket())
                .key(request.sourceKey()).build();
        // a source another swarmlet stores is read through it, so the copy is processed here
        boolean remote = storedElsewhere(sourceHead, request.sourceBucket(), request.sourceKey()) != null;
        HeadObjectResponse source = remote ? blobMetadata(sourceHead) : delegate().blobMetadata(sourceHead);
        if (source == null) {
            throw S3Exceptions.noSuchKey(request.sourceBucket(), request.sourceKey(), null);
        }
        boolean marked = remote || ObjectMarker.from(source.metadata()).isPresent();
        Optional<Match> destination = RequestPolicy.of(request).match();
        if (!marked && destination.isEmpty()) {
            forget(request.destinationBucket(), request.destinationKey());
            return delegate().copyBlob(request);
        }
        // read through Nexus (original bytes) and write through Nexus (destination policy)
        HeadObjectResponse visible = blobMetadata(HeadObjectRequest.builder()
                .bucket(request.sourceBucket()).key(request.sourceKey()).build());
        Map<String, String> metadata = request.metadataDirective() == MetadataDirective.REPLACE
                ? request.metadata() : visible.metadata();
        PutObjectRequest put = PutObjectRequest.builder().bucket(request.destinationBucket())
                .key(request.destinationKey()).contentLength(visible.contentLength())
                .contentType(request.metadataDirective() == MetadataDirective.REPLACE
                        ? request.contentType() : visible.contentType())
                .metadata(metadata).build();
        try (ResponseInputStream<GetObjectResponse> in = getBlob(GetObjectRequest.builder()
                .bucket(request.sourceBucket()).key(request.sourceKey()).build())) {
            PutObjectResponse stored = putBlob(RequestPolicy.of(request).attachTo(put), in);
            return SdkResponses.copyResponse(stored.eTag(), java.time.Instant.now());
        } catch (IOException e) {
            throw Errors.toS3(e, "copy of " + request.sourceBucket() + "/" + request.sourceKey() + " failed");
        }
    }

    @Override
    public DeleteObjectResponse removeBlob(DeleteObjectRequest request) {
        forget(request.bucket(), request.key());
        Hops.Leg elsewhere = storedElsewhere(request, request.bucket(), request.key());
        if (elsewhere != null) {
            hops.delete(elsewhere, request);
            return DeleteObjectResponse.builder().build();
        }
        HeadObjectResponse head = null;
        try {
            head = delegate().blobMetadata(HeadObjectRequest.builder().bucket(request.bucket())
                    .key(request.key()).build());
        } catch (NoSuchKeyException e) {
            // nothing to follow
        }
        DeleteObjectResponse response = delegate().removeBlob(request);
        if (head != null) {
            ObjectMarker.from(head.metadata()).map(ObjectMarker::routedTo).ifPresent(target -> {
                delegate().removeBlob(DeleteObjectRequest.builder().bucket(target).key(request.key()).build());
                contexts.delete(target, request.key());
            });
        }
        return response;
    }

    /** Drops what reads remember of an object this worker is about to overwrite or delete. */
    private void forget(String bucket, String key) {
        readCache.forget(bucket, key);
        forEachDataSource(ds -> ds.invalidate(bucket, key));
    }

    private void forEachDataSource(Consumer<DataSourceStreamlet> action) {
        pipelines.dataSources().forEach(action);
    }

    // ---------------------------------------------------------------- reads

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        Hops.Leg elsewhere = storedElsewhere(request, request.bucket(), request.key());
        if (elsewhere != null) {
            return hops.read(elsewhere, request);
        }
        try {
            if (request.range() != null && request.ifMatch() == null && request.ifNoneMatch() == null) {
                Optional<ReadCache.Known> known = readCache.known(request.bucket(), request.key());
                if (known.isPresent()) {
                    try {
                        return getPath.read(request, known.get().stored(), known.get().marker(), request.range(),
                                null, true);
                    } catch (IOException | RuntimeException e) {
                        if (!StaleReadException.in(e)) {
                            throw e;
                        }
                        readCache.forget(request.bucket(), request.key()); // changed meanwhile: read it afresh
                    }
                }
            }
            if (request.ifMatch() != null || request.ifNoneMatch() != null) {
                HeadObjectResponse head = delegate().blobMetadata(HeadObjectRequest.builder()
                        .bucket(request.bucket()).key(request.key()).build());
                if (head == null) {
                    return null;
                }
                Optional<ObjectMarker> marker = ObjectMarker.from(head.metadata());
                if (marker.isEmpty()) {
                    return delegate().getBlob(request);
                }
                checkConditions(request.ifMatch(), request.ifNoneMatch(),
                        GetPath.visibleETag(marker.get(), head.eTag()));
                request = request.toBuilder().ifMatch(null).ifNoneMatch(null).build();
            }
            ResponseInputStream<GetObjectResponse> raw;
            try {
                raw = delegate().getBlob(request);
            } catch (S3Exception e) {
                // a range valid for the original bytes may lie beyond the (smaller) stored object
                if (e.statusCode() != 416 || request.range() == null) {
                    throw e;
                }
                HeadObjectResponse head = delegate().blobMetadata(HeadObjectRequest.builder()
                        .bucket(request.bucket()).key(request.key()).build());
                Optional<ObjectMarker> marker = head == null ? Optional.empty() : ObjectMarker.from(head.metadata());
                if (marker.isEmpty()) {
                    throw e;
                }
                if (marker.get().routedTo() != null) {
                    return getBlob(request.toBuilder().bucket(marker.get().routedTo()).build());
                }
                GetObjectResponse stored = GetObjectResponse.builder().contentLength(head.contentLength())
                        .eTag(head.eTag()).lastModified(head.lastModified()).contentType(head.contentType())
                        .metadata(head.metadata()).build();
                return getPath.read(request, stored, marker.get(), request.range(), null, false);
            }
            if (raw == null) {
                return null;
            }
            Optional<ObjectMarker> marker = ObjectMarker.from(raw.response().metadata());
            if (marker.isEmpty()) {
                return raw;
            }
            ObjectMarker m = marker.get();
            if (m.routedTo() != null) {
                raw.close();
                ResponseInputStream<GetObjectResponse> routed = getBlob(request.toBuilder().bucket(m.routedTo())
                        .build());
                if (routed == null) {
                    throw new IllegalStateException("routed chunk " + request.key() + " is missing from bucket "
                            + m.routedTo());
                }
                return routed;
            }
            GetObjectResponse stored = raw.response();
            if (request.range() != null) {
                if (m.steps().isEmpty()) {
                    // nothing was transformed: the stored bytes are the client's, so this range is the answer
                    return getPath.read(request, stored, m, request.range(), raw, false);
                }
                raw.close(); // it told the marker and the stored length: one backend read, its bytes unused
                metrics.backendBytes(m.policyName(), "read", 0);
                long total = totalLength(stored.contentRange());
                if (total < 0) {
                    total = delegate().blobMetadata(HeadObjectRequest.builder().bucket(request.bucket())
                            .key(request.key()).build()).contentLength();
                }
                stored = stored.toBuilder().contentLength(total).contentRange(null).build();
                ResponseInputStream<GetObjectResponse> answer = getPath.read(request, stored, m, request.range(), null,
                        false);
                readCache.remember(request.bucket(), request.key(), stored, m);
                return answer;
            }
            return getPath.read(request, stored, m, null, raw, false);
        } catch (IOException e) {
            throw Errors.toS3(e, "read of " + request.bucket() + "/" + request.key() + " failed");
        } catch (IllegalStateException e) {
            throw Errors.toS3(e, "read of " + request.bucket() + "/" + request.key() + " failed");
        }
    }

    /** The total length in a {@code Content-Range: bytes a-b/total} header, or -1. */
    private static long totalLength(String contentRange) {
        if (contentRange == null) {
            return -1;
        }
        int slash = contentRange.lastIndexOf('/');
        try {
            return slash < 0 ? -1 : Long.parseLong(contentRange.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void checkConditions(String ifMatch, String ifNoneMatch, String eTag) {
        if (ifMatch != null && !"*".equals(ifMatch) && !ETags.unquote(ifMatch).equals(eTag)) {
            throw new S3ProxyException(S3ErrorCode.PRECONDITION_FAILED);
        }
        if (ifNoneMatch != null && ("*".equals(ifNoneMatch) || ETags.unquote(ifNoneMatch).equals(eTag))) {
            throw S3Exceptions.fromStatusCode(304);
        }
    }

    @Override
    public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
        Hops.Leg elsewhere = storedElsewhere(request, request.bucket(), request.key());
        if (elsewhere != null) {
            HeadObjectResponse head = hops.head(elsewhere, request);
            if (head == null) {
                throw S3Exceptions.noSuchKey(request.bucket(), request.key(), null); // as the backends answer
            }
            return head;
        }
        HeadObjectRequest unconditional = request.toBuilder().ifMatch(null).ifNoneMatch(null).build();
        HeadObjectResponse head = delegate().blobMetadata(
                request.ifMatch() == null && request.ifNoneMatch() == null ? request : unconditional);
        if (head == null) {
            return null;
        }
        Optional<ObjectMarker> marker = ObjectMarker.from(head.metadata());
        if (marker.isEmpty()) {
            if (request.ifMatch() != null || request.ifNoneMatch() != null) {
                return delegate().blobMetadata(request);
            }
            return head;
        }
        HeadObjectResponse visible = GetPath.head(head, marker.get());
        checkConditions(request.ifMatch(), request.ifNoneMatch(), visible.eTag());
        return visible;
    }

    @Override
    public ListObjectsV2Response list(ListObjectsV2Request request) {
        ListObjectsV2Response page = delegate().list(request);
        if (page.contents().isEmpty()) {
            return page;
        }
        List<Future<S3Object>> futures = new ArrayList<>();
        for (S3Object o : page.contents()) {
            futures.add(listExecutor.submit(() -> visibleEntry(request.bucket(), o)));
        }
        List<S3Object> contents = new ArrayList<>();
        try {
            for (Future<S3Object> f : futures) {
                contents.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new S3ProxyException(S3ErrorCode.INTERNAL_ERROR, "listing interrupted");
        } catch (ExecutionException e) {
            throw Errors.toS3(e.getCause(), "listing " + request.bucket() + " failed");
        }
        return page.toBuilder().contents(contents).build();
    }

    private S3Object visibleEntry(String bucket, S3Object o) {
        if (o.key().endsWith("/")) {
            return o;
        }
        HeadObjectResponse head;
        try {
            head = delegate().blobMetadata(HeadObjectRequest.builder().bucket(bucket).key(o.key()).build());
        } catch (NoSuchKeyException e) {
            return o; // deleted meanwhile
        }
        if (head == null) {
            return o;
        }
        return ObjectMarker.from(head.metadata())
                .map(m -> o.toBuilder().size(m.originalLength()).eTag(GetPath.visibleETag(m, o.eTag())).build())
                .orElse(o);
    }

    // ---------------------------------------------------------------- multipart

    @Override
    public MultipartUpload initiateMultipartUpload(CreateMultipartUploadRequest request) {
        checkMetadata(request.metadata());
        Optional<Match> match = RequestPolicy.of(request).match();
        if (match.isEmpty()) {
            return delegate().initiateMultipartUpload(request);
        }
        try {
            return new MultipartUpload(multipart.initiate(request, match.get()), request);
        } catch (IOException e) {
            throw Errors.toS3(e, "cannot start multipart upload");
        }
    }

    @Override
    public UploadPartResponse uploadMultipartPart(MultipartUpload mpu, UploadPartRequest request, InputStream is) {
        if (!LocalMultipartUploads.isLocal(mpu.id())) {
            return delegate().uploadMultipartPart(mpu, request, is);
        }
        try {
            return SdkResponses.uploadedPart(multipart.uploadPart(mpu.id(), request.partNumber(), is,
                    request.contentLength(), request.contentMD5()));
        } catch (IOException e) {
            throw Errors.toS3(e, "part " + request.partNumber() + " of " + mpu.blobName() + " was not stored");
        }
    }

    @Override
    public List<Part> listMultipartUpload(MultipartUpload mpu) {
        return LocalMultipartUploads.isLocal(mpu.id()) ? multipart.parts(mpu.id())
                : delegate().listMultipartUpload(mpu);
    }

    @Override
    public List<software.amazon.awssdk.services.s3.model.MultipartUpload> listMultipartUploads(String container) {
        List<software.amazon.awssdk.services.s3.model.MultipartUpload> all =
                new ArrayList<>(delegate().listMultipartUploads(container));
        all.addAll(multipart.uploads(container));
        return all;
    }

    @Override
    public void abortMultipartUpload(MultipartUpload mpu) {
        if (LocalMultipartUploads.isLocal(mpu.id())) {
            multipart.remove(mpu.id());
        } else {
            delegate().abortMultipartUpload(mpu);
        }
    }

    @Override
    public CompleteMultipartUploadResponse completeMultipartUpload(MultipartUpload mpu,
                                                                   CompleteMultipartUploadRequest request) {
        if (!LocalMultipartUploads.isLocal(mpu.id())) {
            return delegate().completeMultipartUpload(mpu, request);
        }
        LocalMultipartUploads.Assembled assembled;
        try {
            assembled = multipart.assemble(mpu.id(), request.multipartUpload().parts());
        } catch (IOException e) {
            throw Errors.toS3(e, "multipart upload " + mpu.id() + " cannot be assembled");
        }
        CreateMultipartUploadRequest create = assembled.upload().request();
        PutObjectRequest put = PutObjectRequest.builder().bucket(create.bucket()).key(create.key())
                .contentLength(assembled.length()).contentType(create.contentType())
                .cacheControl(create.cacheControl()).contentDisposition(create.contentDisposition())
                .contentEncoding(create.contentEncoding()).contentLanguage(create.contentLanguage())
                .expires(create.expires()).metadata(create.metadata()).build();
        forget(create.bucket(), create.key());
        try (InputStream body = assembled.body()) {
            putPath.put(put, body, assembled.upload().match(), assembled.eTag());
        } catch (IOException e) {
            throw Errors.toS3(e, "multipart upload " + mpu.id() + " failed");
        }
        multipart.remove(mpu.id());
        LOG.debug("completed multipart upload {} of {}/{}", mpu.id(), create.bucket(), create.key());
        return SdkResponses.completeResponse(assembled.eTag());
    }

    @Override
    public void close() {
        listExecutor.shutdownNow();
        super.close();
    }
}
