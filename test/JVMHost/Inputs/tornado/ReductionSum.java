// The @Reduce sum of the TornadoVM Loop Parallel guide
// (../shared/seeds/tornadovm-parallel-reduce.txt), its class and main as the
// guide writes them; kgpuCheck then runs the same method on the JVM and
// compares.
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
        int n = 1 << 20;
        float[] input  = new float[n];
        float[] result = new float[]{ 0.0f };

        // fill input ...
        for (int i = 0; i < n; i++) input[i] = 1.0f;

        TaskGraph tg = new TaskGraph("reduction")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, input)
            .task("sum", ReductionSum::sum, input, result)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, result);

        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            plan.execute();
        }

        System.out.println("Sum = " + result[0]); // expected: 1048576.0
        kgpuCheck();
    }

    /** Integer data (exact in any order), against the JVM, and executed twice. */
    static void kgpuCheck() {
        int n = 5000;
        float[] input = new float[n];
        for (int i = 0; i < n; i++) input[i] = (i % 17) - 8;
        float[] result = {0.0f};
        float[] ref = {0.0f};
        sum(input, ref);
        TaskGraph tg = new TaskGraph("check")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, input)
            .task("sum", ReductionSum::sum, input, result)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, result);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            plan.execute();
            float first = result[0];
            plan.execute();
            System.out.println("check: device " + first + " then " + result[0] + ", JVM " + ref[0]
                    + ", equal=" + (first == ref[0] && result[0] == ref[0]));
        }
    }
}
