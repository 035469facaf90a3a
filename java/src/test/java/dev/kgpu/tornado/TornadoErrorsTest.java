// The TornadoVM host API's errors (docs/jvm-host.md), each its exception and
// message, on the device under test (KGPU_DEVICE): no WorkerGrid for a
// KernelContext task, an unsupported construct (a located compile error),
// a wrong argument type (a buffer and a scalar), and, in JVMs of their own
// (the libraries stay loaded once found), a missing libkgpu_runtime and a
// missing libkgpu_compiler, which a program whose kernels are all bundles
// on the class path never loads.
package dev.kgpu.tornado;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kgpu.runtime.Compiler;
import dev.kgpu.runtime.TestDevices;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.exceptions.TornadoCompilationException;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

class TornadoErrorsTest {
    @TempDir
    static Path tmp;

    @BeforeAll
    static void cache() {
        System.setProperty("kgpu.cache.dir", tmp.resolve("cache").toString());
    }

    private static RuntimeException execute(TaskGraph tg) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            return assertThrows(RuntimeException.class, plan::execute);
        }
    }

    @Test
    void noWorkerGrid() {
        float[] a = new float[64];
        float[] b = new float[64];
        RuntimeException e = execute(new TaskGraph("s0").transferToDevice(DataTransferMode.EVERY_EXECUTION, a)
                .task("t0", ErrorKernels::add, new KernelContext(), a, b)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, b));
        assertEquals(TornadoRuntimeException.class, e.getClass(), e.toString());
        assertEquals("[ERROR] task 's0.t0' (ErrorKernels::add) takes a KernelContext, so it needs a WorkerGrid: "
                + "give the plan withGridScheduler(new GridScheduler(\"s0.t0\", new WorkerGrid1D(n))) "
                + "(the plan has no GridScheduler)", e.getMessage());
    }

    @Test
    void unsupportedConstruct() {
        float[] a = new float[16];
        RuntimeException e = execute(new TaskGraph("bad").task("t0", ErrorKernels::allocates, a)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, a));
        assertEquals(TornadoCompilationException.class, e.getClass(), e.toString());
        String m = e.getMessage();
        assertTrue(m.startsWith("[kgpu] task 'bad.t0' (ErrorKernels::allocates) does not compile for "), m);
        assertTrue(m.contains("ErrorKernels.java:28:0: error: KG-E0101: a kernel cannot allocate objects"
                + " in ErrorKernels.allocates"), m);
    }

    @Test
    void wrongArgumentType() {
        int[] ints = new int[16];
        float[] a = new float[16];
        @SuppressWarnings({"unchecked", "rawtypes"})
        RuntimeException e = execute(new TaskGraph("w").task("t0", (uk.ac.manchester.tornado.api.TornadoFunctions.Task2)
                (uk.ac.manchester.tornado.api.TornadoFunctions.Task2<float[], Float>) ErrorKernels::scale, ints, 2.0f));
        assertEquals(TornadoRuntimeException.class, e.getClass(), e.toString());
        assertEquals("[ERROR] task 'w.t0' (ErrorKernels::scale): argument 1 ('a', read_write f32[] a) is an int[]; "
                + "it takes a float[] or FloatArray", e.getMessage());
        @SuppressWarnings({"unchecked", "rawtypes"})
        RuntimeException s = execute(new TaskGraph("w2").task("t0", (uk.ac.manchester.tornado.api.TornadoFunctions.Task2)
                (uk.ac.manchester.tornado.api.TornadoFunctions.Task2<float[], Float>) ErrorKernels::scale, a, 2));
        assertEquals(TornadoRuntimeException.class, s.getClass(), s.toString());
        assertEquals("[ERROR] task 'w2.t0' (ErrorKernels::scale): argument 2 ('f', f32 f) is a java.lang.Integer; "
                + "it takes a float", s.getMessage());
    }

    /** The child JVMs' program: runs ResourceKernels::twice (a bundle resource), then ErrorKernels::scale. */
    public static final class Main {
        private Main() {
        }

        public static void main(String[] args) {
            float[] a = {1, 2, 3, 4};
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(new TaskGraph("r")
                    .transferToDevice(DataTransferMode.EVERY_EXECUTION, a).task("t0", ResourceKernels::twice, a)
                    .transferToHost(DataTransferMode.EVERY_EXECUTION, a).snapshot())) {
                plan.execute();
                System.out.println("resource kernel: a[3] = " + a[3]);
            } catch (RuntimeException e) {
                System.out.println("resource kernel: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(new TaskGraph("c")
                    .transferToDevice(DataTransferMode.EVERY_EXECUTION, a).task("t0", ErrorKernels::scale, a, 0.5f)
                    .transferToHost(DataTransferMode.EVERY_EXECUTION, a).snapshot())) {
                plan.execute();
                System.out.println("compiled kernel: a[3] = " + a[3]);
            } catch (RuntimeException e) {
                System.out.println("compiled kernel: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }

    private static String child(Path libs, Path resources) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Dkgpu.library.path=" + libs, "-Dkgpu.cache=0", "-cp", resources + File.pathSeparator + cp,
                Main.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("KGPU_HOME");
        pb.environment().remove("LD_LIBRARY_PATH");
        pb.redirectErrorStream(true);
        Path log = Files.createTempFile(tmp, "child", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the child JVM did not finish");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** META-INF/kgpu/dev/kgpu/tornado/ResourceKernels.kgpu, compiled here for the device under test. */
    private static Path resources() throws IOException {
        Path res = tmp.resolve("res");
        Path file = res.resolve("META-INF/kgpu/dev/kgpu/tornado/ResourceKernels.kgpu");
        Files.createDirectories(file.getParent());
        try (var d = TestDevices.open()) {
            Compiler.compile(TestDevices.classBytes(ResourceKernels.class), "ResourceKernels.class",
                    Compiler.Options.defaults().targets(TestDevices.target(d))).save(file);
        }
        return res;
    }

    @Test
    void missingRuntimeLibrary() throws IOException, InterruptedException {
        Path nolib = Files.createDirectories(tmp.resolve("nolib"));
        String out = child(nolib, resources());
        assertTrue(out.contains("resource kernel: TornadoRuntimeException: [ERROR] kgpu: cannot list the devices: "
                + "kgpu: cannot load libkgpu_runtime.so; looked in: " + nolib + " (kgpu.library.path)"), out);
        assertTrue(out.contains("Set -Dkgpu.library.path=DIR or KGPU_HOME (DIR/lib)"), out);
    }

    @Test
    void missingCompilerLibrary() throws IOException, InterruptedException {
        Path libs = Files.createDirectories(tmp.resolve("runtime-only"));
        Path runtime = Path.of(System.getProperty("kgpu.library.path"), "libkgpu_runtime.so").toRealPath();
        Path link = Files.createSymbolicLink(libs.resolve("libkgpu_runtime.so"), runtime);
        String out = child(libs, resources());
        Files.delete(link);
        // The bundle on the class path runs: libkgpu_compiler is loaded lazily, only to compile.
        assertTrue(out.contains("resource kernel: a[3] = 8.0"), out);
        assertTrue(out.contains("compiled kernel: TornadoRuntimeException: [ERROR] task 'c.t0' (ErrorKernels::scale)"
                + " must be compiled for " + System.getenv().getOrDefault("KGPU_DEVICE", "") + ""), out);
        assertTrue(out.contains(", which needs libkgpu_compiler (or a bundle of its class on the class path, "
                + "META-INF/kgpu/dev/kgpu/tornado/ErrorKernels.kgpu): kgpu: cannot load libkgpu_compiler.so; looked in: "
                + libs + " (kgpu.library.path)"), out);
    }
}
