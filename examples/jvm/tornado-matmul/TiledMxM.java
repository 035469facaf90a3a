// kgpu example: the tiled matrix multiplication of TornadoVM's Kernel API
// guide ("Complete Example: Tiled Matrix Multiplication"): the kernel
// (KernelContext, local memory, barriers) and the host code (WorkerGrid2D,
// GridScheduler, TaskGraph, TornadoExecutionPlan) as the guide writes them,
// run by kgpu's TornadoVM host API (docs/jvm-host.md). Added to the guide:
// the matrices' size from the command line, a print of the device and the
// time, and a check of matC against the same method run on the JVM
// (kgpu.jvm.WorkGroupExecutor: one Java thread per work-item, real
// barriers), bit for bit. Exits 1 on a mismatch.
//
//   build/examples/jvm/tornado-matmul [SIZE]   (a multiple of 32; KGPU_DEVICE=cpu|vulkan|cuda)
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
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 128;
        if (size <= 0 || size % TS != 0) {
            System.err.println("tornado-matmul: SIZE must be a positive multiple of " + TS);
            System.exit(2);
        }
        FloatArray matA = new FloatArray(size * size);
        FloatArray matB = new FloatArray(size * size);
        FloatArray matC = new FloatArray(size * size);
        Random r = new Random(7);
        for (int i = 0; i < size * size; i++) {
            matA.set(i, r.nextFloat());
            matB.set(i, r.nextFloat());
        }

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
            long t0 = System.nanoTime();
            plan.withGridScheduler(scheduler).execute();
            long t1 = System.nanoTime();
            // Again: the kernel is compiled now, matA and matB on the device.
            TornadoExecutionResult again = plan.withGridScheduler(scheduler).execute();
            long t2 = System.nanoTime();
            System.out.println("tornado-matmul: " + size + "x" + size + " tiled (" + TS + "x" + TS
                    + " work-groups), on " + plan.getDevice().getKgpuSpec() + " (" + plan.getDevice().getDescription() + ")");
            System.out.printf("  first execute: %.3f ms (with compiling the kernel)%n", (t1 - t0) / 1e6);
            System.out.printf("  execute:       %.3f ms (kernel %.3f ms)%n", (t2 - t1) / 1e6,
                    again.getProfilerResult().getDeviceKernelTime() / 1e6);
        }

        // The check: the same method on the JVM, one Java thread per work-item.
        FloatArray ref = new FloatArray(size * size);
        kgpu.jvm.WorkGroupExecutor.run(new int[] {size, size}, new int[] {TS, TS},
                kc -> matMulTiled(kc, matA, matB, ref, size));
        int bad = 0;
        for (int i = 0; i < size * size; i++) {
            if (Float.floatToRawIntBits(matC.get(i)) != Float.floatToRawIntBits(ref.get(i))) {
                bad++;
            }
        }
        if (bad != 0) {
            System.out.println("tornado-matmul: FAILED: " + bad + " of " + size * size + " elements differ from the JVM's");
            System.exit(1);
        }
        System.out.println("tornado-matmul: PASSED (bit-identical to the JVM)");
    }
}
