package io.xtremehub.omb.driver;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One messaging system as the benchmark sees it, in the spirit of OMB's driver API: topics with
 * partitions, producers that send byte payloads, consumers in named subscriptions that hand every
 * message to a callback. A driver owns the cluster it started (embedded targets) and releases it on close.
 */
public interface BenchmarkDriver extends AutoCloseable {

    /** The name results are filed under (OMB's driver {@code name}). */
    String name();

    /** Prefix of the topics the runner creates, so runs never collide. */
    default String topicNamePrefix() {
        return "omb";
    }

    /** Creates a topic (stream) of the given number of partitions (segments). */
    CompletableFuture<Void> createTopic(String topic, int partitions);

    /** A producer (writer) on one topic. */
    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    /**
     * A consumer (reader) in a subscription (reader group) of a topic; consumers of one subscription
     * share its partitions, and each subscription gets every message. It reads from the start of the topic.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscription, ConsumerCallback callback);

    /**
     * Why the target stopped serving, when it says so itself (an embedded cluster that stopped
     * because a component died); null while it serves or when it cannot tell.
     */
    default String failure() {
        return null;
    }

    /** Facts about the target worth a line in the console (where it runs, durability settings). */
    default List<String> describe() {
        return List.of();
    }
}
