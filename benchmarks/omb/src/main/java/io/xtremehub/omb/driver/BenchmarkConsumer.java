package io.xtremehub.omb.driver;

/** A running consumer; closing it stops delivery to its callback. */
public interface BenchmarkConsumer extends AutoCloseable {
}
