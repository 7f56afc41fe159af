/**
 * Running a policy's streamlet pipeline on objects: the middleware that does it
 * ({@link io.xtremehub.nexus.pipeline.PipelineBlobStore}), the write path (run the pipeline, store the
 * result with its marker), the read path (undo exactly what the marker records, whole or ranged), the
 * {@code StreamletContext} of one run, and the spool and stream helpers these paths use. Which
 * streamlets exist and how their instances are built is {@link io.xtremehub.nexus.streamlet}.
 */
package io.xtremehub.nexus.pipeline;
