// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/** A 2-D launch: the global work-items (x, y), work-group size optional. */
public class WorkerGrid2D extends WorkerGridBase {
    public WorkerGrid2D(int x, int y) {
        super(2, x, y, 1);
    }
}
