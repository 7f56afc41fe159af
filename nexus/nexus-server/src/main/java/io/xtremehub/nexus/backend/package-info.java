/**
 * What Nexus puts between its middleware and a backend's own client: {@link
 * io.xtremehub.nexus.backend.PartedPutBlobStore} lets a backend that needs an object's length first
 * (S3) store a body of unknown length as parts, so a transformed chunk streams into it unspooled,
 * its part buffers within the worker's {@link io.xtremehub.nexus.backend.PartBudget}; the {@link
 * io.xtremehub.nexus.backend.UploadJournal} records the multipart uploads open meanwhile, so the
 * {@link io.xtremehub.nexus.backend.AbandonedUploadSweeper} of a later worker aborts those a killed
 * worker left ({@link io.xtremehub.nexus.backend.S3Uploads} configures all three).
 */
package io.xtremehub.nexus.backend;
