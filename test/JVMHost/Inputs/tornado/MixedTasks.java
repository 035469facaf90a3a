// The guides' host code run by kgpu: the "Combining KernelContext and
// @Parallel Tasks" graph of tornadovm-kernel-api.txt (as written there),
// the 1-D and 2-D @Parallel kernels of tornadovm-parallel-reduce.txt with a
// TaskGraph around them; each result checked against the same methods run
// on the JVM, bit for bit.
import java.util.Random;

import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class MixedTasks {
    static int mismatches(FloatArray x, FloatArray y) {
        int bad = 0;
        for (int i = 0; i < x.getSize(); i++) {
            if (Float.floatToRawIntBits(x.get(i)) != Float.floatToRawIntBits(y.get(i))) bad++;
        }
        return bad;
    }

    static int mismatches(float[] x, float[] y) {
        int bad = 0;
        for (int i = 0; i < x.length; i++) {
            if (Float.floatToRawIntBits(x[i]) != Float.floatToRawIntBits(y[i])) bad++;
        }
        return bad;
    }

    public static void main(String[] args) throws Throwable {
        int size = 1024;
        Random r = new Random(1);
        FloatArray a = new FloatArray(size), b = new FloatArray(size), c = new FloatArray(size);
        for (int i = 0; i < size; i++) {
            a.set(i, r.nextFloat());
            b.set(i, r.nextFloat());
        }

        // The guide's code, unchanged.
        WorkerGrid1D grid = new WorkerGrid1D(size);
        GridScheduler scheduler = new GridScheduler();
        scheduler.addWorkerGrid("s0.t0", grid);   // t0 uses KernelContext
        scheduler.addWorkerGrid("s0.t1", grid);   // t1 uses KernelContext
        // t2 uses @Parallel — no entry needed in the scheduler

        KernelContext kc = new KernelContext();

        TaskGraph tg = new TaskGraph("s0")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, a, b)
            .task("t0", MyKernels::vectorAddKernel,  kc, a, b, c)     // KernelContext
            .task("t1", MyKernels::vectorMulKernel,  kc, c, b, c)     // KernelContext
            .task("t2", MyKernels::vectorSubAnnot,   c, b)            // @Parallel
            .transferToHost(DataTransferMode.EVERY_EXECUTION, c);

        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            TornadoExecutionResult res = plan.withGridScheduler(scheduler).execute();
            TornadoProfilerResult p = res.getProfilerResult();
            System.out.println("mixed: launches=" + p.getKgpuLaunches() + " toHost=" + p.getKgpuTransfersToHost()
                    + " kernelTime>=0=" + (p.getDeviceKernelTime() >= 0));
        }
        FloatArray ref = new FloatArray(size);
        KernelContext one = new KernelContext();
        kgpu.jvm.WorkGroupExecutor.run(new int[] {size}, new int[] {1}, k -> MyKernels.vectorAddKernel(k, a, b, ref));
        kgpu.jvm.WorkGroupExecutor.run(new int[] {size}, new int[] {1}, k -> MyKernels.vectorMulKernel(k, ref, b, ref));
        MyKernels.vectorSubAnnot(ref, b);
        System.out.println("mixed s0 (t0 t1 t2): " + mismatches(c, ref) + " mismatches against the JVM of " + size
                + (one.globalIdx == 0 ? "" : "?"));

        // The 1-D vector add of the @Parallel guide.
        float[] x = new float[1000], y = new float[1000], z = new float[1000], zr = new float[1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextFloat();
            y[i] = r.nextFloat();
        }
        TaskGraph t1 = new TaskGraph("vadd")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, y)
            .task("add", MyKernels::add, x, y, z)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, z);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(t1.snapshot())) {
            plan.execute();
        }
        MyKernels.add(x, y, zr);
        System.out.println("vadd float[] 1000: " + mismatches(z, zr) + " mismatches against the JVM");

        // The 2-D matrix add, M != N.
        int M = 24, N = 40;
        float[] ma = new float[M * N], mb = new float[M * N], mc = new float[M * N], mr = new float[M * N];
        for (int i = 0; i < M * N; i++) {
            ma[i] = r.nextFloat();
            mb[i] = r.nextFloat();
        }
        TaskGraph t2 = new TaskGraph("madd")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, ma, mb)
            .task("t0", MyKernels::matrixAdd, ma, mb, mc, M, N)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, mc);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(t2.snapshot())) {
            plan.execute();
        }
        MyKernels.matrixAdd(ma, mb, mr, M, N);
        System.out.println("matrixAdd 2-D " + M + "x" + N + ": " + mismatches(mc, mr) + " mismatches against the JVM");
    }
}
