// Kernels for TornadoHostTest (data movement, the caches, errors).
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class HostKernels {
    public static void scale(float[] a, float[] b, float f) {
        for (@Parallel int i = 0; i < a.length; i++) {
            b[i] = a[i] * f;
        }
    }

    public static void addTo(float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = c[i] + b[i];
        }
    }

    public static void vadd(KernelContext kc, FloatArray a, FloatArray b, FloatArray c) {
        int i = kc.globalIdx;
        c.set(i, a.get(i) + b.get(i));
    }

    public static void sumInt(int[] in, @Reduce int[] r) {
        for (@Parallel int i = 0; i < in.length; i++) {
            r[0] += in[i];
        }
    }

    public static void maxInt(int[] in, @Reduce int[] r) {
        for (@Parallel int i = 0; i < in.length; i++) {
            r[0] = Math.max(r[0], in[i]);
        }
    }

    /** No parallel loop and no KernelContext: a single-thread task. */
    public static void single(int[] out, int v) {
        out[0] = v * 2;
        out[1] = out[0] + 1;
    }
}
