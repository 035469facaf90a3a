// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A kernel of a loaded module (kgpu_kernel), with its manifest: launch
 * model, dimensions, work-group size, parameters. Valid while its module is
 * open. Launch arguments go by position, one per visible parameter: a
 * {@link Buffer} for a buffer parameter; for a scalar an Integer (i32, or
 * widened to an i64/index parameter), Long (i64/index), Float (f32), Double
 * (f64), Short (i16), Byte (i8) or Boolean (i1). The runtime checks them
 * against the manifest; a mismatch is a KgpuException
 * (KGPU_ERROR_ARGUMENT_MISMATCH) with its message.
 */
public final class Kernel {
    /** kgpu_launch_model. */
    public enum Model { NDRANGE, PARALLEL_LOOP }

    private final Module module;
    private final MemorySegment handle;
    private final String name;
    private final Model model;
    private final int dims;
    private final int[] workgroupSize;
    private final boolean workgroupSizeFixed;
    private final long localMemoryBytes;
    private final int reductionCount;
    private final int subgroupSize;
    private final List<Param> params;

    Kernel(Module module, MemorySegment handle) throws Throwable {
        this.module = module;
        this.handle = handle;
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ki = arena.allocate(Rt.KERNEL_INFO_SIZE, 8);
            rt.check((int) rt.kernelGetInfo.invokeExact(handle, ki), "kgpu_kernel_get_info");
            name = Rt.cString(ki.get(ValueLayout.ADDRESS, Rt.KI_NAME));
            int count = ki.get(ValueLayout.JAVA_INT, Rt.KI_PARAM_COUNT);
            model = ki.get(ValueLayout.JAVA_INT, Rt.KI_MODEL) == 2 ? Model.PARALLEL_LOOP : Model.NDRANGE;
            dims = ki.get(ValueLayout.JAVA_INT, Rt.KI_DIMS);
            workgroupSize = new int[] {ki.get(ValueLayout.JAVA_INT, Rt.KI_WG),
                    ki.get(ValueLayout.JAVA_INT, Rt.KI_WG + 4), ki.get(ValueLayout.JAVA_INT, Rt.KI_WG + 8)};
            localMemoryBytes = ki.get(ValueLayout.JAVA_LONG, Rt.KI_LOCAL_MEM);
            reductionCount = ki.get(ValueLayout.JAVA_INT, Rt.KI_REDUCTIONS);
            workgroupSizeFixed = ki.get(ValueLayout.JAVA_INT, Rt.KI_WG_FIXED) != 0;
            subgroupSize = ki.get(ValueLayout.JAVA_INT, Rt.KI_SUBGROUP);
            List<Param> list = new ArrayList<>(count);
            MemorySegment pi = arena.allocate(Rt.PARAM_INFO_SIZE, 8);
            for (int i = 0; i < count; i++) {
                rt.check((int) rt.kernelGetParam.invokeExact(handle, i, pi), "kgpu_kernel_get_param(" + i + ")");
                int rank = pi.get(ValueLayout.JAVA_INT, Rt.PI_RANK);
                long[] shape = new long[rank];
                MemorySegment sp = pi.get(ValueLayout.ADDRESS, Rt.PI_SHAPE);
                if (rank > 0 && !sp.equals(MemorySegment.NULL)) {
                    MemorySegment s = sp.reinterpret(8L * rank);
                    for (int r = 0; r < rank; r++) {
                        shape[r] = s.getAtIndex(ValueLayout.JAVA_LONG, r);
                    }
                }
                int kind = pi.get(ValueLayout.JAVA_INT, Rt.PI_KIND);
                int access = pi.get(ValueLayout.JAVA_INT, Rt.PI_ACCESS);
                list.add(new Param(Rt.cString(pi.get(ValueLayout.ADDRESS, Rt.PI_NAME)),
                        pi.get(ValueLayout.JAVA_INT, Rt.PI_INDEX),
                        kind == 1 ? Param.Kind.BUFFER : Param.Kind.SCALAR,
                        ScalarType.of(pi.get(ValueLayout.JAVA_INT, Rt.PI_TYPE)),
                        access == 1 ? Param.Access.READ : access == 2 ? Param.Access.WRITE : Param.Access.READ_WRITE,
                        shape));
            }
            params = Collections.unmodifiableList(list);
        }
    }

    public String name() {
        return name;
    }

    public Module module() {
        return module;
    }

    public Model model() {
        return model;
    }

    public int dims() {
        return dims;
    }

    /** The kernel's fixed work-group size, or its default one. */
    public int[] workgroupSize() {
        return workgroupSize.clone();
    }

    public boolean workgroupSizeFixed() {
        return workgroupSizeFixed;
    }

    public long localMemoryBytes() {
        return localMemoryBytes;
    }

    /** How many reductions the manifest lists (combining them is the caller's: docs/jvm-host.md). */
    public int reductionCount() {
        return reductionCount;
    }

    public int subgroupSize() {
        return subgroupSize;
    }

    /** The visible parameters, in order. */
    public List<Param> params() {
        return params;
    }

    /**
     * Launches on the device's default queue and waits (kgpu_launch_sync).
     * Returns the kernel's execution time in nanoseconds.
     */
    public long launch(LaunchConfig config, Object... args) {
        Rt rt = Rt.get();
        module.checkedHandle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cargs = encode(arena, args);
            MemorySegment cfg = encode(arena, config);
            MemorySegment time = arena.allocate(ValueLayout.JAVA_LONG);
            rt.check((int) rt.launchSync.invokeExact(handle, cargs, args.length, cfg, time),
                    "kgpu_launch_sync(" + name + ")");
            return time.get(ValueLayout.JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        } finally {
            java.lang.ref.Reference.reachabilityFence(args);
        }
    }

    /** Enqueues a launch on {@code queue} (kgpu_launch); the event signals completion and carries the time. */
    public Event launch(Queue queue, LaunchConfig config, Object... args) {
        Rt rt = Rt.get();
        module.checkedHandle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cargs = encode(arena, args);
            MemorySegment cfg = encode(arena, config);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.launch.invokeExact(queue.handle(), handle, cargs, args.length, cfg, out),
                    "kgpu_launch(" + name + ")");
            return new Event(out.get(ValueLayout.ADDRESS, 0), args.clone());
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    private static MemorySegment encode(Arena arena, LaunchConfig config) {
        if (config == null) {
            config = LaunchConfig.defaults();
        }
        MemorySegment cfg = arena.allocate(Rt.LAUNCH_CONFIG_SIZE, 4);
        for (int d = 0; d < 3; d++) {
            cfg.setAtIndex(ValueLayout.JAVA_INT, d, config.grid()[d]);
            cfg.setAtIndex(ValueLayout.JAVA_INT, 3 + d, config.local()[d]);
        }
        return cfg;
    }

    private MemorySegment encode(Arena arena, Object[] args) {
        MemorySegment a = arena.allocate(Rt.ARG_SIZE * Math.max(1, args.length), 8);
        for (int i = 0; i < args.length; i++) {
            long base = i * Rt.ARG_SIZE;
            Object v = args[i];
            ScalarType want = i < params.size() ? params.get(i).type() : ScalarType.INVALID;
            a.set(ValueLayout.ADDRESS, base + Rt.A_NAME, MemorySegment.NULL);
            a.set(ValueLayout.ADDRESS, base + Rt.A_BUFFER, MemorySegment.NULL);
            if (v instanceof Buffer b) {
                a.set(ValueLayout.JAVA_INT, base + Rt.A_KIND, 1);
                a.set(ValueLayout.JAVA_INT, base + Rt.A_TYPE, ScalarType.INVALID.code);
                a.set(ValueLayout.ADDRESS, base + Rt.A_BUFFER, b.handle());
                continue;
            }
            a.set(ValueLayout.JAVA_INT, base + Rt.A_KIND, 2);
            ScalarType t;
            long at = base + Rt.A_VALUE;
            if (v instanceof Integer x) {
                if (want == ScalarType.I64 || want == ScalarType.INDEX) {
                    t = want;
                    a.set(ValueLayout.JAVA_LONG, at, x);
                } else {
                    t = ScalarType.I32;
                    a.set(ValueLayout.JAVA_INT, at, x);
                }
            } else if (v instanceof Long x) {
                t = want == ScalarType.INDEX ? ScalarType.INDEX : ScalarType.I64;
                a.set(ValueLayout.JAVA_LONG, at, x);
            } else if (v instanceof Float x) {
                t = ScalarType.F32;
                a.set(ValueLayout.JAVA_FLOAT, at, x);
            } else if (v instanceof Double x) {
                t = ScalarType.F64;
                a.set(ValueLayout.JAVA_DOUBLE, at, x);
            } else if (v instanceof Short x) {
                t = ScalarType.I16;
                a.set(ValueLayout.JAVA_SHORT, at, x);
            } else if (v instanceof Byte x) {
                t = ScalarType.I8;
                a.set(ValueLayout.JAVA_BYTE, at, x);
            } else if (v instanceof Boolean x) {
                t = ScalarType.I1;
                a.set(ValueLayout.JAVA_BYTE, at, (byte) (x ? 1 : 0));
            } else {
                throw new IllegalArgumentException("kernel '" + name + "' argument " + i + ": a "
                        + (v == null ? "null" : v.getClass().getName())
                        + " is neither a Buffer nor a boxed primitive"
                        + (i < params.size() ? " (parameter: " + params.get(i) + ")" : ""));
            }
            a.set(ValueLayout.JAVA_INT, base + Rt.A_TYPE, t.code);
        }
        return a;
    }

    @Override
    public String toString() {
        return "Kernel[" + name + params + "]";
    }
}
