// The kernel of TornadoErrorsTest's missing-compiler case: its bundle is a
// class-path resource (META-INF/kgpu/dev/kgpu/tornado/ResourceKernels.kgpu),
// so it runs without libkgpu_compiler.
package dev.kgpu.tornado;

import uk.ac.manchester.tornado.api.annotations.Parallel;

public final class ResourceKernels {
    private ResourceKernels() {
    }

    public static void twice(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2.0f;
        }
    }
}
