package io.xtremehub.omb.runner;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Which sequence numbers each producer had acknowledged and each subscription received, to prove
 * every acknowledged message reached every subscription of its topic exactly once.
 */
final class DeliveryLedger {
    private final BitSet[] acked;
    private final BitSet[][] received;
    private final long[] duplicates;
    private final int[] producerTopic;
    private final int[] subscriptionTopic;

    /** Producer {@code p} writes to topic {@code producerTopic[p]}; subscription {@code s} reads {@code subscriptionTopic[s]}. */
    DeliveryLedger(int[] producerTopic, int[] subscriptionTopic) {
        this.producerTopic = producerTopic;
        this.subscriptionTopic = subscriptionTopic;
        int producers = producerTopic.length;
        int subscriptions = subscriptionTopic.length;
        acked = new BitSet[producers];
        received = new BitSet[subscriptions][producers];
        duplicates = new long[subscriptions];
        for (int p = 0; p < producers; p++) {
            acked[p] = new BitSet();
            for (int s = 0; s < subscriptions; s++) {
                received[s][p] = new BitSet();
            }
        }
    }

    void acknowledged(int producer, long sequence) {
        BitSet b = acked[producer];
        synchronized (b) {
            b.set(Math.toIntExact(sequence));
        }
    }

    void received(int subscription, int producer, long sequence) {
        BitSet b = received[subscription][producer];
        synchronized (b) {
            int i = Math.toIntExact(sequence);
            if (b.get(i)) {
                synchronized (duplicates) {
                    duplicates[subscription]++;
                }
            } else {
                b.set(i);
            }
        }
    }

    /** Compares what was received with what was acknowledged. */
    DeliveryReport report() {
        long ack = 0;
        long missing = 0;
        long dup = 0;
        for (BitSet a : acked) {
            synchronized (a) {
                ack += a.cardinality();
            }
        }
        for (int s = 0; s < received.length; s++) {
            synchronized (duplicates) {
                dup += duplicates[s];
            }
            for (int p = 0; p < acked.length; p++) {
                if (producerTopic[p] != subscriptionTopic[s]) {
                    continue;
                }
                BitSet lost;
                synchronized (acked[p]) {
                    lost = (BitSet) acked[p].clone();
                }
                synchronized (received[s][p]) {
                    lost.andNot(received[s][p]);
                }
                missing += lost.cardinality();
            }
        }
        int perTopic = received.length / Math.max(1, (int) Arrays.stream(subscriptionTopic).distinct().count());
        return new DeliveryReport(ack, perTopic, missing, dup);
    }
}
