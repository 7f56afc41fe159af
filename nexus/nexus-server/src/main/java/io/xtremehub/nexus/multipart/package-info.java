/**
 * Multipart uploads of objects a policy applies to: parts kept on the worker's disk until
 * completion, when the pipeline runs once over the whole object.
 */
package io.xtremehub.nexus.multipart;
