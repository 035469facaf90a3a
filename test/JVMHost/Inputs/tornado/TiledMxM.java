// The tiled matrix multiplication of the TornadoVM Kernel API guide
// (../shared/seeds/tornadovm-kernel-api.txt): the kernel and the host code
// (WorkerGrid2D, GridScheduler, TaskGraph, execute) as the guide writes
// them, run by kgpu's host API; main then checks matC against the same
// kernel run on the JVM by kgpu's work-group executor, bit for bit.
import java.util.Random;

import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class TiledMxM {

    private static final int TS = 32; // tile size = local work-group size

    public static void matMulTiled(KernelContext kc,
                                   FloatArray A,
                                   FloatArray B,
                                   FloatArray C,
                                   int size) {
        // Thread indices within the work-group
        int row = kc.localIdx;
        int col = kc.localIdy;

        // Global position of this thread
        int globalRow = TS * kc.groupIdx + row;
        int globalCol = TS * kc.groupIdy + col;

        // Allocate shared memory tiles
        float[] aSub = kc.allocateFloatLocalArray(TS * TS);
        float[] bSub = kc.allocateFloatLocalArray(TS * TS);

        float sum = 0.0f;

        // Iterate over all tiles in the K dimension
        int numTiles = size / TS;
        for (int t = 0; t < numTiles; t++) {

            // Load one tile of A and B into shared memory
            int tiledRow = TS * t + row;
            int tiledCol = TS * t + col;
            aSub[col * TS + row] = A.get(tiledCol * size + globalRow);
            bSub[col * TS + row] = B.get(globalCol * size + tiledRow);

            // Wait until all threads have filled the tile
            kc.localBarrier();

            // Multiply within the tile
            for (int k = 0; k < TS; k++) {
                sum += aSub[k * TS + row] * bSub[col * TS + k];
            }

            // Wait before loading the next tile
            kc.localBarrier();
        }

        C.set(globalCol * size + globalRow, sum);
    }

    public static void main(String[] args) throws Throwable {
        int size = 64;
        FloatArray matA = new FloatArray(size * size);
        FloatArray matB = new FloatArray(size * size);
        FloatArray matC = new FloatArray(size * size);
        Random r = new Random(7);
        for (int i = 0; i < size * size; i++) {
            matA.set(i, r.nextFloat());
            matB.set(i, r.nextFloat());
        }

        // The guide's host code, unchanged.
        // Grid matches the matrix dimensions; local work-group = tile size
        WorkerGrid2D workerGrid = new WorkerGrid2D(size, size);
        workerGrid.setLocalWork(TiledMxM.TS, TiledMxM.TS, 1);

        GridScheduler scheduler = new GridScheduler("mxm.t0", workerGrid);
        KernelContext context    = new KernelContext();

        TaskGraph tg = new TaskGraph("mxm")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, matA, matB)
            .task("t0", TiledMxM::matMulTiled, context, matA, matB, matC, size)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, matC);

        ImmutableTaskGraph itg = tg.snapshot();

        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(itg)) {
            plan.withGridScheduler(scheduler).execute();
            System.out.println("device: " + plan.getDevice().getKgpuSpec());
        }

        // The same kernel on the JVM.
        FloatArray ref = new FloatArray(size * size);
        kgpu.jvm.WorkGroupExecutor.run(new int[] {size, size}, new int[] {TS, TS},
                kc -> matMulTiled(kc, matA, matB, ref, size));
        int bad = 0;
        for (int i = 0; i < size * size; i++) {
            if (Float.floatToRawIntBits(matC.get(i)) != Float.floatToRawIntBits(ref.get(i))) {
                bad++;
            }
        }
        System.out.println("tiled mxm " + size + "x" + size + ": " + bad + " mismatches against the JVM, C[0]=" + matC.get(0));
    }
}
