package lombok;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lombok's marker on the code it generated in the Pravega client's classes: javac needs its class to
 * compile a subclass of one (the test's {@code HeldReads}), and Lombok is not a dependency here.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Generated {
}
