// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.util.ArrayList;
import java.util.List;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/**
 * Runs task graphs on a device: {@link #execute()} compiles each task at
 * its first execution (kgpu's run-time compiler, cached in memory and on
 * disk), moves the data as the graphs say and launches the kernels. The
 * device is the default one (KGPU_DEVICE, else the best) unless {@link
 * #withDevice} says. Close it (try-with-resources) to release its device
 * memory. The {@code with*} calls configure the plan and return it. One
 * plan runs one execution at a time (the calls are synchronised); plans on
 * several threads run at once.
 */
public class TornadoExecutionPlan implements AutoCloseable {
    private final List<TaskGraph.Spec> graphs = new ArrayList<>();
    private KgpuEngine engine;
    private TornadoDevice requestedDevice;
    private GridScheduler scheduler;
    private ProfilerMode profiler;
    private int graphIndex = -1;
    private boolean closed;

    public TornadoExecutionPlan(ImmutableTaskGraph... immutableTaskGraphs) {
        if (immutableTaskGraphs == null || immutableTaskGraphs.length == 0) {
            throw new TornadoRuntimeException("[ERROR] TornadoExecutionPlan: no ImmutableTaskGraph");
        }
        for (ImmutableTaskGraph g : immutableTaskGraphs) {
            if (g == null) {
                throw new TornadoRuntimeException("[ERROR] TornadoExecutionPlan: a null ImmutableTaskGraph");
            }
            graphs.add(g.spec());
        }
    }

    /** Device {@code deviceIndex} of backend {@code backendIndex} (TornadoRuntime's numbering). */
    public static TornadoDevice getDevice(int backendIndex, int deviceIndex) {
        return KgpuRuntime.instance().getBackend(backendIndex).getDevice(deviceIndex);
    }

    public static TornadoRuntime getTornadoRuntime() {
        return KgpuRuntime.instance();
    }

    private KgpuEngine engine() {
        if (closed) {
            throw new TornadoRuntimeException("[ERROR] the TornadoExecutionPlan is closed");
        }
        if (engine == null) {
            TornadoDevice d = requestedDevice != null ? requestedDevice : KgpuRuntime.instance().getDefaultDevice();
            engine = new KgpuEngine(graphs, (KgpuDevice) d);
        }
        return engine;
    }

    private int[] selected() {
        if (graphIndex >= 0) {
            return new int[] {graphIndex};
        }
        int[] all = new int[graphs.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return all;
    }

    /** Runs the graphs (all of them, or the one withGraph chose), in order. */
    public synchronized TornadoExecutionResult execute() {
        long t0 = System.nanoTime();
        KgpuProfile prof = new KgpuProfile();
        KgpuEngine e = engine();
        e.execute(selected(), scheduler, prof);
        prof.totalNanos = System.nanoTime() - t0;
        prof.deviceBytes = e.deviceBytes();
        if (profiler == ProfilerMode.CONSOLE) {
            System.out.println(new TornadoProfilerResult(prof).toJson());
        }
        return new TornadoExecutionResult(this, prof);
    }

    synchronized void transferToHost(Object[] objects, KgpuProfile prof) {
        engine().transferToHost(objects, prof);
    }

    /** The WorkerGrids of the tasks, by "graph.task". */
    public synchronized TornadoExecutionPlan withGridScheduler(GridScheduler gridScheduler) {
        this.scheduler = gridScheduler;
        return this;
    }

    /** Forgets the GridScheduler: @Parallel tasks get their grid from their loops again. */
    public synchronized TornadoExecutionPlan withDefaultScheduler() {
        this.scheduler = null;
        return this;
    }

    /** Runs on {@code device}: the plan's device memory on the previous device is freed. */
    public synchronized TornadoExecutionPlan withDevice(TornadoDevice device) {
        if (!(device instanceof KgpuDevice k)) {
            throw new TornadoRuntimeException("[ERROR] withDevice: " + device
                    + " is not one of kgpu's devices (TornadoRuntimeProvider.getTornadoRuntime().getBackend(i).getDevice(j))");
        }
        requestedDevice = k;
        if (engine != null) {
            engine.setDevice(k);
        }
        return this;
    }

    /** kgpu runs all tasks of a plan on one device: a TornadoRuntimeException. */
    public TornadoExecutionPlan withDevice(String taskName, TornadoDevice device) {
        throw unsupported("withDevice(\"" + taskName + "\", device): one device per task",
                "give the plan one device with withDevice(device)");
    }

    public synchronized TornadoExecutionPlan withProfiler(ProfilerMode mode) {
        this.profiler = mode;
        return this;
    }

    public synchronized TornadoExecutionPlan withoutProfiler() {
        this.profiler = null;
        return this;
    }

    /** Compiles every task now (the kernels then run at the first execute without compiling). */
    public synchronized TornadoExecutionPlan withWarmUp() {
        engine().warmUp(selected(), new KgpuProfile());
        return this;
    }

    /** The same as withWarmUp. */
    public TornadoExecutionPlan withPreCompilation() {
        return withWarmUp();
    }

    /** Runs only graph {@code index} (in the constructor's order) from now on. */
    public synchronized TornadoExecutionPlan withGraph(int index) {
        if (index < 0 || index >= graphs.size()) {
            throw new TornadoRuntimeException("[ERROR] withGraph(" + index + "): the plan has " + graphs.size()
                    + " graph(s)");
        }
        graphIndex = index;
        return this;
    }

    /** Runs every graph again (the default). */
    public synchronized TornadoExecutionPlan withAllGraphs() {
        graphIndex = -1;
        return this;
    }

    /** Releases the plan's device buffers; the next execution moves FIRST_EXECUTION data again. */
    public synchronized TornadoExecutionPlan freeDeviceMemory() {
        if (engine != null) {
            engine.freeDeviceMemory();
        }
        return this;
    }

    /** The same as freeDeviceMemory. */
    public TornadoExecutionPlan resetDevice() {
        return freeDeviceMemory();
    }

    /** The device the plan runs on. */
    public synchronized TornadoDevice getDevice() {
        return engine().device();
    }

    public int getNumberOfGraphs() {
        return graphs.size();
    }

    // ---- what kgpu does not support: each one says so -------------------

    private static TornadoRuntimeException unsupported(String what, String instead) {
        return new TornadoRuntimeException("[UNSUPPORTED] kgpu: " + what + " is not supported" + (instead.isEmpty()
                ? "" : "; " + instead));
    }

    public TornadoExecutionPlan withBatch(String batchSize) {
        throw unsupported("withBatch(\"" + batchSize + "\") (batched execution)", "split the data yourself");
    }

    public TornadoExecutionPlan withCUDAGraph() {
        throw unsupported("withCUDAGraph()", "");
    }

    public TornadoExecutionPlan withCompilerFlags(TornadoVMBackendType backend, String flags) {
        throw unsupported("withCompilerFlags(" + backend + ", \"" + flags + "\")",
                "kgpu's compiler options are kgpu-translate's (dev.kgpu.runtime.Compiler.Options)");
    }

    public TornadoExecutionPlan withConcurrentDevices() {
        throw unsupported("withConcurrentDevices()", "");
    }

    public TornadoExecutionPlan withThreadInfo() {
        throw unsupported("withThreadInfo()", "");
    }

    public TornadoExecutionPlan withPrintKernel() {
        throw unsupported("withPrintKernel()", "kgpu-translate --emit prints a kernel's code");
    }

    public TornadoExecutionPlan withMemoryLimit(String limit) {
        throw unsupported("withMemoryLimit(\"" + limit + "\")", "");
    }

    /** Releases the device memory; the plan cannot execute afterwards. */
    @Override
    public synchronized void close() {
        if (!closed) {
            freeDeviceMemory();
            closed = true;
        }
    }
}
