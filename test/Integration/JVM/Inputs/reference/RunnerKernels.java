// Kernels for ../../runner.test: the reference runner's arguments, outputs
// and errors.
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;

public class RunnerKernels {
    /** Leaves its buffers alone: --out writes what the generators made. */
    public static void buffers(float[] f, double[] d, int[] i, long[] l, int n) {
    }

    public static void nativeBuffers(FloatArray f, DoubleArray d, IntArray i, LongArray l, int n) {
    }

    public static void scalars(float a, double b, int c, long d, boolean e, float[] fout, long[] lout) {
        fout[0] = a;
        fout[1] = (float) b;
        fout[2] = e ? 1.0f : 0.0f;
        lout[0] = c;
        lout[1] = d;
    }

    public static void overload(int[] x) {
        x[0] = 1;
    }

    public static void overload(float[] x) {
        x[0] = 2.0f;
    }

    public static void outOfBounds(int[] x) {
        x[x.length] = 1;
    }

    public static void ids(int[] out, KernelContext kc) {
        int i = kc.globalIdy * kc.globalGroupSizeX + kc.globalIdx;
        out[i] = kc.groupIdx * 1000 + kc.groupIdy * 100 + kc.localIdx * 10 + kc.localIdy;
    }
}
