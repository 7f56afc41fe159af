package io.xtremehub.faastream;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a {@link Transformer} as part of its state. FaaStream saves the values of
 * these fields (they must be {@link java.io.Serializable}) when a worker hands its work to a
 * successor and restores them in the successor before it processes any event. In an exactly-once
 * job they are also saved at every checkpoint and, after a failure, restored from the last
 * committed one together with the read positions.
 *
 * <p>These fields belong to the worker slot, not to a key: a reducer whose keys move between workers
 * (at roll-backs and resizes) keeps per-key values in a {@link KeyedState} field instead.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface State {
}
