// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import dev.kgpu.runtime.Device;
import dev.kgpu.runtime.DeviceInfo;
import dev.kgpu.runtime.KgpuException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/**
 * kgpu's TornadoRuntime: its backends and devices, and kgpu-specific hooks
 * (the run-time compiler's statistics and cache directory). One per JVM.
 */
public final class KgpuRuntime implements TornadoRuntime {
    private static KgpuRuntime instance;

    private final List<Backend> backends = new ArrayList<>();
    private final Map<String, KgpuDevice> bySpec = new LinkedHashMap<>();
    private KgpuDevice defaultDevice;

    private record Backend(String name, TornadoVMBackendType type, List<TornadoDevice> devices)
            implements TornadoBackend {
        @Override
        public String getName() {
            return name;
        }

        @Override
        public int getNumDevices() {
            return devices.size();
        }

        @Override
        public TornadoDevice getDevice(int index) {
            if (index < 0 || index >= devices.size()) {
                throw new TornadoRuntimeException("[ERROR] backend " + name + " has " + devices.size()
                        + " device(s); there is no device " + index);
            }
            return devices.get(index);
        }

        @Override
        public TornadoDevice getDefaultDevice() {
            return devices.get(0);
        }

        @Override
        public TornadoVMBackendType getBackendType() {
            return type;
        }
    }

    private KgpuRuntime() {
        List<DeviceInfo> list;
        try {
            list = Device.list();
        } catch (KgpuException e) {
            throw new TornadoRuntimeException("[ERROR] kgpu: cannot list the devices: " + e.getMessage(), e);
        }
        Map<String, List<TornadoDevice>> groups = new LinkedHashMap<>();
        for (DeviceInfo info : list) {
            KgpuDevice d = new KgpuDevice(info);
            bySpec.put(info.spec(), d);
            groups.computeIfAbsent(info.backend(), k -> new ArrayList<>()).add(d);
        }
        for (Map.Entry<String, List<TornadoDevice>> e : groups.entrySet()) {
            backends.add(new Backend(platformName(e.getKey()), backendType(e.getKey()), List.copyOf(e.getValue())));
        }
    }

    /** The runtime (lists the devices on first use). */
    public static synchronized KgpuRuntime instance() {
        if (instance == null) {
            instance = new KgpuRuntime();
        }
        return instance;
    }

    static String platformName(String backend) {
        return switch (backend) {
            case "cuda" -> "CUDA";
            case "vulkan" -> "Vulkan";
            case "cpu" -> "CPU";
            default -> backend;
        };
    }

    static TornadoVMBackendType backendType(String backend) {
        return switch (backend) {
            case "cuda" -> TornadoVMBackendType.PTX;
            case "vulkan" -> TornadoVMBackendType.SPIRV;
            default -> TornadoVMBackendType.KGPU_CPU;
        };
    }

    @Override
    public int getNumBackends() {
        return backends.size();
    }

    @Override
    public TornadoBackend getBackend(int index) {
        if (index < 0 || index >= backends.size()) {
            throw new TornadoRuntimeException("[ERROR] kgpu has " + backends.size() + " backend(s) here "
                    + backendNames() + "; there is no backend " + index);
        }
        return backends.get(index);
    }

    private List<String> backendNames() {
        List<String> names = new ArrayList<>();
        for (Backend b : backends) {
            names.add(b.name());
        }
        return names;
    }

    @Override
    public synchronized TornadoDevice getDefaultDevice() {
        if (defaultDevice == null) {
            Device d;
            try {
                d = Device.open();
            } catch (KgpuException e) {
                throw new TornadoRuntimeException("[ERROR] kgpu: cannot open the default device"
                        + (System.getenv("KGPU_DEVICE") != null ? " (KGPU_DEVICE=" + System.getenv("KGPU_DEVICE")
                                + ")" : "") + ": " + e.getMessage(), e);
            }
            KgpuDevice k = bySpec.get(d.info().spec());
            if (k == null) {
                d.close();
                throw new TornadoRuntimeException("[ERROR] kgpu: the default device " + d.info().spec()
                        + " is not in the device list " + bySpec.keySet());
            }
            k.adopt(d);
            defaultDevice = k;
        }
        return defaultDevice;
    }

    @Override
    public TornadoBackend getDefaultBackend() {
        TornadoDevice d = getDefaultDevice();
        for (Backend b : backends) {
            if (b.devices().contains(d)) {
                return b;
            }
        }
        throw new IllegalStateException("the default device has no backend");
    }

    /** kgpu: kernels compiled by this JVM so far (neither the memory nor the disk cache had them). */
    public static long compilations() {
        return KgpuCompiler.COMPILATIONS.get();
    }

    /** kgpu: kernels this JVM took from the disk cache so far. */
    public static long diskCacheHits() {
        return KgpuCompiler.DISK_HITS.get();
    }

    /** kgpu: kernels this JVM took from a bundle resource on the class path so far. */
    public static long bundleResources() {
        return KgpuCompiler.RESOURCES.get();
    }

    /** kgpu: the on-disk compile cache, or null when it is off (docs/jvm-host.md). */
    public static Path cacheDirectory() {
        return KgpuCompiler.cacheDir();
    }
}
