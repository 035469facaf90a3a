// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A queue (kgpu_queue, a CUDA stream): its launches run in order. */
public final class Queue extends Handle {
    private Queue(MemorySegment handle) {
        super(handle, Rt.get().queueRelease);
    }

    static Queue create(Device device) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.queueCreate.invokeExact(device.handle(), out), "kgpu_queue_create");
            return new Queue(out.get(ValueLayout.ADDRESS, 0));
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** Waits for the queue's work; throws the first launch error since the last finish. */
    public void finish() {
        Rt rt = Rt.get();
        try {
            rt.check((int) rt.queueFinish.invokeExact(handle()), "kgpu_queue_finish");
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }
}
