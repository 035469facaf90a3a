// The JVM host's per-execute overhead (bench/jvm-host/overhead.sh): a
// 1-element @Parallel kernel executed through TaskGraph /
// TornadoExecutionPlan as a TornadoVM program does, on the default device
// (KGPU_DEVICE=cpu in the script), and the same kernel launched through the
// FFM binding alone (dev.kgpu.runtime.Kernel.launch, no host API), each
// after a warm-up; prints the median over batches of the mean time per call.
//   java ... Overhead [EXECUTIONS_PER_BATCH]
import dev.kgpu.runtime.Buffer;
import dev.kgpu.runtime.Device;
import dev.kgpu.runtime.Kernel;
import dev.kgpu.runtime.LaunchConfig;
import dev.kgpu.runtime.Module;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Arrays;
import uk.ac.manchester.tornado.api.ImmutableTaskGraph;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class Overhead {
    public static void inc(float[] a) {
        for (@Parallel int i = 0; i < a.length; i++) {
            a[i] += 1.0f;
        }
    }

    public static void incArray(FloatArray a) {
        for (@Parallel int i = 0; i < a.getSize(); i++) {
            a.set(i, a.get(i) + 1.0f);
        }
    }

    interface Body {
        void run() throws Exception;
    }

    static final int BATCHES = 7;

    /**
     * The mean microseconds per call of BODY over each of BATCHES batches
     * (after a warm-up): "median (min)" of the batches; the min is the
     * least disturbed by other work on the machine.
     */
    static String time(int n, Body body) throws Exception {
        for (int i = 0; i < Math.max(2000, n / 5); i++) {
            body.run();
        }
        double[] us = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                body.run();
            }
            us[b] = (System.nanoTime() - t0) / 1e3 / n;
        }
        Arrays.sort(us);
        return String.format("%.2f us (min %.2f us)", us[BATCHES / 2], us[0]);
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        String bundle = args.length > 1 ? args[1] : null;

        // 1. TaskGraph with a heap float[]: copied in and out every execution.
        float[] heap = new float[1];
        TaskGraph g1 = new TaskGraph("s0")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, heap)
                .task("t0", Overhead::inc, heap)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, heap);
        ImmutableTaskGraph ig1 = g1.snapshot();
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(ig1)) {
            String device = plan.getDevice().getKgpuSpec();
            String us = time(n, plan::execute);
            System.out.printf("jvm-host execute, float[] in+out every execution, on %s: %s%n", device, us);
        }
        // 2. TaskGraph with an off-heap FloatArray: zero-copy on the CPU.
        FloatArray off = new FloatArray(1);
        TaskGraph g2 = new TaskGraph("s1")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, off)
                .task("t0", Overhead::incArray, off)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, off);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g2.snapshot())) {
            String us = time(n, plan::execute);
            System.out.printf("jvm-host execute, FloatArray (zero-copy on the CPU): %s%n", us);
        }
        // 3. The binding alone: the bundle kgpu-translate made of Overhead::inc.
        if (bundle != null) {
            try (Device d = Device.open(); Module m = d.load(Path.of(bundle)); Arena arena = Arena.ofConfined()) {
                Kernel k = m.kernel("inc");
                MemorySegment host = arena.allocate(ValueLayout.JAVA_FLOAT, 1);
                try (Buffer buf = d.createBuffer(4)) {
                    LaunchConfig cfg = LaunchConfig.defaults();
                    String us = time(n, () -> k.launch(cfg, buf));
                    System.out.printf("binding launch alone: %s%n", us);
                    String us2 = time(n, () -> {
                        buf.upload(host);
                        k.launch(cfg, buf);
                        buf.download(host);
                    });
                    System.out.printf("binding upload+launch+download: %s%n", us2);
                }
            }
        }
    }
}
