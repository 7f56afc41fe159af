/**
 * Swarmlets: several Nexus workers behind one endpoint that share a Redis metadata store. Chunks of
 * a stream partition whose policy has a stateful streamlet are routed to the one worker that owns
 * the partition (consistent hashing over the live members, {@link io.xtremehub.nexus.swarm.PartitionRing}),
 * so stateful streamlets keep their per-partition state in memory and only write it through to the
 * metadata store (reference section 8.4.3-8.4.5).
 *
 * <p>Limits of this version: PUT and GET of chunks are routed; multipart uploads and CopyObject are
 * processed by the worker that received them (give multipart uploads sticky sessions). State writes
 * are not fenced: a chunk still in flight at its old owner while ownership moves can race with the
 * new owner. The mesh is plain HTTP authenticated by the swarmlet secret; run it on a private
 * network. Location- and hardware-based routing across swarmlets is not implemented.
 */
package io.xtremehub.nexus.swarm;
