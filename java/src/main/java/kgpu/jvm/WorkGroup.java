// The JVM work-group executor (docs/jvm-api.md).
package kgpu.jvm;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import uk.ac.manchester.tornado.api.types.HalfFloat;

/** The shared state of one work-group: its barrier, local memory, lane exchange. */
final class WorkGroup {
    final int[] global;
    final int[] local;
    final int[] groupId;
    final int simdWidth;
    final int size;
    private final long barrierTimeoutSeconds;
    private final Phaser phaser;
    private final List<Object> locals = new ArrayList<>();
    private final float[] floatSlots;
    private final Object[] objectSlots;
    private volatile boolean aborted;

    /** Thrown in the other work-items of a group when one of them failed. */
    static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Aborted() {
            super("kgpu: the work-group was aborted", null, false, false);
        }
    }

    WorkGroup(int[] global, int[] local, int[] groupId, int simdWidth, long barrierTimeoutSeconds) {
        this.global = global;
        this.local = local;
        this.groupId = groupId;
        this.simdWidth = simdWidth;
        this.size = local[0] * local[1] * local[2];
        this.barrierTimeoutSeconds = barrierTimeoutSeconds;
        this.phaser = new Phaser(size);
        this.floatSlots = new float[size];
        this.objectSlots = new Object[size];
    }

    /** Waits until every work-item of the group that has not returned arrives here. */
    void barrier() {
        if (aborted) {
            throw new Aborted();
        }
        int phase = phaser.arrive();
        try {
            phaser.awaitAdvanceInterruptibly(phase, barrierTimeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Aborted();
        } catch (TimeoutException e) {
            throw new IllegalStateException("kgpu: a barrier waited " + barrierTimeoutSeconds
                    + " s: not every work-item of the group reached it (a barrier in divergent control flow?)");
        }
        if (aborted) {
            throw new Aborted();
        }
    }

    /** A work-item has returned: the barriers no longer wait for it. */
    void leave() {
        phaser.arriveAndDeregister();
    }

    void abort() {
        aborted = true;
        phaser.forceTermination();
    }

    synchronized Object allocate(int index, Class<?> element, int size) {
        while (locals.size() <= index) {
            locals.add(null);
        }
        Object a = locals.get(index);
        if (a == null) {
            a = Array.newInstance(element, size);
            if (element == HalfFloat.class) {
                for (int i = 0; i < size; i++) {
                    Array.set(a, i, new HalfFloat((short) 0));
                }
            }
            locals.set(index, a);
        } else if (a.getClass().getComponentType() != element || Array.getLength(a) != size) {
            throw new IllegalStateException("kgpu: the work-items of a group allocated different local arrays as their allocation #" + index);
        }
        return a;
    }

    /** Every work-item's {@code v}, by linear local id (all work-items must call it together). */
    float[] exchangeFloat(int linear, float v) {
        floatSlots[linear] = v;
        barrier();
        float[] all = floatSlots.clone();
        barrier();
        return all;
    }

    Object[] exchangeObject(int linear, Object v) {
        objectSlots[linear] = v;
        barrier();
        Object[] all = objectSlots.clone();
        barrier();
        return all;
    }
}
