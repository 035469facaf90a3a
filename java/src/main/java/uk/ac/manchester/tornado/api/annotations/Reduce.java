// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a reduction output: an array parameter whose element 0 accumulates
 * {@code result[0] = result[0] OP x} over a parallel loop (OP one of + * min
 * max &amp; | ^, on int, long, float or double). The value left in element 0
 * before the launch is the starting value.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.LOCAL_VARIABLE, ElementType.FIELD})
public @interface Reduce {
}
