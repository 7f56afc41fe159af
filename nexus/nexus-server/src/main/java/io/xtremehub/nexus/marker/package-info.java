/**
 * The stored-object format: the {@link io.xtremehub.nexus.marker.ObjectMarker} Nexus records in the
 * user metadata of every object a policy wrote, which is all a read needs to give the client its
 * original bytes back; or, for a chunk a storing hop streamed in before its marker was known, after
 * the object's bytes as a {@link io.xtremehub.nexus.marker.MarkerTrailer}, which
 * {@link io.xtremehub.nexus.marker.MarkerTrailerBlobStore} shows to readers as if it were in the
 * metadata.
 */
package io.xtremehub.nexus.marker;
