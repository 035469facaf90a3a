// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Device memory (kgpu_buffer) that stays on the device between launches.
 * Transfers copy from and to MemorySegments (heap segments, e.g.
 * MemorySegment.ofArray(float[]), go through a temporary native copy); a
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

    private void transfer(MemorySegment host, long offset, boolean up) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = host;
            if (!host.isNative()) {
                data = arena.allocate(Math.max(1, host.byteSize()), 16);
                if (up) {
                    MemorySegment.copy(host, 0, data, 0, host.byteSize());
                }
            }
            MemorySegment h = handle();
            if (up) {
                rt.check((int) rt.bufferUpload.invokeExact(h, offset, data, host.byteSize()),
                        "kgpu_buffer_upload");
            } else {
                rt.check((int) rt.bufferDownload.invokeExact(h, offset, data, host.byteSize()),
                        "kgpu_buffer_download");
                if (data != host) {
                    MemorySegment.copy(data, 0, host, 0, host.byteSize());
                }
            }
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    @Override
    public String toString() {
        return "Buffer[" + size + " bytes on " + device.info().spec() + (external ? ", external" : "") + "]";
    }
}
