// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * WorkerGrids by task name ("graphName.taskName"), given to an execution
 * plan with {@code withGridScheduler}. A task that takes a KernelContext
 * needs an entry; a @Parallel task uses its entry when it has one (its
 * grid-stride loops are correct with any grid), else a grid derived from
 * its loop bounds.
 */
public class GridScheduler {
    private final Map<String, WorkerGrid> grids = new LinkedHashMap<>();

    public GridScheduler() {}

    public GridScheduler(String taskName, WorkerGrid workerGrid) {
        put(taskName, workerGrid);
    }

    public void addWorkerGrid(String taskName, WorkerGrid workerGrid) {
        put(taskName, workerGrid);
    }

    private void put(String taskName, WorkerGrid workerGrid) {
        if (taskName == null || workerGrid == null) {
            throw new NullPointerException("GridScheduler.addWorkerGrid: a null task name or WorkerGrid");
        }
        grids.put(taskName, workerGrid);
    }

    /** The WorkerGrid of {@code taskName} ("graph.task"), or null. */
    public WorkerGrid get(String taskName) {
        return grids.get(taskName);
    }

    public boolean contains(String taskName) {
        return grids.containsKey(taskName);
    }

    public boolean contains(String graphName, String taskName) {
        return grids.containsKey(graphName + "." + taskName);
    }

    /** The task names with a WorkerGrid. */
    public Set<String> keySet() {
        return java.util.Collections.unmodifiableSet(grids.keySet());
    }

    @Override
    public String toString() {
        return "GridScheduler" + grids;
    }
}
