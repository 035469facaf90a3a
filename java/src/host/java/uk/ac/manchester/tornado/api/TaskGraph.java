// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.Access;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/**
 * A graph of tasks and the data they move: what goes to the device
 * ({@link #transferToDevice}), which kernels run in which order ({@link
 * #task}), what comes back ({@link #transferToHost}), and what stays on the
 * device for another graph ({@link #persistOnDevice}, {@link
 * #consumeFromDevice}). Nothing runs until a {@link TornadoExecutionPlan}
 * of its {@link #snapshot()} executes. The kernels are compiled by kgpu at
 * the first execution (docs/jvm-host.md).
 */
public class TaskGraph {
    /** One task: its id, the method reference and the arguments. */
    record TaskSpec(String id, Serializable code, Object[] args) {}

    /** A transfer: to the device or to the host, its mode and objects. */
    record Transfer(boolean toDevice, int mode, Object[] objects) {}

    /** A consumed object and the graph that persisted it (null: any). */
    record Consumed(String graph, Object object) {}

    /** What a snapshot keeps: an immutable copy of the graph. */
    record Spec(String name, List<TaskSpec> tasks, List<Transfer> transfers, List<Object> persisted,
            List<Consumed> consumed) {}

    private final String name;
    private final List<TaskSpec> tasks = new ArrayList<>();
    private final List<Transfer> transfers = new ArrayList<>();
    private final List<Object> persisted = new ArrayList<>();
    private final List<Consumed> consumed = new ArrayList<>();

    /** A graph named {@code name}; GridScheduler entries are "name.taskId". */
    public TaskGraph(String name) {
        if (name == null || name.isEmpty() || name.contains(".")) {
            throw new TornadoRuntimeException("[ERROR] TaskGraph name '" + name
                    + "': it must be non-empty and contain no '.' (task names are graph.task)");
        }
        this.name = name;
    }

    public String getTaskGraphName() {
        return name;
    }

    /** The ids of the tasks, in order. */
    public List<String> getTaskNames() {
        List<String> ids = new ArrayList<>();
        for (TaskSpec t : tasks) {
            ids.add(t.id());
        }
        return ids;
    }

    private TaskGraph addTask(String id, Serializable code, Object... args) {
        if (id == null || id.isEmpty() || id.contains(".")) {
            throw new TornadoRuntimeException("[ERROR] task id '" + id + "' in graph '" + name
                    + "': it must be non-empty and contain no '.'");
        }
        if (code == null) {
            throw new TornadoRuntimeException("[ERROR] task '" + name + "." + id + "': null method reference");
        }
        for (TaskSpec t : tasks) {
            if (t.id().equals(id)) {
                throw new TornadoRuntimeException("[ERROR] graph '" + name + "' already has a task '" + id + "'");
            }
        }
        tasks.add(new TaskSpec(id, code, args.clone()));
        return this;
    }

    /**
     * Copies {@code objects} to the device before the tasks run: on the
     * first execution ({@code FIRST_EXECUTION}; again after the plan's
     * freeDeviceMemory) or on every execution ({@code EVERY_EXECUTION}).
     */
    public TaskGraph transferToDevice(int mode, Object... objects) {
        if (mode != DataTransferMode.FIRST_EXECUTION && mode != DataTransferMode.EVERY_EXECUTION) {
            throw new TornadoRuntimeException("[ERROR] transferToDevice(" + DataTransferMode.toString(mode)
                    + "): only FIRST_EXECUTION and EVERY_EXECUTION move data to the device");
        }
        transfers.add(new Transfer(true, mode, checked(objects, "transferToDevice")));
        return this;
    }

    /**
     * Copies {@code objects} back after the tasks ran: on every execution
     * ({@code EVERY_EXECUTION}), the first one only ({@code
     * FIRST_EXECUTION}), or when {@code TornadoExecutionResult.transferToHost}
     * asks ({@code UNDER_DEMAND}).
     */
    public TaskGraph transferToHost(int mode, Object... objects) {
        if (mode != DataTransferMode.FIRST_EXECUTION && mode != DataTransferMode.EVERY_EXECUTION
                && mode != DataTransferMode.UNDER_DEMAND) {
            throw new TornadoRuntimeException("[ERROR] transferToHost(" + mode + "): unknown DataTransferMode");
        }
        transfers.add(new Transfer(false, mode, checked(objects, "transferToHost")));
        return this;
    }

    /** Keeps {@code objects}' device buffers after execution, for a graph that consumes them. */
    public TaskGraph persistOnDevice(Object... objects) {
        Collections.addAll(persisted, checked(objects, "persistOnDevice"));
        return this;
    }

    /**
     * Uses the device buffers of {@code objects} that graph {@code
     * uniqueTaskGraphName} persisted (persistOnDevice), without a copy; an
     * object not on the device when this graph runs is a
     * TornadoRuntimeException.
     */
    public TaskGraph consumeFromDevice(String uniqueTaskGraphName, Object... objects) {
        for (Object o : checked(objects, "consumeFromDevice")) {
            consumed.add(new Consumed(uniqueTaskGraphName, o));
        }
        return this;
    }

    /** consumeFromDevice from whichever graph persisted the objects. */
    public TaskGraph consumeFromDevice(Object... objects) {
        return consumeFromDevice((String) null, objects);
    }

    /** kgpu does not run prebuilt OpenCL/PTX kernels: a TornadoRuntimeException. */
    public TaskGraph prebuiltTask(String id, String entryPoint, String filename, Object[] args, Access[] accesses,
            TornadoDevice device, int[] dimensions) {
        throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: prebuiltTask('" + id + "', '" + filename
                + "'): kgpu compiles tasks from their Java methods and does not load prebuilt OpenCL/PTX/SPIR-V "
                + "kernels; load a .kgpu bundle with dev.kgpu.runtime.Device.load instead");
    }

    private Object[] checked(Object[] objects, String what) {
        if (objects == null) {
            throw new TornadoRuntimeException("[ERROR] " + what + ": null object list");
        }
        for (Object o : objects) {
            if (o == null) {
                throw new TornadoRuntimeException("[ERROR] " + what + " in graph '" + name + "': a null object");
            }
        }
        return objects.clone();
    }

    /** An immutable copy of the graph, to give to a TornadoExecutionPlan. */
    public ImmutableTaskGraph snapshot() {
        if (tasks.isEmpty()) {
            throw new TornadoRuntimeException("[ERROR] TaskGraph '" + name + "' has no task");
        }
        // Each object once per persisted list (identity).
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        List<Object> persist = new ArrayList<>();
        for (Object o : persisted) {
            if (seen.put(o, Boolean.TRUE) == null) {
                persist.add(o);
            }
        }
        return new ImmutableTaskGraph(new Spec(name, List.copyOf(tasks), List.copyOf(transfers),
                Collections.unmodifiableList(persist), List.copyOf(consumed)));
    }

    @Override
    public String toString() {
        return "TaskGraph[" + name + ", tasks=" + getTaskNames() + "]";
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with no argument. */
    public TaskGraph task(String id, TornadoFunctions.Task code) {
        return addTask(id, code);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1> TaskGraph task(String id, TornadoFunctions.Task1<T1> code, T1 arg1) {
        return addTask(id, code, arg1);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2> TaskGraph task(String id, TornadoFunctions.Task2<T1, T2> code, T1 arg1, T2 arg2) {
        return addTask(id, code, arg1, arg2);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3> TaskGraph task(String id, TornadoFunctions.Task3<T1, T2, T3> code, T1 arg1, T2 arg2, T3 arg3) {
        return addTask(id, code, arg1, arg2, arg3);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4> TaskGraph task(String id, TornadoFunctions.Task4<T1, T2, T3, T4> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4) {
        return addTask(id, code, arg1, arg2, arg3, arg4);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5> TaskGraph task(String id, TornadoFunctions.Task5<T1, T2, T3, T4, T5> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6> TaskGraph task(String id, TornadoFunctions.Task6<T1, T2, T3, T4, T5, T6> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7> TaskGraph task(String id, TornadoFunctions.Task7<T1, T2, T3, T4, T5, T6, T7> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8> TaskGraph task(String id, TornadoFunctions.Task8<T1, T2, T3, T4, T5, T6, T7, T8> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9> TaskGraph task(String id, TornadoFunctions.Task9<T1, T2, T3, T4, T5, T6, T7, T8, T9> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> TaskGraph task(String id, TornadoFunctions.Task10<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> TaskGraph task(String id, TornadoFunctions.Task11<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> TaskGraph task(String id, TornadoFunctions.Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> TaskGraph task(String id, TornadoFunctions.Task13<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> TaskGraph task(String id, TornadoFunctions.Task14<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> TaskGraph task(String id, TornadoFunctions.Task15<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16> TaskGraph task(String id, TornadoFunctions.Task16<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15, arg16);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17> TaskGraph task(String id, TornadoFunctions.Task17<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15, arg16, arg17);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> TaskGraph task(String id, TornadoFunctions.Task18<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15, arg16, arg17, arg18);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19> TaskGraph task(String id, TornadoFunctions.Task19<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18, T19 arg19) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15, arg16, arg17, arg18, arg19);
    }

    /** Adds task {@code id}: {@code code} (a static method reference) called with the arguments. */
    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20> TaskGraph task(String id, TornadoFunctions.Task20<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20> code, T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18, T19 arg19, T20 arg20) {
        return addTask(id, code, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15, arg16, arg17, arg18, arg19, arg20);
    }
}
