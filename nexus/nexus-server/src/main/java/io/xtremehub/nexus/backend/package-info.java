/**
 * What Nexus puts between its middleware and a backend's own client: {@link
 * io.xtremehub.nexus.backend.PartedPutBlobStore} lets a backend that needs an object's length first
 * (S3) store a body of unknown length as parts, so a transformed chunk streams into it unspooled.
 */
package io.xtremehub.nexus.backend;
