package io.xtremehub.testkit.cluster;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field the {@link EmbeddedCluster} extension fills: of type {@link TestCluster},
 * {@link io.xtremehub.testkit.RedisServer}, {@code ClientConfig}, {@code StreamManager} or
 * {@code S3Client}. Static fields are set before {@code @BeforeAll} methods run, instance fields
 * before each test.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Provided {
}
