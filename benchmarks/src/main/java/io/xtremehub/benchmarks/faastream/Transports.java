package io.xtremehub.benchmarks.faastream;

import java.util.List;

/** One way of passing events through a chain of functions, measured end to end. */
interface Transports extends AutoCloseable {
    /** A running chain of {@code length} pass-through functions. */
    interface Chain extends AutoCloseable {
        void send(byte[] event) throws Exception;

        /** Blocks for the next output event (null on timeout). */
        byte[] receive(long timeoutMillis) throws Exception;

        @Override
        void close() throws Exception;
    }

    String name();

    Chain chain(int length, int eventSize) throws Exception;

    /**
     * Batch: passes the given events through one function with {@code workers} parallel workers and
     * returns the seconds from start until every output exists.
     */
    double batch(List<byte[]> events, int workers) throws Exception;
}
