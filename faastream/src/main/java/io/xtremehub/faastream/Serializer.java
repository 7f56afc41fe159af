package io.xtremehub.faastream;

import java.io.Serializable;

/**
 * Turns events into bytes and back, for source streams and objects, the intermediate streams
 * between stages and the sinks. Built-ins are in {@link Serializers}; any implementation can be
 * plugged in. A deserializer that throws marks the event as undecodable: the job fails with an
 * error naming the stage and the event, or dead-letters it.
 *
 * @param <T> event type
 */
public interface Serializer<T> extends Serializable {
    byte[] serialize(T value);

    T deserialize(byte[] bytes);

    /** A short name for error messages. */
    default String name() {
        return getClass().getSimpleName();
    }
}
