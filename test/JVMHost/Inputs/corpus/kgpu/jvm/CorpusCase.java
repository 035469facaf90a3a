// One kernel of the JVM frontend's corpus (test/Integration/JVM/Inputs/*/
// corpus.txt) for the generated JUnit 5 suites of
// test/JVMHost/corpus-taskgraph-*.test: its arguments made the way kgpu-run
// and the reference runner make them (kgpu.jvm.Values: rand:N:SEED, iota,
// fill, zeros, literals; hence this package), once for the JVM and once for
// the device; the JVM reference (the method called on the JVM, a
// KernelContext one under the work-group executor); and the check of what
// the user's TaskGraph brought back against it (CHECK: exact bytes or ulp:N).
package kgpu.jvm;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.WorkerGrid;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.WorkerGrid2D;
import uk.ac.manchester.tornado.api.WorkerGrid3D;

public final class CorpusCase {
    private static int graphs;

    public final String spec;
    public final Method method;
    private final Parameter[] params;
    private final Object[] device;
    private final Object[] jvm;
    private final int[] grid;
    private final int[] local;
    private final List<String> outs = new ArrayList<>();
    private final String check;
    private final List<String> tags;
    private final String graph;
    private final boolean context;

    /** The method NAME of CLS, the corpus line's ARGS, OUTS, CHECK and TAGS. */
    public CorpusCase(Class<?> cls, String name, String args, String outs, String check, String tags) throws Exception {
        this.spec = cls.getSimpleName() + "::" + name;
        Method found = null;
        for (Method m : cls.getDeclaredMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers())) {
                if (found != null) {
                    throw new IllegalArgumentException(spec + " is overloaded");
                }
                found = m;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no static method " + spec);
        }
        method = found;
        method.setAccessible(true);
        params = method.getParameters();
        Map<String, String> values = new LinkedHashMap<>();
        int[] g = null;
        int[] l = null;
        String[] words = args.trim().split("\\s+");
        for (int i = 0; i < words.length; i += 2) {
            String v = words[i + 1];
            switch (words[i]) {
                case "--arg" -> values.put(v.substring(0, v.indexOf('=')), v.substring(v.indexOf('=') + 1));
                case "--grid" -> g = dims(v);
                case "--local" -> l = dims(v);
                default -> throw new IllegalArgumentException(spec + ": option " + words[i]);
            }
        }
        device = new Object[params.length];
        jvm = new Object[params.length];
        boolean ctx = false;
        for (int i = 0; i < params.length; i++) {
            Class<?> t = params[i].getType();
            if (t == KernelContext.class) {
                ctx = true;
                device[i] = new KernelContext();
                continue;
            }
            String v = values.get(params[i].getName());
            if (v == null) {
                throw new IllegalArgumentException(spec + ": no --arg for " + params[i].getName());
            }
            device[i] = Values.parse(t, v, params[i].getName());
            jvm[i] = Values.parse(t, v, params[i].getName());
        }
        context = ctx;
        grid = g;
        local = l;
        for (String o : outs.trim().split("\\s+")) {
            this.outs.add(o);
        }
        this.check = check;
        this.tags = Arrays.asList(tags.trim().split("\\s+"));
        this.graph = "s" + (graphs++);
    }

    private static int[] dims(String v) {
        return Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    /** The graph's name. */
    public String graph() {
        return graph;
    }

    /** The device-side argument I (a fresh KernelContext for one). */
    public Object arg(int i) {
        return device[i];
    }

    /** Every array argument: what the user's graph moves to the device. */
    public Object[] buffers() {
        List<Object> b = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            if (Values.isBuffer(params[i].getType())) {
                b.add(device[i]);
            }
        }
        return b.toArray();
    }

    /** The compared buffers: what the user's graph moves back. */
    public Object[] outputs() {
        List<Object> b = new ArrayList<>();
        for (String o : outs) {
            b.add(device[index(o.contains(":") ? o.substring(0, o.indexOf(':')) : o)]);
        }
        return b.toArray();
    }

    private int index(String name) {
        for (int i = 0; i < params.length; i++) {
            if (params[i].getName().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(spec + ": no parameter " + name);
    }

    /** The tag's reason when TAG (xfail-cpu, reference-only, ...) is present. */
    public String tag(String tag) {
        for (String t : tags) {
            if (t.startsWith(tag + ":")) {
                return t.substring(tag.length() + 1);
            }
        }
        return null;
    }

    /** The WorkerGrid of a KernelContext kernel: global = grid x local. */
    public WorkerGrid workerGrid() {
        int[] g = grid == null ? new int[] {1} : grid;
        int[] l = local == null ? new int[] {1} : local;
        int dims = Math.max(g.length, l.length);
        long[] gl = new long[3];
        long[] lo = new long[3];
        for (int d = 0; d < 3; d++) {
            lo[d] = d < l.length ? l[d] : 1;
            gl[d] = (d < g.length ? g[d] : 1) * lo[d];
        }
        WorkerGrid w = dims == 1 ? new WorkerGrid1D((int) gl[0])
                : dims == 2 ? new WorkerGrid2D((int) gl[0], (int) gl[1])
                : new WorkerGrid3D((int) gl[0], (int) gl[1], (int) gl[2]);
        w.setLocalWork(lo[0], lo[1], lo[2]);
        return w;
    }

    /** The method on the JVM with the JVM-side arguments. */
    private void reference() throws Throwable {
        if (!context) {
            invoke(jvm);
            return;
        }
        WorkerGrid w = workerGrid();
        int dims = w.dimension();
        int[] global = new int[dims];
        int[] loc = new int[dims];
        for (int d = 0; d < dims; d++) {
            global[d] = (int) w.getGlobalWork()[d];
            loc[d] = (int) w.getLocalWork()[d];
        }
        WorkGroupExecutor.run(global, loc, context2 -> {
            Object[] call = jvm.clone();
            for (int i = 0; i < params.length; i++) {
                if (params[i].getType() == KernelContext.class) {
                    call[i] = context2;
                }
            }
            invoke(call);
        });
    }

    private void invoke(Object[] args) throws Throwable {
        try {
            method.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Runs the user's graph TG in a plan on the default device (with its
     * WorkerGrid for a KernelContext kernel, as TornadoVM requires), the
     * same method on the JVM, and compares the outputs; returns null when
     * they agree, else what differs.
     */
    public String run(TaskGraph tg) throws Throwable {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tg.snapshot())) {
            if (context) {
                plan.withGridScheduler(new GridScheduler(graph + ".t0", workerGrid()));
            }
            deviceSpec = plan.getDevice().getKgpuSpec();
            plan.execute();
        }
        reference();
        StringBuilder bad = new StringBuilder();
        for (String o : outs) {
            int width = 4;
            String name = o;
            if (o.contains(":")) {
                name = o.substring(0, o.indexOf(':'));
                width = Integer.parseInt(o.substring(o.indexOf(':') + 1));
            }
            int i = index(name);
            String d = compare(Values.bytes(device[i]), Values.bytes(jvm[i]), width);
            if (d != null) {
                bad.append(bad.length() == 0 ? "" : "; ").append(name).append(": ").append(d);
            }
        }
        return bad.length() == 0 ? null : bad.toString();
    }

    private String deviceSpec = "?";

    /**
     * The test of the kernel: runs TG ({@link #run}) and throws an
     * AssertionError when the device disagrees with the JVM; a kernel the
     * corpus marks xfail on this device (xfail, xfail-cpu, xfail-vulkan)
     * must disagree (else XPASS), a reference-only one must be refused
     * with a TornadoCompilationException (it is not driven).
     */
    public void verify(TaskGraph tg) throws Throwable {
        try {
            check(tg);
        } catch (RuntimeException e) {
            String backend = deviceSpec.contains(":") ? deviceSpec.substring(0, deviceSpec.indexOf(':')) : deviceSpec;
            String xfail = tag("xfail") != null ? tag("xfail") : tag("xfail-" + backend);
            if (xfail == null || tag("reference-only") != null) {
                throw e;
            }
            // A known gap may also be a refusal (a compile error on that device).
            String[] lines = e.getMessage().split("\\n");
            System.out.println("EXPECTED FAILURE: " + spec + " on " + deviceSpec + " (" + xfail + "): "
                    + (lines.length > 1 ? lines[1] : lines[0]));
        }
    }

    private void check(TaskGraph tg) throws Throwable {
        String refOnly = tag("reference-only");
        if (refOnly != null) {
            try {
                run(tg);
            } catch (uk.ac.manchester.tornado.api.exceptions.TornadoCompilationException e) {
                String m = e.getMessage();
                String[] lines = m.split("\n");
                System.out.println("NOT DRIVEN: " + spec + " (reference-only: " + refOnly + "): "
                        + (lines.length > 1 ? lines[1] : lines[0]));
                return;
            }
            throw new AssertionError(spec + " is reference-only (" + refOnly + ") but ran through TaskGraph on "
                    + deviceSpec + ": update the corpus");
        }
        String bad = run(tg);
        String backend = deviceSpec.contains(":") ? deviceSpec.substring(0, deviceSpec.indexOf(':')) : deviceSpec;
        String xfail = tag("xfail") != null ? tag("xfail") : tag("xfail-" + backend);
        if (xfail != null) {
            if (bad == null) {
                throw new AssertionError("XPASS: " + spec + " on " + deviceSpec + " agrees with the JVM but is xfail ("
                        + xfail + ")");
            }
            System.out.println("EXPECTED FAILURE: " + spec + " on " + deviceSpec + " (" + xfail + "): " + bad);
            return;
        }
        if (bad != null) {
            throw new AssertionError(spec + " on " + deviceSpec + " differs from the JVM: " + bad);
        }
    }

    private String compare(byte[] got, byte[] want, int width) {
        if (check.equals("exact")) {
            int n = 0;
            int first = -1;
            for (int i = 0; i < got.length; i++) {
                if (got[i] != want[i]) {
                    n++;
                    first = first < 0 ? i : first;
                }
            }
            return n == 0 ? null : n + " of " + got.length + " bytes differ (first at byte " + first + ")";
        }
        long ulps = Long.parseLong(check.substring("ulp:".length()));
        java.nio.ByteBuffer a = java.nio.ByteBuffer.wrap(got).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(want).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int bad = 0;
        for (int i = 0; i < got.length / width; i++) {
            double x = width == 4 ? a.getFloat(i * 4) : a.getDouble(i * 8);
            double y = width == 4 ? b.getFloat(i * 4) : b.getDouble(i * 8);
            if (Double.isNaN(x) && Double.isNaN(y)) {
                continue;
            }
            long ox = width == 4 ? ordered(a.getInt(i * 4)) : ordered(a.getLong(i * 8));
            long oy = width == 4 ? ordered(b.getInt(i * 4)) : ordered(b.getLong(i * 8));
            if (Math.abs(ox - oy) > ulps || Double.isNaN(x) != Double.isNaN(y)) {
                bad++;
            }
        }
        return bad == 0 ? null : bad + " of " + got.length / width + " elements beyond " + ulps + " ulp";
    }

    private static long ordered(int bits) {
        return bits < 0 ? (long) Integer.MIN_VALUE - bits : bits;
    }

    private static long ordered(long bits) {
        return bits < 0 ? Long.MIN_VALUE - bits : bits;
    }
}
