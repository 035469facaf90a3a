// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;

/**
 * An owned C handle (kgpu_device, kgpu_module, kgpu_buffer, ...): released
 * once, by close() or, if the owner forgets, when the Java object becomes
 * unreachable (a Cleaner). The C handles are reference counted, so releasing
 * in any order is safe (runtime.h).
 */
abstract class Handle implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private static final class Release implements Runnable {
        private final MethodHandle release;
        private final MemorySegment handle;

        Release(MethodHandle release, MemorySegment handle) {
            this.release = release;
            this.handle = handle;
        }

        @Override
        public void run() {
            try {
                release.invokeExact(handle);
            } catch (Throwable t) {
                throw Rt.rethrow(t);
            }
        }
    }

    private final MemorySegment handle;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    Handle(MemorySegment handle, MethodHandle release) {
        this.handle = handle;
        this.cleanable = CLEANER.register(this, new Release(release, handle));
    }

    /** The C handle; an IllegalStateException once closed. */
    final MemorySegment handle() {
        if (closed) {
            throw new IllegalStateException(getClass().getSimpleName() + " is closed");
        }
        return handle;
    }

    /** Releases the C handle (once; later calls do nothing). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            cleanable.clean();
        }
    }
}
