package io.xtremehub.nexus.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The descriptor of a streamlet class: its registered name and version, the operations it runs on,
 * its category, whether it keeps {@link Persistent} state and which hardware it needs.
 * Every streamlet class must carry it; {@link StreamletDescriptor#of(Class)} reads it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StreamletInfo {
    /** Registered name, e.g. {@code "gzip"}; letters, digits, '-', '_' and '.' only. */
    String name();

    /** Version of the stored format; bumped when an object written by an older version can no longer be read. */
    int version() default 1;

    /** Operations the streamlet runs on. */
    Operation on() default Operation.ALL;

    /** Category. */
    StreamletType type();

    /** Whether the streamlet keeps {@link Persistent} state. */
    boolean stateful() default false;

    /** Hardware the streamlet needs, e.g. {@code "gpu"}; empty for none. */
    String[] hardware() default {};
}
