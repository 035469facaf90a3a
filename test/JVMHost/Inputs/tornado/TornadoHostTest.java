// kgpu's TornadoVM host API (docs/jvm-host.md): data movement with transfer
// counts, the compile caches, device selection, threads and every error.
// Usage: TornadoHostTest movement|cache|devices|threads|errors
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.runtime.TornadoRuntimeProvider;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class TornadoHostTest {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "movement" -> movement();
            case "cache" -> cache();
            case "devices" -> devices();
            case "threads" -> threads();
            case "errors" -> errors();
            case "soak" -> soak(Integer.parseInt(args[1]));
            case "missing" -> expect("missing library", () -> {
                TaskGraph g = new TaskGraph("m").task("t0", HostKernels::addTo, new float[4], new float[4]);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                    plan.execute();
                }
            });
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static String counts(TornadoExecutionResult r) {
        TornadoProfilerResult p = r.getProfilerResult();
        return "toDevice=" + p.getKgpuTransfersToDevice() + " toHost=" + p.getKgpuTransfersToHost()
                + " zeroCopy=" + p.getKgpuZeroCopyTransfers();
    }

    static float[] filled(int n, float base) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = base + i;
        return a;
    }

    static boolean same(float[] x, float[] y) {
        return java.util.Arrays.equals(x, y);
    }

    static float[] times(float[] a, float f) {
        float[] b = new float[a.length];
        HostKernels.scale(a, b, f);
        return b;
    }

    static void movement() {
        int n = 300;
        // FIRST_EXECUTION in, EVERY_EXECUTION out.
        float[] a = filled(n, 1), b = new float[n];
        TaskGraph g = new TaskGraph("m1")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
            .task("t0", HostKernels::scale, a, b, 2.0f)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, b);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
            System.out.println("first 1: " + counts(plan.execute()) + " ok=" + same(b, times(a, 2)));
            System.out.println("first 2: " + counts(plan.execute()) + " ok=" + same(b, times(a, 2)));
            float[] old = a.clone();
            a[0] = 1000;
            System.out.println("first 3 (host changed): " + counts(plan.execute()) + " device keeps the old a="
                    + same(b, times(old, 2)));
            plan.freeDeviceMemory();
            System.out.println("first 4 (after freeDeviceMemory): " + counts(plan.execute()) + " new a="
                    + same(b, times(a, 2)));
        }
        // EVERY_EXECUTION in.
        float[] e = filled(n, 5), eb = new float[n];
        TaskGraph g2 = new TaskGraph("m2")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, e)
            .task("t0", HostKernels::scale, e, eb, 3.0f)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, eb);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g2.snapshot())) {
            plan.execute();
            e[7] = -1;
            System.out.println("every 2 (host changed): " + counts(plan.execute()) + " follows=" + same(eb, times(e, 3)));
        }
        // UNDER_DEMAND out, and FIRST_EXECUTION out.
        float[] u = filled(n, 2), ub = new float[n], fb = new float[n];
        TaskGraph g3 = new TaskGraph("m3")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, u)
            .task("t0", HostKernels::scale, u, ub, 4.0f)
            .task("t1", HostKernels::scale, u, fb, 5.0f)
            .transferToHost(DataTransferMode.UNDER_DEMAND, ub)
            .transferToHost(DataTransferMode.FIRST_EXECUTION, fb);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g3.snapshot())) {
            TornadoExecutionResult r = plan.execute();
            System.out.println("demand 1: " + counts(r) + " ub untouched=" + same(ub, new float[n]) + " fb=" + same(fb, times(u, 5)));
            r.transferToHost(ub);
            System.out.println("demand 1 after transferToHost(ub): " + counts(r) + " ub=" + same(ub, times(u, 4)));
            System.out.println("demand 2: " + counts(plan.execute()));
        }
        // Two tasks share b on the device; c goes both ways.
        float[] s = filled(n, 1), sb = new float[n], sc = filled(n, 100);
        float[] expect = sc.clone();
        HostKernels.addTo(times(s, 2), expect);
        TaskGraph g4 = new TaskGraph("m4")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, s, sc)
            .task("t0", HostKernels::scale, s, sb, 2.0f)
            .task("t1", HostKernels::addTo, sb, sc)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, sc);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g4.snapshot())) {
            System.out.println("shared: " + counts(plan.execute()) + " ok=" + same(sc, expect)
                    + " intermediate never on the host=" + same(sb, new float[n]));
        }
        // persistOnDevice / consumeFromDevice, in one plan and across plans.
        float[] pa = filled(n, 3), pb = new float[n], pc = new float[n];
        TaskGraph producer = new TaskGraph("producer")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, pa)
            .task("t0", HostKernels::scale, pa, pb, 3.0f)
            .persistOnDevice(pb);
        TaskGraph consumer = new TaskGraph("consumer")
            .consumeFromDevice("producer", pb)
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, pc)
            .task("t0", HostKernels::addTo, pb, pc)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, pc);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(producer.snapshot(), consumer.snapshot())) {
            System.out.println("persist (one plan, 2 graphs): " + counts(plan.execute()) + " ok=" + same(pc, times(pa, 3))
                    + " pb never on the host=" + same(pb, new float[n]));
            java.util.Arrays.fill(pc, 0);
            try (TornadoExecutionPlan other = new TornadoExecutionPlan(consumer.snapshot())) {
                System.out.println("persist (another plan): " + counts(other.execute()) + " ok=" + same(pc, times(pa, 3)));
            }
        }
        // Off-heap arrays: zero-copy on the CPU device, copies elsewhere.
        int m = 256;
        FloatArray fa = new FloatArray(m), fbb = new FloatArray(m), fc = new FloatArray(m);
        for (int i = 0; i < m; i++) { fa.set(i, i); fbb.set(i, 2 * i); }
        TaskGraph g5 = new TaskGraph("m5")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, fa, fbb)
            .task("t0", HostKernels::vadd, new KernelContext(), fa, fbb, fc)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, fc);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g5.snapshot())) {
            TornadoExecutionResult r = plan.withGridScheduler(new GridScheduler("m5.t0", new WorkerGrid1D(m)))
                .withProfiler(ProfilerMode.SILENT).execute();
            boolean ok = true;
            for (int i = 0; i < m; i++) ok &= fc.get(i) == 3 * i;
            System.out.println("FloatArray on " + plan.getDevice().getKgpuSpec() + ": " + counts(r) + " ok=" + ok);
        }
        // @Reduce: the host's r[0] is the first operand, every execution.
        int[] in = new int[1000];
        for (int i = 0; i < in.length; i++) in[i] = (i * 7919) % 1000 - 500;
        int[] r = {0}, mx = {Integer.MIN_VALUE};
        int[] rr = {0}, mr = {Integer.MIN_VALUE};
        HostKernels.sumInt(in, rr);
        HostKernels.maxInt(in, mr);
        TaskGraph g6 = new TaskGraph("red")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, in)
            .task("sum", HostKernels::sumInt, in, r)
            .task("max", HostKernels::maxInt, in, mx)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, r, mx);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g6.snapshot())) {
            plan.execute();
            System.out.println("reduce: sum " + r[0] + " (JVM " + rr[0] + ") max " + mx[0] + " (JVM " + mr[0] + ")");
            r[0] = 1000;
            plan.execute();
            System.out.println("reduce from 1000: " + r[0] + " (JVM " + (1000 + rr[0]) + ")");
        }
        // A single-thread task (no loop, no KernelContext).
        int[] out = new int[2];
        TaskGraph g7 = new TaskGraph("single")
            .task("t0", HostKernels::single, out, 21)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g7.snapshot())) {
            plan.execute();
            System.out.println("single-thread task: " + out[0] + " " + out[1]);
        }
        // A helper in another class.
        float[] ha = filled(100, 0.5f), hb = new float[100], hr = new float[100];
        HelperUser.apply(ha, hr);
        TaskGraph g8 = new TaskGraph("helper")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, ha)
            .task("t0", HelperUser::apply, ha, hb)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, hb);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g8.snapshot())) {
            plan.execute();
            System.out.println("helper in another class: ok=" + same(hb, hr));
        }
    }

    static void cache() {
        float[] a = filled(64, 1), b = new float[64];
        TaskGraph g = new TaskGraph("c")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
            .task("t0", HostKernels::scale, a, b, 2.0f)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, b);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
            TornadoProfilerResult p = plan.execute().getProfilerResult();
            System.out.println("cache: execution compilations=" + p.getKgpuCompilations() + " diskCacheHits="
                    + p.getKgpuDiskCacheHits() + " ok=" + same(b, times(a, 2)));
            TornadoProfilerResult p2 = plan.execute().getProfilerResult();
            System.out.println("cache: second execution compilations=" + p2.getKgpuCompilations());
        }
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
            plan.execute();
        }
        // withWarmUp compiles before the first execution; CONSOLE prints the profile.
        float[] w = filled(64, 1), wb = new float[64];
        TaskGraph gw = new TaskGraph("warm")
            .task("t0", HostKernels::addTo, w, wb)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, wb);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(gw.snapshot())) {
            long before = KgpuRuntime.compilations() + KgpuRuntime.diskCacheHits() + KgpuRuntime.bundleResources();
            plan.withWarmUp();
            long after = KgpuRuntime.compilations() + KgpuRuntime.diskCacheHits() + KgpuRuntime.bundleResources();
            TornadoProfilerResult p = plan.withProfiler(ProfilerMode.CONSOLE).execute().getProfilerResult();
            System.out.println("warm-up: loaded " + (after - before) + " kernel(s), then the execution compiled "
                    + p.getKgpuCompilations() + " and loaded " + p.getKgpuDiskCacheHits());
        }
        System.out.println("cache: process compilations=" + KgpuRuntime.compilations() + " diskCacheHits="
                + KgpuRuntime.diskCacheHits() + " bundleResources=" + KgpuRuntime.bundleResources());
    }

    static long rssKiB() throws java.io.IOException {
        for (String l : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
            if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
        return -1;
    }

    /** n executions of a small graph: RSS and the plan's device memory before and after. */
    static void soak(int n) throws Exception {
        float[] a = filled(16, 1), b = new float[16];
        FloatArray fa = new FloatArray(16), fc = new FloatArray(16);
        TaskGraph g = new TaskGraph("soak")
            .transferToDevice(DataTransferMode.EVERY_EXECUTION, a, fa)
            .task("t0", HostKernels::scale, a, b, 2.0f)
            .task("t1", HostKernels::vadd, new KernelContext(), fa, fa, fc)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, b, fc);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
            plan.withGridScheduler(new GridScheduler("soak.t1", new WorkerGrid1D(16)));
            for (int i = 0; i < 2000; i++) plan.execute();
            System.gc();
            long rss0 = rssKiB();
            long dev0 = plan.execute().getProfilerResult().getTotalDeviceMemoryUsage();
            for (int i = 0; i < n; i++) plan.execute();
            System.gc();
            long rss1 = rssKiB();
            long dev1 = plan.execute().getProfilerResult().getTotalDeviceMemoryUsage();
            System.out.println("soak: " + n + " executions, device memory " + (dev0 == dev1 ? "flat" : dev0 + " -> " + dev1)
                    + ", RSS growth under 32 MiB: " + (rss1 - rss0 < 32 * 1024) + " ok=" + same(b, times(a, 2)));
            System.err.println("soak: RSS " + rss0 + " KiB -> " + rss1 + " KiB");
        }
    }

    static void devices() {
        TornadoRuntime rt = TornadoRuntimeProvider.getTornadoRuntime();
        for (int i = 0; i < rt.getNumBackends(); i++) {
            TornadoBackend be = rt.getBackend(i);
            for (int j = 0; j < be.getNumDevices(); j++) {
                TornadoDevice d = be.getDevice(j);
                System.out.println("device " + i + ":" + j + " " + be.getName() + " " + be.getBackendType() + " "
                        + d.getKgpuSpec() + " " + d.getDeviceType());
            }
        }
        System.out.println("default device: " + rt.getDefaultDevice().getKgpuSpec());
        float[] a = filled(32, 1), b = new float[32];
        TaskGraph g = new TaskGraph("d")
            .transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
            .task("t0", HostKernels::scale, a, b, 2.0f)
            .transferToHost(DataTransferMode.EVERY_EXECUTION, b);
        for (int i = 0; i < rt.getNumBackends(); i++) {
            TornadoDevice d = TornadoExecutionPlan.getDevice(i, 0);
            java.util.Arrays.fill(b, 0);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.withDevice(d).execute();
                System.out.println("withDevice " + d.getKgpuSpec() + ": ok=" + same(b, times(a, 2)));
            }
        }
        try {
            rt.getBackend(99);
        } catch (RuntimeException e) {
            System.out.println("bad backend: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    static void threads() throws Exception {
        AtomicInteger bad = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            final int id = t;
            Thread th = new Thread(() -> {
                float[] a = filled(128, id), b = new float[128];
                TaskGraph g = new TaskGraph("th" + id)
                    .transferToDevice(DataTransferMode.EVERY_EXECUTION, a)
                    .task("t0", HostKernels::scale, a, b, (float) id)
                    .transferToHost(DataTransferMode.EVERY_EXECUTION, b);
                try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                    for (int k = 0; k < 25; k++) {
                        a[0] = k;
                        plan.execute();
                        if (!same(b, times(a, id))) bad.incrementAndGet();
                    }
                } catch (RuntimeException e) {
                    System.out.println("thread " + id + ": " + e);
                    bad.incrementAndGet();
                }
            });
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) th.join();
        System.out.println("threads: 8 plans x 25 executions, " + bad.get() + " bad");
    }

    interface Step {
        void run() throws Exception;
    }

    static void expect(String what, Step s) {
        try {
            s.run();
            System.out.println(what + ": NO EXCEPTION");
        } catch (Exception e) {
            System.out.println(what + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static void errors() {
        FloatArray a = new FloatArray(64), b = new FloatArray(64), c = new FloatArray(64);
        expect("no WorkerGrid", () -> {
            TaskGraph g = new TaskGraph("s0").task("t0", HostKernels::vadd, new KernelContext(), a, b, c);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("WorkerGrid of another task", () -> {
            TaskGraph g = new TaskGraph("s0").task("t0", HostKernels::vadd, new KernelContext(), a, b, c);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.withGridScheduler(new GridScheduler("s0.t1", new WorkerGrid1D(64))).execute();
            }
        });
        expect("local work not dividing", () -> {
            TaskGraph g = new TaskGraph("s0").task("t0", HostKernels::vadd, new KernelContext(), a, b, c);
            WorkerGrid wg = new WorkerGrid1D(64);
            wg.setLocalWork(24, 1, 1);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.withGridScheduler(new GridScheduler("s0.t0", wg)).execute();
            }
        });
        expect("unsupported construct", () -> {
            float[] x = new float[8];
            TaskGraph g = new TaskGraph("bad").task("t0", JavaBad::scale, x);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("wrong argument type (buffer)", () -> {
            TornadoFunctions.Task3<float[], float[], Float> typed = HostKernels::scale;
            TornadoFunctions.Task3 raw = typed;
            TaskGraph g = new TaskGraph("w").task("t0", raw, new int[8], new float[8], 2.0f);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("wrong argument type (scalar)", () -> {
            TornadoFunctions.Task3<float[], float[], Float> typed = HostKernels::scale;
            TornadoFunctions.Task3 raw = typed;
            TaskGraph g = new TaskGraph("w").task("t0", raw, new float[8], new float[8], 2);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("not an array", () -> {
            TaskGraph g = new TaskGraph("w").transferToDevice(DataTransferMode.FIRST_EXECUTION, "text")
                .task("t0", HostKernels::scale, new float[8], new float[8], 2.0f);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("lambda task", () -> {
            float[] x = new float[8];
            TaskGraph g = new TaskGraph("l").task("t0", (float[] y) -> y[0] = 1, x);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("consume not persisted", () -> {
            float[] x = new float[8], y = new float[8];
            TaskGraph g = new TaskGraph("cons").consumeFromDevice("nobody", x)
                .task("t0", HostKernels::addTo, x, y);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("withBatch", () -> {
            TaskGraph g = new TaskGraph("u").task("t0", HostKernels::addTo, new float[8], new float[8]);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.withBatch("1MB");
            }
        });
        expect("UNDER_DEMAND to the device", () -> new TaskGraph("u")
            .transferToDevice(DataTransferMode.UNDER_DEMAND, new float[8]));
        expect("prebuiltTask", () -> new TaskGraph("u").prebuiltTask("t0", "k", "k.cl", new Object[0], null, null, null));
        expect("closed plan", () -> {
            TaskGraph g = new TaskGraph("u").task("t0", HostKernels::addTo, new float[8], new float[8]);
            TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot());
            plan.close();
            plan.execute();
        });
        expect("empty array", () -> {
            TaskGraph g = new TaskGraph("e").task("t0", HostKernels::addTo, new float[0], new float[0]);
            try (TornadoExecutionPlan plan = new TornadoExecutionPlan(g.snapshot())) {
                plan.execute();
            }
        });
        expect("global offset", () -> new WorkerGrid1D(8).setGlobalOffset(4, 0, 0));
        IntArray unused = new IntArray(1);
        System.out.println("errors done " + unused.getSize());
    }
}
