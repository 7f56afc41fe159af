package io.xtremehub.nexus.policy;

/**
 * Which stream and partition a chunk of tiered stream data belongs to.
 *
 * @param stream the stream (Pravega scope/stream, Kafka topic, Pulsar topic), or null if unknown
 * @param partition the partition (Pravega segment, Kafka/Pulsar partition or ledger), or null if unknown
 */
public record ChunkId(String stream, String partition) {
}
