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
 * <p>Pipelines across swarmlets: a policy step may name the location it runs at (default: where
 * the request arrived). {@link io.xtremehub.nexus.swarm.HopPlanner} places the steps on the
 * swarmlets registered in Redis by location and by the hardware each streamlet declares, grouping
 * consecutive steps on one swarmlet into a {@link io.xtremehub.nexus.swarm.Hop}; an unknown location
 * or missing hardware is a one-line error at first use. {@link io.xtremehub.nexus.swarm.MeshHops}
 * runs this worker's hop and streams the intermediate bytes in frames ({@code HopFrames}) to a live
 * worker of the next hop, carrying the policy version and the step to resume at; the last hop stores
 * with one marker for all steps, and reads (GET, HEAD) and DELETEs at other swarmlets are served by
 * the storing one. The
 * next hop checks the policy version of every chunk against the metadata store, reading it while the
 * chunk's bytes arrive and checking it before the chunk is stored or forwarded on (412 on a
 * mismatch), and every hop runs a chunk with the version it started with. The entry asks
 * a next hop first, before reading the client's bytes, only until that hop confirmed the version
 * ({@link io.xtremehub.nexus.swarm.ConfirmedVersions}, forgotten on every policy change): on a
 * mismatch then it re-reads the policy and retries once itself; a chunk refused later, its bytes
 * read, is answered 503 SlowDown and the client sends it again under the refreshed version. The
 * swarmlets and their live workers a hop picks from are cached between membership announcements
 * ({@link io.xtremehub.nexus.swarm.LiveSwarmlets}).
 *
 * <p>Limits of this version: multipart uploads are assembled by the worker that received them
 * (give them sticky sessions), then go through the hops like a PUT. The mesh is plain HTTP
 * authenticated by the swarmlet secret, which swarmlets that hand chunks to each other share; run
 * it on a private network. Inverse steps of earlier hops run on the storing swarmlet; LIST and tags
 * are served where the request arrives.
 */
package io.xtremehub.nexus.swarm;
