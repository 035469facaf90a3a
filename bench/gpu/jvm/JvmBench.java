// The Java kernels of the frontend benchmark: TornadoVM's @Parallel vector
// add and the KernelContext tiled matrix multiplication of TornadoVM's
// Kernel API documentation (TS = 32), as users write them. Their kgc twins
// are vadd.kgc and tiled_mxm.kgc.
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class JvmBench {
    private static final int TS = 32;

    public static void vectorAdd(FloatArray a, FloatArray b, FloatArray c) {
        for (@Parallel int i = 0; i < c.getSize(); i++) {
            c.set(i, a.get(i) + b.get(i));
        }
    }

    public static void matMulTiled(KernelContext kc, FloatArray A, FloatArray B, FloatArray C, int size) {
        int row = kc.localIdx;
        int col = kc.localIdy;
        int globalRow = TS * kc.groupIdx + row;
        int globalCol = TS * kc.groupIdy + col;
        float[] aSub = kc.allocateFloatLocalArray(TS * TS);
        float[] bSub = kc.allocateFloatLocalArray(TS * TS);
        float sum = 0.0f;
        int numTiles = size / TS;
        for (int t = 0; t < numTiles; t++) {
            int tiledRow = TS * t + row;
            int tiledCol = TS * t + col;
            aSub[col * TS + row] = A.get(tiledCol * size + globalRow);
            bSub[col * TS + row] = B.get(globalCol * size + tiledRow);
            kc.localBarrier();
            for (int k = 0; k < TS; k++) {
                sum += aSub[k * TS + row] * bSub[col * TS + k];
            }
            kc.localBarrier();
        }
        C.set(globalCol * size + globalRow, sum);
    }
}
