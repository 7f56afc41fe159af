package io.xtremehub.nexus.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of a stateful streamlet (a list, map or value) whose content Nexus keeps in the
 * metadata store across executions. Declared now; its full per-partition semantics arrive with the
 * mesh (swarmlet) work, see the design's section 8.4.3.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Persistent {
    /** Name of the state entry; defaults to the field name. */
    String value() default "";
}
