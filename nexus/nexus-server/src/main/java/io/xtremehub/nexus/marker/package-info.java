/**
 * The stored-object format: the {@link io.xtremehub.nexus.marker.ObjectMarker} Nexus records in the
 * user metadata of every object a policy wrote, which is all a read needs to give the client its
 * original bytes back.
 */
package io.xtremehub.nexus.marker;
