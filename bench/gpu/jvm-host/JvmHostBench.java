// The JVM examples' kernels timed through the JVM host on the default device
// (KGPU_DEVICE), for bench/gpu/jvm-host-device.sh's table against the same
// bundles launched by kgpu-run. The kernels are the examples' own
// (examples/jvm: TiledMxM::matMulTiled, ReductionSum::sum, the Groovy
// VectorAdd::vectorAdd and Mandelbrot::mandel, the Kotlin saxpy and
// mandelbrot), their classes on the class path with their bundles as
// class-path resources (META-INF/kgpu/<Class>.kgpu; kernels/NAME.kgpu for
// the Kotlin IR ones), so nothing is compiled at run time. Each kernel runs
// WARM (and at least -DwarmupMs) + REPS times through TaskGraph/TornadoExecutionPlan (the Kotlin ones
// through KgpuGpu); the line gives the median of the host's kernel times
// (the profiler's getDeviceKernelTime, KgpuResult.nanos) and of the whole
// execute, in the format of kgpu-run's --repeat line so the script can
// compare them, and a checksum of the output.
//   java ... JvmHostBench NAME [REPS]
import dev.kgpu.kotlin.host.KgpuGpu;
import dev.kgpu.kotlin.host.KgpuKernel;
import dev.kgpu.kotlin.host.KgpuResult;
import java.util.Arrays;
import java.util.Map;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.WorkerGrid2D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class JvmHostBench {
    static final int WARM = 2;
    /** Untimed executions first for at least this long (-DwarmupMs, default
     *  1000): the H200 under Vulkan keeps its idle clock otherwise, as
     *  kgpu-run's --warmup (bench/RESULTS.md, issue 13). */
    static final long WARM_NS = Long.getLong("warmupMs", 1000) * 1_000_000L;

    interface Run {
        /** One execution; returns the kernel time in ns. */
        long run();
    }

    static void report(String name, String size, int reps, Run r, java.util.function.Supplier<String> checksum) {
        long warmStart = System.nanoTime();
        for (int i = 0; i < WARM || System.nanoTime() - warmStart < WARM_NS; i++) {
            r.run();
        }
        long[] kernel = new long[reps];
        long[] wall = new long[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            kernel[i] = r.run();
            wall[i] = System.nanoTime() - t0;
        }
        Arrays.sort(kernel);
        Arrays.sort(wall);
        System.out.printf("jvm-host %s %s: kernel median %.3f us (min %.3f), execute median %.3f us%n", name, size,
                kernel[reps / 2] / 1e3, kernel[0] / 1e3, wall[reps / 2] / 1e3);
        System.out.println("jvm-host " + name + " checksum: " + checksum.get());
    }

    static long graph(TornadoExecutionPlan plan) {
        TornadoExecutionResult r = plan.execute();
        return r.getProfilerResult().getDeviceKernelTime();
    }

    static FloatArray ramp(int n, int mod, float scale) {
        FloatArray a = new FloatArray(n);
        for (int i = 0; i < n; i++) {
            a.set(i, (i % mod) * scale);
        }
        return a;
    }

    public static void main(String[] args) throws Throwable {
        String name = args[0];
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        switch (name) {
            case "tornado-matmul" -> {
                int n = Integer.parseInt(System.getProperty("size", "4096"));
                FloatArray a = ramp(n * n, 17, 0.125f);
                FloatArray b = ramp(n * n, 13, 0.25f);
                FloatArray c = new FloatArray(n * n);
                TaskGraph tg = new TaskGraph("s0").transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b)
                        .task("t0", TiledMxM::matMulTiled, new KernelContext(), a, b, c, n)
                        .transferToHost(DataTransferMode.EVERY_EXECUTION, c);
                WorkerGrid w = new WorkerGrid2D(n, n);
                w.setLocalWork(32, 32, 1);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
                    plan.withGridScheduler(new GridScheduler("s0.t0", w));
                    report(name, n + "x" + n, reps, () -> graph(plan), () -> sum(c));
                }
            }
            case "tornado-reduction" -> {
                int n = Integer.parseInt(System.getProperty("size", String.valueOf(1 << 26)));
                float[] input = new float[n];
                Arrays.fill(input, 1.0f);
                float[] result = {0.0f};
                TaskGraph tg = new TaskGraph("reduction").transferToDevice(DataTransferMode.FIRST_EXECUTION, input)
                        .task("sum", ReductionSum::sum, input, result)
                        .transferToHost(DataTransferMode.EVERY_EXECUTION, result);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
                    report(name, String.valueOf(n), reps, () -> graph(plan), () -> "sum=" + result[0]);
                }
            }
            case "groovy-vadd" -> {
                int n = Integer.parseInt(System.getProperty("size", String.valueOf(1 << 26)));
                FloatArray a = ramp(n, 1000, 0.001f);
                FloatArray b = ramp(n, 7, 0.25f);
                FloatArray c = new FloatArray(n);
                TaskGraph tg = new TaskGraph("s0").transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b)
                        .task("t0", VectorAdd::vectorAdd, new KernelContext(), a, b, c)
                        .transferToHost(DataTransferMode.EVERY_EXECUTION, c);
                WorkerGrid w = new WorkerGrid1D(n);
                w.setLocalWork(256, 1, 1);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
                    plan.withGridScheduler(new GridScheduler("s0.t0", w));
                    report(name, String.valueOf(n), reps, () -> graph(plan), () -> sum(c));
                }
            }
            case "groovy-mandelbrot" -> {
                int width = Integer.getInteger("width", 3840);
                int height = Integer.getInteger("height", 3200);
                IntArray out = new IntArray(width * height);
                TaskGraph tg = new TaskGraph("s0")
                        .task("t0", Mandelbrot::mandel, new KernelContext(), out, width, height)
                        .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
                WorkerGrid w = new WorkerGrid2D(width, height);
                w.setLocalWork(16, 16, 1);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
                    plan.withGridScheduler(new GridScheduler("s0.t0", w));
                    report(name, width + "x" + height, reps, () -> graph(plan), () -> sum(out));
                }
            }
            case "kotlin-saxpy" -> {
                int n = Integer.parseInt(System.getProperty("size", String.valueOf(1 << 26)));
                float[] x = new float[n];
                float[] y = new float[n];
                for (int i = 0; i < n; i++) {
                    x[i] = (i % 1000) * 0.001f - 0.5f;
                    y[i] = (i % 7) * 0.25f;
                }
                try (KgpuGpu gpu = KgpuGpu.Companion.create()) {
                    gpu.loadResource("kernels/saxpy.kgpu", JvmHostBench.class.getClassLoader());
                    KgpuKernel k = gpu.kernel("saxpy");
                    KgpuResult[] last = new KgpuResult[1];
                    report(name, String.valueOf(n), reps, () -> {
                        last[0] = k.run(n, Map.of("alpha", 2.5f), Map.of("x", x, "y", y));
                        return last[0].getNanos();
                    }, () -> "y[1]=" + last[0].floats("y")[1]);
                }
            }
            case "kotlin-mandelbrot" -> {
                int width = Integer.getInteger("width", 3840);
                int height = Integer.getInteger("height", 3200);
                int[] it = new int[width * height];
                try (KgpuGpu gpu = KgpuGpu.Companion.create()) {
                    gpu.loadResource("kernels/mandelbrot.kgpu", JvmHostBench.class.getClassLoader());
                    KgpuKernel k = gpu.kernel("mandelbrot");
                    KgpuResult[] last = new KgpuResult[1];
                    report(name, width + "x" + height, reps, () -> {
                        last[0] = k.run(width, height, Map.of("width", width, "height", height, "maxIter", 1000),
                                Map.of("iterations", it));
                        return last[0].getNanos();
                    }, () -> "sum=" + Arrays.stream(last[0].ints("iterations")).asLongStream().sum());
                }
            }
            default -> throw new IllegalArgumentException("no bench " + name);
        }
    }

    static String sum(FloatArray a) {
        double s = 0;
        for (int i = 0; i < a.getSize(); i++) {
            s += a.get(i);
        }
        return "sum=" + s;
    }

    static String sum(IntArray a) {
        long s = 0;
        for (int i = 0; i < a.getSize(); i++) {
            s += a.get(i);
        }
        return "sum=" + s;
    }
}
