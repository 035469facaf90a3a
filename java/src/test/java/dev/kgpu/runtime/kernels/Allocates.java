// A kernel the JVM frontend rejects: it allocates an array (line 12).
package dev.kgpu.runtime.kernels;

import uk.ac.manchester.tornado.api.annotations.Parallel;

public final class Allocates {
    private Allocates() {
    }

    public static void scale(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            float[] tmp = new float[4];
            a[i] = tmp[0] + a[i];
        }
    }
}
