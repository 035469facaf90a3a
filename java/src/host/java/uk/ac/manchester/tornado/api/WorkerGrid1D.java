// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/** A 1-D launch: the global work-items (x), work-group size optional. */
public class WorkerGrid1D extends WorkerGridBase {
    public WorkerGrid1D(int x) {
        super(1, x, 1, 1);
    }
}
