/**
 * Swarmlets: several Nexus workers behind one endpoint that share a Redis metadata store, labelled
 * with where they run and what hardware they have ({@link io.xtremehub.nexus.swarm.SwarmletLabels},
 * the same on every worker: a worker with other labels cannot join). Membership is a record and a
 * lease per worker in Redis ({@link io.xtremehub.nexus.swarm.RedisMembership}); a crashed worker
 * leaves every view within its lease TTL plus a third. {@link io.xtremehub.nexus.swarm.SwarmletDirectory}
 * lists the swarmlets of a namespace with their workers and the ring intervals each owns.
 *
 * <p>Chunks of a stream partition whose policy has a stateful streamlet are routed to the worker
 * that owns the partition (consistent hashing over the live members,
 * {@link io.xtremehub.nexus.swarm.PartitionRing}), so stateful streamlets keep their per-partition
 * state in memory and write it through to the metadata store. Within a worker a partition's
 * requests run in arrival order. Across workers, a worker claims a partition's state with a new
 * fencing epoch and writes it with a check-and-set on that epoch (Lua scripts, no locks), so a
 * worker that lost the partition, by a join or by being thought dead, cannot overwrite the new
 * owner's state: its request is answered 503 SlowDown and retried by the client at the new owner.
 * A state is stored with the chunk that produced it and the state before it, so a retried chunk
 * that was applied but never acknowledged counts once. This holds when a partition's chunks are
 * written in order, one after the other, as tiering does.
 *
 * <p>Limits of this version: PUT and GET of chunks are routed; multipart uploads and CopyObject are
 * processed by the worker that received them (give multipart uploads sticky sessions). The mesh is
 * plain HTTP authenticated by the swarmlet secret; run it on a private network. Labels are recorded
 * and shown, but location- and hardware-based routing across swarmlets is not implemented.
 */
package io.xtremehub.nexus.swarm;
