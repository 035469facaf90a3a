// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A bundle loaded for one device (kgpu_module). Its kernels are valid while
 * the module is open.
 */
public final class Module extends Handle {
    private final Device device;
    private final List<Kernel> kernels;

    private Module(MemorySegment handle, Device device) throws Throwable {
        super(handle, Rt.get().moduleRelease);
        this.device = device;
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            rt.check((int) rt.moduleKernelCount.invokeExact(handle, count), "kgpu_module_kernel_count");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            List<Kernel> list = new ArrayList<>(n);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            for (int i = 0; i < n; i++) {
                rt.check((int) rt.moduleGetKernelByIndex.invokeExact(handle, i, out),
                        "kgpu_module_get_kernel_by_index(" + i + ")");
                list.add(new Kernel(this, out.get(ValueLayout.ADDRESS, 0)));
            }
            kernels = Collections.unmodifiableList(list);
        } catch (Throwable t) {
            close();
            throw t;
        }
    }

    static Module load(Device device, Path path) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.moduleLoadFile.invokeExact(device.handle(), arena.allocateFrom(path.toString()), out),
                    "kgpu_module_load_file(" + path + ")");
            return new Module(out.get(ValueLayout.ADDRESS, 0), device);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    static Module load(Device device, MemorySegment bytes) {
        Rt rt = Rt.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = bytes;
            if (!bytes.isNative()) {
                data = arena.allocate(Math.max(1, bytes.byteSize()));
                MemorySegment.copy(bytes, 0, data, 0, bytes.byteSize());
            }
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rt.check((int) rt.moduleLoadMemory.invokeExact(device.handle(), data, bytes.byteSize(), out),
                    "kgpu_module_load_memory");
            return new Module(out.get(ValueLayout.ADDRESS, 0), device);
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    public Device device() {
        return device;
    }

    /** The kernels, in the manifest's order. */
    public List<Kernel> kernels() {
        return kernels;
    }

    /** The kernel named {@code name}; a KgpuException naming the ones there if none. */
    public Kernel kernel(String name) {
        for (Kernel k : kernels) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        List<String> names = new ArrayList<>();
        for (Kernel k : kernels) {
            names.add(k.name());
        }
        throw new KgpuException(2, "KGPU_ERROR_NOT_FOUND",
                "no kernel '" + name + "' in the module (it has: " + String.join(", ", names) + ")");
    }

    /** The C handle, checked open (for Kernel). */
    MemorySegment checkedHandle() {
        return handle();
    }
}
