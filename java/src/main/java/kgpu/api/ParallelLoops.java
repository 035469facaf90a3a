// kgpu's own kernel annotation (docs/jvm-api.md).
package kgpu.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the parallel loops of a method by the names of their induction
 * variables, for compilers that cannot put {@code @Parallel} on a loop
 * variable: Groovy 6.0.0 crashes on a type annotation of a primitive local
 * (GROOVY-12540) and drops type annotations on locals under
 * {@code @CompileStatic} (GROOVY-12541).
 *
 * <pre>
 * &#64;ParallelLoops(["i", "j"])
 * static void add(float[] a, float[] b, float[] c, int n) {
 *     for (int i = 0; i &lt; n; i++) { for (int j = 0; j &lt; n; j++) { ... } }
 * }
 * </pre>
 *
 * kgpu finds each named variable in the method's LocalVariableTable and
 * treats the loop it counts exactly as a {@code @Parallel} loop (1 to 3
 * nested loops; the innermost is dimension 0).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ParallelLoops {
    /** The names of the loop variables of the parallel loops. */
    String[] value();
}
