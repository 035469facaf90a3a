// Kernels for MixedTasks (the guides do not show MyKernels' bodies): two
// KernelContext tasks and a @Parallel one, and the guide's 1-D @Parallel
// vector add (VectorAdd.add of tornadovm-parallel-reduce.txt).
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class MyKernels {
    public static void vectorAddKernel(KernelContext kc, FloatArray a, FloatArray b, FloatArray c) {
        int i = kc.globalIdx;
        c.set(i, a.get(i) + b.get(i));
    }

    public static void vectorMulKernel(KernelContext kc, FloatArray a, FloatArray b, FloatArray c) {
        int i = kc.globalIdx;
        c.set(i, a.get(i) * b.get(i));
    }

    public static void vectorSubAnnot(FloatArray c, FloatArray b) {
        for (@Parallel int i = 0; i < c.getSize(); i++) {
            c.set(i, c.get(i) - b.get(i));
        }
    }

    public static void add(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    public static void matrixAdd(float[] a, float[] b, float[] c, int M, int N) {
        for (@Parallel int i = 0; i < M; i++) {
            for (@Parallel int j = 0; j < N; j++) {
                c[i * N + j] = a[i * N + j] + b[i * N + j];
            }
        }
    }
}
