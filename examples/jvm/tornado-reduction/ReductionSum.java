// kgpu example: the @Reduce sum of TornadoVM's "@Parallel and @Reduce"
// guide ("Reduction Examples"): the class and its main as the guide writes
// them, run by kgpu's TornadoVM host API (docs/jvm-host.md). Added to the
// guide: the input's length from the command line (default the guide's
// 1 << 20), a print of the device and the time, and a check of the result
// against the same method run on the JVM. Exits 1 on a mismatch.
//
//   build/examples/jvm/tornado-reduction [N]   (KGPU_DEVICE=cpu|vulkan|cuda)
import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;

public class ReductionSum {

    // The accumulator is a single-element array so the JIT can
    // allocate the per-block partial-results buffer at the right size.
    public static void sum(float[] input, @Reduce float[] result) {
        result[0] = 0.0f;
        for (@Parallel int i = 0; i < input.length; i++) {
            result[0] += input[i];
        }
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        float[] input  = new float[n];
        float[] result = new float[]{ 0.0f };

        // fill input ...
        for (int i = 0; i < n; i++) input[i] = 1.0f;

        TaskGraph tg = new TaskGraph("reduction")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, input)
            .task("sum", ReductionSum::sum, input, result)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, result);

        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            long t0 = System.nanoTime();
            TornadoExecutionResult done = plan.execute();
            long t1 = System.nanoTime();
            System.out.println("tornado-reduction: sum of " + n + " floats, on " + plan.getDevice().getKgpuSpec()
                    + " (" + plan.getDevice().getDescription() + ")");
            System.out.printf("  execute: %.3f ms (kernel %.3f ms, with compiling the kernel)%n", (t1 - t0) / 1e6,
                    done.getProfilerResult().getDeviceKernelTime() / 1e6);
        }

        System.out.println("Sum = " + result[0]); // expected: 1048576.0

        // The check: the same method on the JVM.
        float[] ref = new float[]{ 0.0f };
        sum(input, ref);
        if (result[0] != ref[0]) {
            System.out.println("tornado-reduction: FAILED: the device's sum " + result[0] + " is not the JVM's " + ref[0]);
            System.exit(1);
        }
        System.out.println("tornado-reduction: PASSED (the JVM's sum, " + ref[0] + ")");
    }
}
