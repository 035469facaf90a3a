// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import dev.kgpu.runtime.Buffer;
import dev.kgpu.runtime.DeviceInfo;
import dev.kgpu.runtime.Kernel;
import dev.kgpu.runtime.KgpuException;
import dev.kgpu.runtime.LaunchConfig;
import dev.kgpu.runtime.Param;
import dev.kgpu.runtime.ScalarType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.exceptions.TornadoMemoryException;
import uk.ac.manchester.tornado.api.exceptions.TornadoOutOfMemoryException;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;
import uk.ac.manchester.tornado.api.types.arrays.ByteArray;
import uk.ac.manchester.tornado.api.types.arrays.CharArray;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;
import uk.ac.manchester.tornado.api.types.arrays.ShortArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

/**
 * The state of one execution plan on its device: the device buffers of the
 * graphs' objects (by identity, shared by every task and graph of the plan),
 * the compiled tasks, and how often each graph ran. Not thread-safe on its
 * own: TornadoExecutionPlan serialises the calls.
 */
final class KgpuEngine {
    /** A Java object's memory: a heap array or an off-heap TornadoVM array. */
    record HostData(MemorySegment segment, ScalarType type, String javaType) {
        long bytes() {
            return segment.byteSize();
        }
    }

    /** A device buffer of one object; reference counted (persisted buffers are shared by plans). */
    static final class DevBuf {
        final Buffer buffer;
        final HostData host;
        final boolean zeroCopy;
        int refs = 1;
        boolean uploaded;

        DevBuf(Buffer buffer, HostData host, boolean zeroCopy) {
            this.buffer = buffer;
            this.host = host;
            this.zeroCopy = zeroCopy;
            this.uploaded = zeroCopy;
        }
    }

    private record Persisted(DevBuf buf, String graph, KgpuEngine owner) {}

    private static final Object LOCK = new Object();
    private static final IdentityHashMap<Object, Boolean> EMPTY = new IdentityHashMap<>();
    private static final Map<String, IdentityHashMap<Object, Persisted>> PERSISTED = new HashMap<>();

    private final List<TaskGraph.Spec> graphs;
    private KgpuDevice device;
    private final IdentityHashMap<Object, DevBuf> buffers = new IdentityHashMap<>();
    private final IdentityHashMap<TaskGraph.TaskSpec, KgpuCompiler.Compiled> compiled = new IdentityHashMap<>();
    private final int[] executions;

    KgpuEngine(List<TaskGraph.Spec> graphs, KgpuDevice device) {
        this.graphs = graphs;
        this.device = device;
        this.executions = new int[graphs.size()];
    }

    KgpuDevice device() {
        return device;
    }

    void setDevice(KgpuDevice d) {
        if (d != device) {
            freeDeviceMemory();
            compiled.clear();
            device = d;
        }
    }

    static boolean zeroCopyEnabled() {
        String v = System.getProperty("kgpu.zeroCopy", System.getenv("KGPU_ZERO_COPY"));
        return v == null || !(v.equals("0") || v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off"));
    }

    /** The memory of {@code o}, or null when it is not an array kgpu passes as a buffer. */
    static HostData host(Object o) {
        if (o instanceof float[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.F32, "float[]");
        } else if (o instanceof int[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.I32, "int[]");
        } else if (o instanceof long[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.I64, "long[]");
        } else if (o instanceof double[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.F64, "double[]");
        } else if (o instanceof short[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.I16, "short[]");
        } else if (o instanceof char[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.I16, "char[]");
        } else if (o instanceof byte[] a) {
            return new HostData(MemorySegment.ofArray(a), ScalarType.I8, "byte[]");
        } else if (o instanceof TornadoNativeArray a) {
            ScalarType t;
            if (a instanceof FloatArray) {
                t = ScalarType.F32;
            } else if (a instanceof IntArray) {
                t = ScalarType.I32;
            } else if (a instanceof LongArray) {
                t = ScalarType.I64;
            } else if (a instanceof DoubleArray) {
                t = ScalarType.F64;
            } else if (a instanceof ShortArray || a instanceof CharArray) {
                t = ScalarType.I16;
            } else if (a instanceof ByteArray) {
                t = ScalarType.I8;
            } else if (a instanceof HalfFloatArray) {
                t = ScalarType.F16;
            } else {
                return null;
            }
            if (!(a.kgpuStorage() instanceof MemorySegment seg)) {
                throw new TornadoRuntimeException("[ERROR] kgpu: the " + a.getClass().getSimpleName()
                        + " is stored in a " + TornadoNativeArray.kgpuStorageKind()
                        + "; the host API needs the Java 22+ MemorySegment storage of kgpu-jvm-api.jar");
            }
            return new HostData(seg.asSlice(TornadoNativeArray.ARRAY_HEADER, a.getNumBytesOfSegment()), t,
                    a.getClass().getSimpleName());
        }
        return null;
    }

    private static String javaTypes(ScalarType t) {
        return switch (t) {
            case F32 -> "float[] or FloatArray";
            case F64 -> "double[] or DoubleArray";
            case I32 -> "int[] or IntArray";
            case I64 -> "long[] or LongArray";
            case I16 -> "short[], char[], ShortArray or CharArray";
            case I8 -> "byte[] or ByteArray";
            case F16 -> "HalfFloatArray";
            default -> t.name().toLowerCase(java.util.Locale.ROOT) + " elements";
        };
    }

    private static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        String n = o.getClass().getTypeName();
        return ("aeiouAEIOU".indexOf(n.charAt(0)) >= 0 ? "an " : "a ") + n;
    }

    // ---- buffers ------------------------------------------------------

    private DevBuf bufferFor(Object o, String what, String graph) {
        DevBuf b = buffers.get(o);
        if (b != null) {
            return b;
        }
        HostData h = host(o);
        if (h == null) {
            throw new TornadoRuntimeException("[ERROR] " + what + (graph == null ? "" : " in graph '" + graph + "'")
                    + ": " + describe(o)
                    + " is not an array kgpu can move to the device (primitive arrays, FloatArray, IntArray, "
                    + "LongArray, DoubleArray, ShortArray, CharArray, ByteArray, HalfFloatArray); scalars are "
                    + "task arguments");
        }
        if (h.bytes() == 0) {
            // As TornadoVM: an empty array cannot be a device buffer.
            throw new TornadoMemoryException("[ERROR] Bytes Allocated <= 0: " + what
                    + (graph == null ? "" : " in graph '" + graph + "'") + ": an empty " + h.javaType()
                    + " cannot be a device buffer");
        }
        Buffer buf;
        boolean zc = false;
        try {
            if (device.target().equals("cpu") && h.segment().isNative() && zeroCopyEnabled()) {
                buf = device.open().wrap(h.segment());
                zc = true;
            } else {
                buf = device.open().createBuffer(h.bytes());
            }
        } catch (KgpuException e) {
            throw memoryError("allocating " + h.bytes() + " bytes for " + h.javaType() + " on "
                    + device.getKgpuSpec(), e);
        }
        b = new DevBuf(buf, h, zc);
        buffers.put(o, b);
        return b;
    }

    private static RuntimeException memoryError(String what, KgpuException e) {
        if ("KGPU_ERROR_OUT_OF_MEMORY".equals(e.statusName())) {
            return new TornadoOutOfMemoryException("[ERROR] kgpu: " + what + ": " + e.getMessage(), e);
        }
        return new TornadoMemoryException("[ERROR] kgpu: " + what + ": " + e.getMessage(), e);
    }

    private void upload(DevBuf b, KgpuProfile prof) {
        if (b.zeroCopy) {
            prof.zeroCopySkipped++;
            return;
        }
        long t0 = System.nanoTime();
        try {
            b.buffer.upload(b.host.segment());
        } catch (KgpuException e) {
            throw memoryError("copying " + b.host.javaType() + " to " + device.getKgpuSpec(), e);
        }
        b.uploaded = true;
        prof.writeNanos += System.nanoTime() - t0;
        prof.toDevice++;
        prof.bytesIn += b.host.bytes();
    }

    private void download(DevBuf b, KgpuProfile prof) {
        if (b.zeroCopy) {
            prof.zeroCopySkipped++;
            return;
        }
        long t0 = System.nanoTime();
        try {
            b.buffer.download(b.host.segment());
        } catch (KgpuException e) {
            throw memoryError("copying " + b.host.javaType() + " from " + device.getKgpuSpec(), e);
        }
        prof.readNanos += System.nanoTime() - t0;
        prof.toHost++;
        prof.bytesOut += b.host.bytes();
    }

    // ---- compilation ---------------------------------------------------

    private KgpuCompiler.Compiled compiledFor(TaskGraph.Spec g, TaskGraph.TaskSpec t, KgpuProfile prof) {
        KgpuCompiler.Compiled c = compiled.get(t);
        if (c == null) {
            c = KgpuCompiler.compile(g.name() + "." + t.id(), t.code(), device);
            compiled.put(t, c);
            prof.compileNanos += c.compileNanos();
            switch (c.origin()) {
                case "compiled" -> prof.compilations++;
                case "disk cache" -> prof.diskCacheHits++;
                default -> prof.otherLoads++;
            }
        }
        return c;
    }

    /** Compiles every task of the selected graphs now (withWarmUp). */
    void warmUp(int[] which, KgpuProfile prof) {
        for (int g : which) {
            TaskGraph.Spec spec = graphs.get(g);
            for (TaskGraph.TaskSpec t : spec.tasks()) {
                compiledFor(spec, t, prof);
            }
        }
    }

    // ---- execution -----------------------------------------------------

    void execute(int[] which, GridScheduler scheduler, KgpuProfile prof) {
        for (int g : which) {
            TaskGraph.Spec spec = graphs.get(g);
            boolean first = executions[g] == 0;
            List<KgpuCompiler.Compiled> tasks = new ArrayList<>();
            for (TaskGraph.TaskSpec t : spec.tasks()) {
                tasks.add(compiledFor(spec, t, prof));
            }
            IdentityHashMap<Object, Boolean> consumed = spec.consumed().isEmpty() ? EMPTY : new IdentityHashMap<>();
            for (TaskGraph.Consumed c : spec.consumed()) {
                consume(spec, c);
                consumed.put(c.object(), Boolean.TRUE);
            }
            for (TaskGraph.Transfer tr : spec.transfers()) {
                if (!tr.toDevice()) {
                    continue;
                }
                for (Object o : tr.objects()) {
                    if (consumed.containsKey(o)) {
                        continue;
                    }
                    DevBuf b = bufferFor(o, "transferToDevice", spec.name());
                    if (tr.mode() == DataTransferMode.EVERY_EXECUTION || !b.uploaded) {
                        upload(b, prof);
                    }
                }
            }
            for (int i = 0; i < tasks.size(); i++) {
                launch(spec, spec.tasks().get(i), tasks.get(i), scheduler, prof);
            }
            for (TaskGraph.Transfer tr : spec.transfers()) {
                if (tr.toDevice() || tr.mode() == DataTransferMode.UNDER_DEMAND
                        || (tr.mode() == DataTransferMode.FIRST_EXECUTION && !first)) {
                    continue;
                }
                for (Object o : tr.objects()) {
                    download(bufferFor(o, "transferToHost", spec.name()), prof);
                }
            }
            persist(spec);
            executions[g]++;
        }
    }

    /** TornadoExecutionResult.transferToHost: copies {@code objects} back now. */
    void transferToHost(Object[] objects, KgpuProfile prof) {
        for (Object o : objects) {
            DevBuf b = buffers.get(o);
            if (b == null) {
                throw new TornadoRuntimeException("[ERROR] transferToHost: " + describe(o)
                        + " has no buffer on " + device.getKgpuSpec()
                        + " (it is no task's argument, or the plan freed its device memory)");
            }
            download(b, prof);
        }
    }

    private void launch(TaskGraph.Spec g, TaskGraph.TaskSpec t, KgpuCompiler.Compiled c, GridScheduler scheduler,
            KgpuProfile prof) {
        Kernel kernel = c.kernel();
        KgpuCompiler.MethodRef ref = c.ref();
        Object[] args = t.args();
        if (args.length != ref.kernelContext().length) {
            throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + " takes " + ref.kernelContext().length
                    + " argument(s), the task gives " + args.length);
        }
        List<Param> params = kernel.params();
        Object[] kargs = new Object[params.size()];
        int k = 0;
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (ref.kernelContext()[i]) {
                if (!(a instanceof KernelContext)) {
                    throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + ": argument " + (i + 1)
                            + " must be a KernelContext, not " + describe(a));
                }
                continue;
            }
            if (k >= params.size()) {
                throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + ": the compiled kernel '"
                        + kernel.name() + "' has " + params.size() + " parameter(s) " + params
                        + ", fewer than the method");
            }
            Param p = params.get(k);
            if (p.kind() == Param.Kind.BUFFER) {
                DevBuf b = buffers.get(a);
                HostData h = b != null ? b.host : host(a);
                if (h == null || h.type() != p.type()) {
                    throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + ": " + argument(i, p) + " is "
                            + describe(a) + "; it takes a " + javaTypes(p.type()));
                }
                if (b == null) {
                    // An object no transferToDevice names: its host contents
                    // go once, unless the kernel only writes it.
                    b = bufferFor(a, where(g, t, c), null);
                    if (p.access() == Param.Access.WRITE) {
                        b.uploaded = true;
                    }
                }
                if (ref.reduce()[i] || !b.uploaded) {
                    // A @Reduce output: the host's value is the first operand
                    // of every execution.
                    upload(b, prof);
                }
                kargs[k++] = b.buffer;
            } else {
                Object v = scalar(a, p);
                if (v == null) {
                    throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + ": " + argument(i, p) + " is "
                            + describe(a) + "; it takes a " + scalarName(p.type()));
                }
                kargs[k++] = v;
            }
        }
        if (k != params.size()) {
            throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + ": the compiled kernel '" + kernel.name()
                    + "' has " + params.size() + " parameter(s) " + params + ", the method " + k);
        }
        LaunchConfig cfg = c.fixedConfig();
        if (cfg == null || scheduler != null) {
            cfg = config(g, t, c, scheduler);
        }
        try {
            prof.kernelNanos += kernel.launch(cfg, kargs);
        } catch (KgpuException e) {
            throw new TornadoRuntimeException("[ERROR] " + where(g, t, c) + " on " + device.getKgpuSpec() + ": "
                    + e.getMessage(), e);
        }
        prof.launches++;
    }

    private static String where(TaskGraph.Spec g, TaskGraph.TaskSpec t, KgpuCompiler.Compiled c) {
        return "task '" + g.name() + "." + t.id() + "' (" + c.ref().display() + ")";
    }

    private static String argument(int i, Param p) {
        return "argument " + (i + 1) + " ('" + p.name() + "', " + p + ")";
    }

    private static String scalarName(ScalarType t) {
        return switch (t) {
            case F32 -> "float";
            case F64 -> "double";
            case I64, INDEX -> "long";
            default -> "int";
        };
    }

    /** The launch value of scalar argument {@code a} for {@code p}, or null when it does not fit. */
    private static Object scalar(Object a, Param p) {
        ScalarType t = p.type();
        if (t == ScalarType.F32) {
            return a instanceof Float ? a : null;
        }
        if (t == ScalarType.F64) {
            return a instanceof Double ? a : null;
        }
        Integer asInt = a instanceof Integer x ? x : a instanceof Short x ? Integer.valueOf(x)
                : a instanceof Byte x ? Integer.valueOf(x) : a instanceof Character x ? Integer.valueOf(x)
                : a instanceof Boolean x ? Integer.valueOf(x ? 1 : 0) : null;
        switch (t) {
            case I32, I16, I8, I1 -> {
                return asInt;
            }
            case I64, INDEX -> {
                if (a instanceof Long) {
                    return a;
                }
                return asInt == null ? null : Long.valueOf(asInt);
            }
            default -> {
                return null;
            }
        }
    }

    private LaunchConfig config(TaskGraph.Spec g, TaskGraph.TaskSpec t, KgpuCompiler.Compiled c,
            GridScheduler scheduler) {
        String name = g.name() + "." + t.id();
        String where = where(g, t, c);
        WorkerGrid wg = scheduler == null ? null : scheduler.get(name);
        boolean usesContext = false;
        for (boolean b : c.ref().kernelContext()) {
            usesContext |= b;
        }
        Kernel kernel = c.kernel();
        if (wg == null) {
            if (usesContext) {
                throw new TornadoRuntimeException("[ERROR] " + where + " takes a KernelContext, so it needs a "
                        + "WorkerGrid: give the plan withGridScheduler(new GridScheduler(\"" + name
                        + "\", new WorkerGrid1D(n))) ("
                        + (scheduler == null ? "the plan has no GridScheduler"
                                : "its GridScheduler has WorkerGrids for " + scheduler.keySet() + " only")
                        + ")");
            }
            return kernel.model() == Kernel.Model.PARALLEL_LOOP ? LaunchConfig.defaults()
                    : LaunchConfig.grid(1, 1, 1).local(1, 1, 1);
        }
        long[] global = wg.getGlobalWork();
        long[] local = wg.getLocalWork();
        if (local == null) {
            local = chooseLocal(global, kernel, device.info());
        }
        int[] groups = new int[3];
        int[] size = new int[3];
        for (int d = 0; d < 3; d++) {
            if (global[d] % local[d] != 0) {
                throw new TornadoRuntimeException("[ERROR] " + where + ": the WorkerGrid's global work "
                        + global[d] + " is not a multiple of its local work " + local[d] + " in dimension " + d);
            }
            long n = global[d] / local[d];
            if (n > Integer.MAX_VALUE || local[d] > Integer.MAX_VALUE) {
                throw new TornadoRuntimeException("[ERROR] " + where + ": the WorkerGrid " + wg + " is too large");
            }
            groups[d] = (int) n;
            size[d] = (int) local[d];
        }
        return LaunchConfig.grid(groups).local(size);
    }

    /** The largest work-group that divides the global size, within the kernel's and the device's limits. */
    private static long[] chooseLocal(long[] global, Kernel kernel, DeviceInfo info) {
        int[] wg = kernel.workgroupSize();
        if (kernel.workgroupSizeFixed()) {
            return new long[] {Math.max(1, wg[0]), Math.max(1, wg[1]), Math.max(1, wg[2])};
        }
        long budget = (long) Math.max(1, wg[0]) * Math.max(1, wg[1]) * Math.max(1, wg[2]);
        if (info.maxWorkgroupInvocations() > 0) {
            budget = Math.min(budget, info.maxWorkgroupInvocations());
        }
        long[] local = new long[3];
        for (int d = 0; d < 3; d++) {
            long cap = Math.min(global[d], budget);
            int devMax = info.maxWorkgroupSize()[d];
            if (devMax > 0) {
                cap = Math.min(cap, devMax);
            }
            long l = Math.max(1, cap);
            while (global[d] % l != 0) {
                l--;
            }
            local[d] = l;
            budget = Math.max(1, budget / l);
        }
        return local;
    }

    // ---- persistence and freeing --------------------------------------

    private void persist(TaskGraph.Spec spec) {
        if (spec.persisted().isEmpty()) {
            return;
        }
        synchronized (LOCK) {
            IdentityHashMap<Object, Persisted> map = PERSISTED.computeIfAbsent(device.getKgpuSpec(),
                    k -> new IdentityHashMap<>());
            for (Object o : spec.persisted()) {
                DevBuf b = bufferFor(o, "persistOnDevice", spec.name());
                Persisted old = map.get(o);
                if (old != null && old.buf() == b) {
                    continue;
                }
                b.refs++;
                map.put(o, new Persisted(b, spec.name(), this));
                if (old != null) {
                    release(old.buf());
                }
            }
        }
    }

    private void consume(TaskGraph.Spec spec, TaskGraph.Consumed c) {
        if (buffers.containsKey(c.object())) {
            return;
        }
        synchronized (LOCK) {
            IdentityHashMap<Object, Persisted> map = PERSISTED.get(device.getKgpuSpec());
            Persisted p = map == null ? null : map.get(c.object());
            if (p == null || (c.graph() != null && !c.graph().equals(p.graph()))) {
                throw new TornadoRuntimeException("[ERROR] graph '" + spec.name() + "': consumeFromDevice("
                        + (c.graph() == null ? "" : "\"" + c.graph() + "\", ") + describe(c.object())
                        + "): " + (p == null ? "no graph executed on " + device.getKgpuSpec()
                                + " persisted it (persistOnDevice), or its plan freed it"
                                : "graph '" + p.graph() + "' persisted it, not '" + c.graph() + "'"));
            }
            p.buf().refs++;
            buffers.put(c.object(), p.buf());
        }
    }

    private static void release(DevBuf b) {
        if (--b.refs == 0) {
            b.buffer.close();
        }
    }

    /** Releases the plan's device buffers; the next execution is a first execution again. */
    void freeDeviceMemory() {
        synchronized (LOCK) {
            IdentityHashMap<Object, Persisted> map = PERSISTED.get(device.getKgpuSpec());
            if (map != null) {
                for (Iterator<Persisted> it = map.values().iterator(); it.hasNext();) {
                    Persisted p = it.next();
                    if (p.owner() == this) {
                        it.remove();
                        release(p.buf());
                    }
                }
            }
            for (DevBuf b : buffers.values()) {
                release(b);
            }
        }
        buffers.clear();
        java.util.Arrays.fill(executions, 0);
    }

    /** Device bytes the plan holds. */
    long deviceBytes() {
        long n = 0;
        for (DevBuf b : buffers.values()) {
            if (!b.zeroCopy) {
                n += b.buffer.byteSize();
            }
        }
        return n;
    }
}
