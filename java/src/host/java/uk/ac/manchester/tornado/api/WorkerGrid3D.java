// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

/** A 3-D launch: the global work-items (x, y, z), work-group size optional. */
public class WorkerGrid3D extends WorkerGridBase {
    public WorkerGrid3D(int x, int y, int z) {
        super(3, x, y, z);
    }
}
