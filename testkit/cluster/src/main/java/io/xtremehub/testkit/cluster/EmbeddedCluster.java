package io.xtremehub.testkit.cluster;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test class against the embedded cluster (ZooKeeper, a bookie, Pravega, Nexus as LTS)
 * on free ports. Tests receive a {@link TestCluster} (and, if asked, a {@link
 * io.xtremehub.testkit.RedisServer}) as a parameter or in a field marked {@link Provided}.
 *
 * <p>By default every class of the JVM shares one cluster, started by the first and stopped when
 * the last has run: tests must use names of their own ({@link TestCluster#newStream}) and must not
 * change what the cluster is. A class that stops, kills or reconfigures its cluster asks for
 * {@link Scope#CLASS}, optionally with a {@link #config} of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(EmbeddedClusterExtension.class)
public @interface EmbeddedCluster {
    /** Who shares the cluster. */
    Scope scope() default Scope.JVM;

    /** Also start a redis-server (one per JVM, or per class with {@link Scope#CLASS}). */
    boolean redis() default false;

    /** Settings of a class's own cluster; only with {@link Scope#CLASS}. */
    Class<? extends ClusterCustomizer> config() default ClusterCustomizer.Defaults.class;

    /** Who shares a cluster. */
    enum Scope {
        /** Every class of the test JVM that asks for this scope: the fast default. */
        JVM,
        /** This class alone: started before its first test, stopped after its last. */
        CLASS
    }
}
