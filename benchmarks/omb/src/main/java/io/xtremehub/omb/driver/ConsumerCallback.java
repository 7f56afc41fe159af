package io.xtremehub.omb.driver;

/** Receives every message a consumer reads, on the consumer's own thread. */
@FunctionalInterface
public interface ConsumerCallback {
    void messageReceived(byte[] payload);
}
