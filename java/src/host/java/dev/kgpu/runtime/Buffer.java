// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Device memory (kgpu_buffer) that stays on the device between launches.
 * Transfers copy from and to MemorySegments (heap segments, e.g.
 * MemorySegment.ofArray(float[]), go through a reused per-thread native
 * staging segment, {@link #HEAP_CHUNK} bytes at a time); a
 * buffer made by {@link Device#wrap} is the segment itself on the CPU device
 * (zero-copy) and keeps the segment reachable.
 */
public final class Buffer extends Handle {
    private final Device device;
    private final long size;
    private final boolean external;
    private final MemorySegment segment; // a wrapped segment, kept reachable while the buffer is

    private Buffer(MemorySegment handle, Device device, long size, boolean external, MemorySegment segment) {
        super(handle, Rt.get().bufferRelease);
        this.device = device;
        this.size = size;
        this.external = external;
        this.segment = segment;
    }

    static Buffer create(Device device, long bytes) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.bufferCreate.invokeExact(device.handle(), bytes, out),
                    "kgpu_buffer_create(" + bytes + " bytes)");
            return new Buffer(out.get(ValueLayout.ADDRESS, 0), device, bytes, false, null);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    static Buffer wrap(Device device, MemorySegment memory) {
        if (!memory.isNative()) {
            throw new IllegalArgumentException("Device.wrap needs a native (off-heap) MemorySegment; "
                    + "a heap segment can move: copy it with Buffer.upload instead");
        }
        if (device.info().backend().equals("cuda")) {
            // A host address taken as a CUdeviceptr would run, and read the
            // wrong memory; CUDA memory goes through wrapDevicePointer.
            throw new KgpuException(10, "KGPU_ERROR_UNSUPPORTED", "Device.wrap(" + device.info().spec()
                    + "): a host MemorySegment cannot be a CUDA buffer; use Device.wrapDevicePointer for "
                    + "CUDA device memory, or upload/download");
        }
        return external(device, memory.address(), memory.byteSize(), memory);
    }

    static Buffer external(Device device, long address, long bytes, MemorySegment keep) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.bufferCreateExternal.invokeExact(device.handle(), address,
                    bytes, out), "kgpu_buffer_create_external(" + device.info().spec() + ")");
            return new Buffer(out.get(ValueLayout.ADDRESS, 0), device, bytes, true, keep);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    public Device device() {
        return device;
    }

    /** Bytes. */
    public long byteSize() {
        return size;
    }

    /** Whether the buffer wraps caller memory (Device.wrap, Device.wrapDevicePointer). */
    public boolean isExternal() {
        return external;
    }

    /** The wrapped segment of a Device.wrap buffer, else null. */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * The buffer's memory as the backend knows it
     * (kgpu_buffer_get_native_handle): the host address on the CPU, the
     * CUdeviceptr on CUDA; Vulkan: a KgpuException (KGPU_ERROR_UNSUPPORTED).
     */
    public long nativeHandle() {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            rt.check((int) rt.bufferGetNativeHandle.invokeExact(handle(), out), "kgpu_buffer_get_native_handle");
            return out.get(ValueLayout.JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** Copies all of {@code src} into the buffer at byte {@code offset}. */
    public void upload(MemorySegment src, long offset) {
        transfer(src, offset, true);
    }

    public void upload(MemorySegment src) {
        upload(src, 0);
    }

    /** Fills all of {@code dst} from the buffer at byte {@code offset}. */
    public void download(MemorySegment dst, long offset) {
        transfer(dst, offset, false);
    }

    public void download(MemorySegment dst) {
        download(dst, 0);
    }

    /** Copies {@code bytes} bytes from {@code src} (same device). */
    public void copyFrom(Buffer src, long srcOffset, long dstOffset, long bytes) {
        Rt rt = Rt.get();
        try {
            rt.check((int) rt.bufferCopy.invokeExact(handle(), dstOffset, src.handle(), srcOffset, bytes),
                    "kgpu_buffer_copy");
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /**
     * Bytes a heap segment moves through at a time: a native staging segment
     * of this size, one per thread and reused, instead of a new zeroed
     * native copy of the whole segment per transfer (issue 12: the Kotlin
     * host's 256 MiB arrays spent most of a run allocating and faulting in
     * those copies).
     */
    static final long HEAP_CHUNK = 16L << 20;

    private static final ThreadLocal<MemorySegment> STAGING =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(HEAP_CHUNK, 64));

    private void transfer(MemorySegment host, long offset, boolean up) {
        Rt rt = Rt.get();
        try {
            MemorySegment h = handle();
            if (host.isNative()) {
                move(rt, h, offset, host, host.byteSize(), up);
                return;
            }
            MemorySegment staging = STAGING.get();
            if (host.byteSize() == 0) {
                move(rt, h, offset, staging, 0, up); // the runtime checks the offset
                return;
            }
            for (long done = 0; done < host.byteSize(); done += HEAP_CHUNK) {
                long n = Math.min(HEAP_CHUNK, host.byteSize() - done);
                if (up) {
                    MemorySegment.copy(host, done, staging, 0, n);
                }
                move(rt, h, offset + done, staging, n, up);
                if (!up) {
                    MemorySegment.copy(staging, 0, host, done, n);
                }
            }
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    private static void move(Rt rt, MemorySegment h, long offset, MemorySegment data, long n, boolean up)
            throws Throwable {
        if (up) {
            rt.check((int) rt.bufferUpload.invokeExact(h, offset, data, n), "kgpu_buffer_upload");
        } else {
            rt.check((int) rt.bufferDownload.invokeExact(h, offset, data, n), "kgpu_buffer_download");
        }
    }

    @Override
    public String toString() {
        return "Buffer[" + size + " bytes on " + device.info().spec() + (external ? ", external" : "") + "]";
    }
}
