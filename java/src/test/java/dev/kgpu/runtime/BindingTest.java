// JUnit 5 suite of the FFM binding dev.kgpu.runtime (docs/jvm-host.md,
// docs/jvm-packaging.md), run by Maven Surefire on the device KGPU_DEVICE
// names (test/JVMPackaging/maven-*.test: the CPU device and lavapipe), the
// native libraries from -Dkgpu.library.path.
package dev.kgpu.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kgpu.runtime.kernels.Allocates;
import dev.kgpu.runtime.kernels.VectorAdd;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class BindingTest {
    static final int N = 1000;
    static Device device;
    static float[] a = new float[N];
    static float[] b = new float[N];
    static float[] ref = new float[N];

    @BeforeAll
    static void setUp() {
        device = TestDevices.open();
        for (int i = 0; i < N; i++) {
            a[i] = i * 0.25f - 7.0f;
            b[i] = (i % 13) * 1.5f;
        }
        VectorAdd.add(a, b, ref); // the reference: the kernel itself on the JVM
        System.out.println("BindingTest device: " + device.info());
    }

    @AfterAll
    static void tearDown() {
        device.close();
    }

    @Test
    void deviceListHasTheCpuAndTheDeviceUnderTest() {
        List<DeviceInfo> all = Device.list();
        assertTrue(all.stream().anyMatch(d -> d.backend().equals("cpu")), "no CPU device in " + all);
        String want = System.getenv("KGPU_DEVICE");
        if (want != null && !want.isEmpty()) {
            String spec = device.info().spec();
            assertTrue(spec.equals(want) || spec.startsWith(want + ":"),
                    "KGPU_DEVICE=" + want + " opened " + spec);
        }
        assertTrue(all.stream().anyMatch(d -> d.spec().equals(device.info().spec())),
                device.info() + " is not in " + all);
        assertTrue(device.info().maxWorkgroupInvocations() > 0);
    }

    @Test
    void vectorAddCompiledFromAJavaClassInProcess() {
        Bundle bundle = Compiler.compile(TestDevices.classBytes(VectorAdd.class), "VectorAdd.class",
                Compiler.Options.defaults().targets(TestDevices.target(device)));
        try (Module module = bundle.load(device);
                Buffer ba = device.createBuffer(4L * N);
                Buffer bb = device.createBuffer(4L * N);
                Buffer bc = device.createBuffer(4L * N)) {
            Kernel k = module.kernel("add");
            assertEquals(Kernel.Model.PARALLEL_LOOP, k.model());
            assertEquals("[read f32[] a, read f32[] b, write f32[] c]", k.params().toString());
            ba.upload(MemorySegment.ofArray(a));
            bb.upload(MemorySegment.ofArray(b));
            long ns = k.launch(LaunchConfig.defaults(), ba, bb, bc);
            assertTrue(ns >= 0);
            float[] c = new float[N];
            bc.download(MemorySegment.ofArray(c));
            assertArrayEquals(ref, c, 0.0f, "the device's vector add differs from the JVM's");
        }
    }

    @Test
    void zeroCopyOnTheCpuRefusedOnVulkan() {
        Bundle bundle = Compiler.compile(TestDevices.classBytes(VectorAdd.class), "VectorAdd.class",
                Compiler.Options.defaults().targets(TestDevices.target(device)));
        try (Arena arena = Arena.ofShared(); Module module = bundle.load(device)) {
            MemorySegment sa = arena.allocate(4L * N, 64);
            MemorySegment sb = arena.allocate(4L * N, 64);
            MemorySegment sc = arena.allocate(4L * N, 64);
            MemorySegment.copy(MemorySegment.ofArray(a), 0, sa, 0, 4L * N);
            MemorySegment.copy(MemorySegment.ofArray(b), 0, sb, 0, 4L * N);
            if (!device.info().backend().equals("cpu")) {
                KgpuException e = assertThrows(KgpuException.class, () -> device.wrap(sa));
                assertEquals("KGPU_ERROR_UNSUPPORTED", e.statusName());
                return;
            }
            try (Buffer wa = device.wrap(sa); Buffer wb = device.wrap(sb); Buffer wc = device.wrap(sc)) {
                assertEquals(sc.address(), wc.nativeHandle(), "the buffer is not the segment itself");
                assertTrue(wc.isExternal());
                module.kernel("add").launch(LaunchConfig.defaults(), wa, wb, wc);
                // Read from the segment: no download.
                float[] c = sc.toArray(ValueLayout.JAVA_FLOAT);
                assertArrayEquals(ref, c, 0.0f);
            }
        }
    }

    @Test
    void argumentMismatchIsAKgpuException() {
        Bundle bundle = Compiler.compile(TestDevices.classBytes(VectorAdd.class), "VectorAdd.class",
                Compiler.Options.defaults().targets(TestDevices.target(device)));
        try (Module module = bundle.load(device); Buffer ba = device.createBuffer(4L * N)) {
            Kernel k = module.kernel("add");
            KgpuException e = assertThrows(KgpuException.class,
                    () -> k.launch(LaunchConfig.defaults(), ba, ba, 1.0f));
            assertEquals("KGPU_ERROR_ARGUMENT_MISMATCH", e.statusName());
            assertTrue(e.getMessage().startsWith("kgpu_launch_sync(add): "), e.getMessage());
        }
    }

    @Test
    void compileErrorIsLocated() {
        CompileException e = assertThrows(CompileException.class,
                () -> Compiler.compile(TestDevices.classBytes(Allocates.class), "Allocates.class",
                        Compiler.Options.defaults().targets(TestDevices.target(device))));
        assertTrue(e.getMessage().contains("Allocates.java:12:"), e.getMessage());
        assertTrue(e.getMessage().contains("a kernel cannot allocate objects"), e.getMessage());
        assertFalse(e.diagnostics().isEmpty());
        Diagnostic d = e.diagnostics().get(0);
        assertEquals("Allocates.java", d.file());
        assertEquals(12, d.line());
    }
}
