// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the induction variable of a parallel loop: {@code for (@Parallel int
 * i = 0; i < n; i++)}. One to three nested annotated loops give a 1-D to 3-D
 * iteration space; the innermost annotated loop is dimension 0. javac keeps
 * the annotation as a {@code LOCAL_VARIABLE} entry of the method's
 * {@code RuntimeVisibleTypeAnnotations}, which is what kgpu reads.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.LOCAL_VARIABLE, ElementType.TYPE, ElementType.TYPE_USE, ElementType.TYPE_PARAMETER})
public @interface Parallel {
}
