// A TornadoVM-style @Parallel kernel that BindingTest compiles from its class
// bytes in process (libkgpu_compiler) and checks against this same method
// run on the JVM.
package dev.kgpu.runtime.kernels;

import uk.ac.manchester.tornado.api.annotations.Parallel;

public final class VectorAdd {
    private VectorAdd() {
    }

    public static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] * 0.5f + b[i];
        }
    }
}
