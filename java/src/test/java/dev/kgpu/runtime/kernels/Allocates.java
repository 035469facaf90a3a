// A kernel the JVM frontend rejects: it allocates an object (line 12).
package dev.kgpu.runtime.kernels;

import uk.ac.manchester.tornado.api.annotations.Parallel;

public final class Allocates {
    private Allocates() {
    }

    public static void scale(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            Object tmp = new Object();
            a[i] = tmp != null ? a[i] : 0;
        }
    }
}
