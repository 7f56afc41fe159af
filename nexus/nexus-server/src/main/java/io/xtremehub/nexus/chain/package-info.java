/**
 * The Nexus middleware chain, composed in one place ({@link io.xtremehub.nexus.chain.MiddlewareChain}).
 *
 * <p>An S3 request passes, in this order:
 *
 * <pre>
 *  servlet filters (in front of S3Proxy's handler, in this order)
 *    MetricsFilter                  times and counts every request, as the client saw it
 *    TaggingFilter                  serves ?tagging itself (S3Proxy answers it NotImplemented),
 *                                   hands x-amz-tagging headers on, closes the tag bucket
 *    CompleteMultipartStatusFilter  turns a failed CompleteMultipartUpload into an HTTP error
 *  S3Proxy (authentication, S3 protocol) calls the BlobStore chain, outermost first:
 *    outer middleware               the embedder's, if any (sees requests as clients sent them)
 *    PolicyBlobStore                decides once which policy applies; the RequestPolicy rides on the request
 *    TaggingBlobStore               keeps client tags in step with writes, copies and deletes
 *    PartitionRouter                swarmlet only: sends chunks of stateful policies to their partition's owner
 *    PipelineBlobStore              runs the policy's streamlets on writes, undoes them on reads
 *    MarkerTrailerBlobStore         shows an object whose marker trails its bytes with the marker in its
 *                                   metadata (a storing hop streams a forwarded chunk so, unspooled)
 *  backend (filesystem, transient, S3; the S3 one under PartedPutBlobStore, which uploads a body of
 *           unknown length in parts, its client needing the length first)
 * </pre>
 *
 * <p>Why this order: the policy is decided first because every layer below acts on it. Tagging sits
 * above routing so that a chunk forwarded to another worker is tagged once, by the worker the client
 * called; a forwarded chunk enters the owner's chain at its router, which decides the policy there.
 * The pipeline is innermost because it alone talks to the backend in the stored format (markers,
 * transformed bytes); everything above it sees the objects as clients wrote them.
 *
 * <p>Layers talk only through {@code delegate()}; what they share are services, not layers: the
 * {@link io.xtremehub.nexus.policy.PolicyResolver}, the tag sidecars and the backend's object versions.
 */
package io.xtremehub.nexus.chain;
