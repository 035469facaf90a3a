// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An open kgpu device (kgpu_device): CUDA, Vulkan or the host CPU. Open one
 * by spec ("cpu", "cuda", "cuda:N", "vulkan", "vulkan:N"; null or
 * "default": the KGPU_DEVICE environment variable, else the best device) or
 * by its index in {@link #list()}. Thread-safe; close it when done (the
 * buffers and modules made on it keep it alive until they are closed).
 */
public final class Device extends Handle {
    private final DeviceInfo info;

    private Device(MemorySegment handle, DeviceInfo info) {
        super(handle, Rt.get().deviceRelease);
        this.info = info;
    }

    /** Every device of every available backend (CUDA, Vulkan, then the CPU). */
    public static List<DeviceInfo> list() {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            rt.check((int) rt.deviceCount.invokeExact(count), "kgpu_device_count");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            List<DeviceInfo> out = new ArrayList<>(n);
            MemorySegment info = arena.allocate(Rt.DEVICE_INFO_SIZE, 8);
            for (int i = 0; i < n; i++) {
                rt.check((int) rt.deviceDescribe.invokeExact(i, info), "kgpu_device_describe(" + i + ")");
                out.add(DeviceInfo.read(i, info));
            }
            return out;
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** The default device: KGPU_DEVICE if set, else the best one. */
    public static Device open() {
        return open(null);
    }

    /** Opens the device named by {@code spec} (null or "default": see the class comment). */
    public static Device open(String spec) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment cspec = spec == null ? MemorySegment.NULL : arena.allocateFrom(spec);
            rt.check((int) rt.deviceOpen.invokeExact(cspec, out),
                    "kgpu_device_open(" + (spec == null ? "default" : "\"" + spec + "\"") + ")");
            return wrap(rt, out.get(ValueLayout.ADDRESS, 0));
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** Opens device {@code index} of {@link #list()}. */
    public static Device open(int index) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.deviceOpenIndex.invokeExact(index, out), "kgpu_device_open_index(" + index + ")");
            return wrap(rt, out.get(ValueLayout.ADDRESS, 0));
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    private static Device wrap(Rt rt, MemorySegment handle) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(Rt.DEVICE_INFO_SIZE, 8);
            int status = (int) rt.deviceGetInfo.invokeExact(handle, info);
            if (status != Rt.SUCCESS) {
                KgpuException e = rt.error(status, "kgpu_device_get_info");
                rt.deviceRelease.invokeExact(handle);
                throw e;
            }
            return new Device(handle, DeviceInfo.read(-1, info));
        }
    }

    public DeviceInfo info() {
        return info;
    }

    /** Waits until all work submitted to the device has finished. */
    public void synchronize() {
        Rt rt = Rt.get();
        try {
            rt.check((int) rt.deviceSynchronize.invokeExact(handle()), "kgpu_device_synchronize");
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** A zero-filled device buffer of {@code bytes} bytes (> 0). */
    public Buffer createBuffer(long bytes) {
        return Buffer.create(this, bytes);
    }

    /**
     * A buffer over {@code memory} without a copy (kgpu_buffer_create_external):
     * on the CPU device the kernels read and write {@code memory} itself. It
     * must be a native (off-heap) segment aligned for the kernel's elements;
     * the buffer keeps it reachable. Vulkan devices throw a KgpuException
     * (KGPU_ERROR_UNSUPPORTED); CUDA takes device memory, not host segments,
     * so a host segment there is rejected too (KGPU_ERROR_UNSUPPORTED; see
     * {@link #wrapDevicePointer}).
     */
    public Buffer wrap(MemorySegment memory) {
        return Buffer.wrap(this, memory);
    }

    /**
     * A buffer over memory the caller allocated on the device, by its native
     * handle (a CUdeviceptr of the device's primary context on CUDA, a host
     * address on the CPU): kgpu_buffer_create_external. The memory must hold
     * {@code bytes} bytes and outlive the buffer; it is not freed with it.
     */
    public Buffer wrapDevicePointer(long handle, long bytes) {
        return Buffer.external(this, handle, bytes, null);
    }

    /** Loads a .kgpu bundle file for this device. */
    public Module load(Path bundle) {
        return Module.load(this, bundle);
    }

    /** Loads a .kgpu bundle held in memory (a copy is made by the runtime). */
    public Module load(byte[] bundle) {
        return Module.load(this, MemorySegment.ofArray(bundle));
    }

    /** Loads a bundle that {@link Compiler} made. */
    public Module load(Bundle bundle) {
        return load(bundle.bytes());
    }

    /** A new queue (CUDA stream) for asynchronous launches. */
    public Queue createQueue() {
        return Queue.create(this);
    }

    @Override
    public String toString() {
        return "Device[" + info + "]";
    }
}
