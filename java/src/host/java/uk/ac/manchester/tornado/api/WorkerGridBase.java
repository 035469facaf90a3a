// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.util.Arrays;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/** The state shared by WorkerGrid1D/2D/3D. */
abstract class WorkerGridBase implements WorkerGrid {
    private final int dims;
    private final long[] global = {1, 1, 1};
    private long[] local;

    WorkerGridBase(int dims, long x, long y, long z) {
        this.dims = dims;
        System.arraycopy(checked("setGlobalWork", x, y, z), 0, global, 0, 3);
    }

    private long[] checked(String what, long x, long y, long z) {
        long[] v = {x, y, z};
        for (int d = 0; d < 3; d++) {
            if (v[d] < 1 || (d >= dims && v[d] != 1)) {
                throw new TornadoRuntimeException("[ERROR] " + getClass().getSimpleName() + "." + what + "("
                        + x + ", " + y + ", " + z + "): each of the " + dims + " dimension(s) needs at least 1 "
                        + "work-item, the others exactly 1");
            }
        }
        return v;
    }

    @Override
    public int dimension() {
        return dims;
    }

    @Override
    public long[] getGlobalWork() {
        return global.clone();
    }

    @Override
    public long[] getLocalWork() {
        return local == null ? null : local.clone();
    }

    @Override
    public void setGlobalWork(long x, long y, long z) {
        System.arraycopy(checked("setGlobalWork", x, y, z), 0, global, 0, 3);
    }

    @Override
    public void setLocalWork(long x, long y, long z) {
        local = checked("setLocalWork", x, y, z);
    }

    @Override
    public void setLocalWorkToNull() {
        local = null;
    }

    @Override
    public long[] getNumberOfWorkgroups() {
        if (local == null) {
            return null;
        }
        long[] n = new long[3];
        for (int d = 0; d < 3; d++) {
            n[d] = (global[d] + local[d] - 1) / local[d];
        }
        return n;
    }

    @Override
    public void setGlobalOffset(long x, long y, long z) {
        if (x != 0 || y != 0 || z != 0) {
            throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: WorkerGrid global offsets are not supported "
                    + "(kgpu launches start at work-item 0): setGlobalOffset(" + x + ", " + y + ", " + z + ")");
        }
    }

    @Override
    public long[] getGlobalOffset() {
        return new long[3];
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[global=" + Arrays.toString(global) + ", local="
                + (local == null ? "auto" : Arrays.toString(local)) + "]";
    }
}
