// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The completion of an asynchronous launch (kgpu_event), with its time. It
 * keeps the launch's arguments reachable (a wrapped segment must outlive the
 * launch) until closed.
 */
public final class Event extends Handle {
    @SuppressWarnings("unused")
    private final Object[] keepAlive;

    Event(MemorySegment handle, Object[] keepAlive) {
        super(handle, Rt.get().eventRelease);
        this.keepAlive = keepAlive;
    }

    /** Waits for the launch; throws its error. */
    public void await() {
        Rt rt = Rt.get();
        try {
            rt.check((int) rt.eventWait.invokeExact(handle()), "kgpu_event_wait");
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** Whether the launch has finished (throws its error if it failed). */
    public boolean isDone() {
        Rt rt = Rt.get();
        try {
            int status = (int) rt.eventQuery.invokeExact(handle());
            if (status == Rt.ERROR_NOT_READY) {
                return false;
            }
            rt.check(status, "kgpu_event_query");
            return true;
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** Waits, then gives the kernel's execution time in nanoseconds. */
    public long elapsedNanos() {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            rt.check((int) rt.eventElapsedNs.invokeExact(handle(), out), "kgpu_event_elapsed_ns");
            return out.get(ValueLayout.JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }
}
