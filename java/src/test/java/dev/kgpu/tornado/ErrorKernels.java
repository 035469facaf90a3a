// Kernels of TornadoErrorsTest: each used wrongly, or one the JVM frontend
// rejects.
package dev.kgpu.tornado;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;

public final class ErrorKernels {
    private ErrorKernels() {
    }

    /** A KernelContext kernel: it needs a WorkerGrid. */
    public static void add(KernelContext kc, float[] a, float[] b) {
        int i = kc.globalIdx;
        b[i] = a[i] + 1.0f;
    }

    /** A @Parallel kernel taking a float[] and a float. */
    public static void scale(float[] a, float f) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * f;
        }
    }

    /** An unsupported construct: it allocates an object (line 28: KG-E0101). */
    public static void allocates(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            Object tmp = new Object();
            a[i] = tmp != null ? a[i] : 0;
        }
    }
}
