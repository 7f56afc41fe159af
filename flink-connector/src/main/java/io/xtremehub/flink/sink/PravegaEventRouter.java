package io.xtremehub.flink.sink;

import java.io.Serializable;

/**
 * Picks the Pravega routing key of a record. Records with the same key land in the same
 * segment, in order; a null key lets Pravega spread the record freely.
 *
 * @param <T> the records routed
 */
@FunctionalInterface
public interface PravegaEventRouter<T> extends Serializable {
    String routingKey(T record);
}
