package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * Maps an event to a value in {@code [0, 1)} that chooses the segment of the next stage's stream
 * it is written to: the segment whose key range contains the value. Routing is how FaaStream
 * shuffles: events with equal values always meet in the same segment, and an order-preserving
 * routing puts smaller keys in lower segments. See {@link Routings} for the built-ins.
 *
 * @param <T> event type
 */
@FunctionalInterface
public interface Routing<T> extends Serializable {
    /** The routing value of this event, at least 0 and below 1. */
    double route(T event);
}
