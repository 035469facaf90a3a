// The JVM work-group executor (docs/jvm-api.md).
package kgpu.jvm;

import java.util.ArrayList;
import java.util.List;
import uk.ac.manchester.tornado.api.KernelContext;

/**
 * Runs a KernelContext kernel on the JVM the way a GPU runs it: the work
 * groups one after another, and in each group one Java thread per work-item,
 * started together, with a real barrier ({@code localBarrier} and
 * {@code globalBarrier} wait for every work-item of the group that has not
 * returned), local arrays shared by the group, atomics, and SIMD-group
 * operations over lanes of {@code simdWidth} consecutive linear local ids.
 * This is the reference kgpu's integration tests compare with.
 */
public final class WorkGroupExecutor {
    /** A kernel body: what one work-item runs. */
    @FunctionalInterface
    public interface Kernel {
        void run(KernelContext context) throws Throwable;
    }

    /** The SIMD width when none is given (a CUDA warp). */
    public static final int DEFAULT_SIMD_WIDTH = 32;

    private WorkGroupExecutor() {
    }

    /**
     * Runs {@code kernel} over {@code global} work-items per dimension (1 to
     * 3 dimensions; missing ones are 1) in groups of {@code local}; each
     * global size must be a multiple of the local one.
     */
    public static void run(int[] global, int[] local, Kernel kernel) throws Throwable {
        run(global, local, DEFAULT_SIMD_WIDTH, kernel);
    }

    public static void run(int[] global, int[] local, int simdWidth, Kernel kernel) throws Throwable {
        int[] g = dims(global, "global");
        int[] l = dims(local, "local");
        if (simdWidth < 1) {
            throw new IllegalArgumentException("kgpu: SIMD width " + simdWidth);
        }
        int[] groups = new int[3];
        for (int d = 0; d < 3; d++) {
            if (l[d] < 1 || g[d] < 1 || g[d] % l[d] != 0) {
                throw new IllegalArgumentException("kgpu: global size " + g[d] + " in dimension " + d
                        + " is not a positive multiple of the local size " + l[d]);
            }
            groups[d] = g[d] / l[d];
        }
        long timeout = Long.getLong("kgpu.barrierTimeoutSeconds", 120);
        for (int gz = 0; gz < groups[2]; gz++) {
            for (int gy = 0; gy < groups[1]; gy++) {
                for (int gx = 0; gx < groups[0]; gx++) {
                    runGroup(new WorkGroup(g, l, new int[] {gx, gy, gz}, simdWidth, timeout), kernel);
                }
            }
        }
    }

    private static int[] dims(int[] v, String what) {
        if (v == null || v.length < 1 || v.length > 3) {
            throw new IllegalArgumentException("kgpu: the " + what + " size has 1 to 3 dimensions");
        }
        int[] r = {1, 1, 1};
        System.arraycopy(v, 0, r, 0, v.length);
        return r;
    }

    private static void runGroup(WorkGroup group, Kernel kernel) throws Throwable {
        List<Thread> threads = new ArrayList<>(group.size);
        Throwable[] failure = new Throwable[1];
        for (int z = 0; z < group.local[2]; z++) {
            for (int y = 0; y < group.local[1]; y++) {
                for (int x = 0; x < group.local[0]; x++) {
                    WorkItem item = new WorkItem(group, new int[] {x, y, z});
                    KernelContext context = new WorkItemContext(item);
                    Thread t = new Thread(() -> {
                        try {
                            kernel.run(context);
                        } catch (WorkGroup.Aborted e) {
                            // Another work-item failed first.
                        } catch (Throwable e) {
                            synchronized (failure) {
                                if (failure[0] == null) {
                                    failure[0] = e;
                                }
                            }
                            group.abort();
                        } finally {
                            group.leave();
                        }
                    }, "kgpu-work-item-" + x + "," + y + "," + z);
                    t.setDaemon(true);
                    threads.add(t);
                }
            }
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure[0] != null) {
            throw failure[0];
        }
    }
}
