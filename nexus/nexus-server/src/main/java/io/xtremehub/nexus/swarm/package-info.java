/**
 * Swarmlets: several Nexus workers behind one endpoint that share a Redis metadata store. Chunks of
 * a stream partition are routed to the one worker that owns the partition (consistent hashing over
 * the live members), so stateful streamlets keep their per-partition state in memory and only write
 * it through to the metadata store (reference section 8.4.3-8.4.5).
 */
package io.xtremehub.nexus.swarm;
