// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import dev.kgpu.runtime.Device;
import dev.kgpu.runtime.DeviceInfo;
import dev.kgpu.runtime.KgpuException;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/**
 * A kgpu device as a TornadoDevice. Its dev.kgpu.runtime.Device is opened
 * on first use and shared by every plan of the JVM (buffers persisted by one
 * plan are used by another on the same handle).
 */
final class KgpuDevice implements TornadoDevice {
    private final DeviceInfo info;
    private Device device;

    KgpuDevice(DeviceInfo info) {
        this.info = info;
    }

    DeviceInfo info() {
        return info;
    }

    synchronized Device open() {
        if (device == null) {
            try {
                device = Device.open(info.spec());
            } catch (KgpuException e) {
                throw new TornadoRuntimeException("[ERROR] kgpu: cannot open device " + info.spec() + ": "
                        + e.getMessage(), e);
            }
        }
        return device;
    }

    synchronized void adopt(Device d) {
        if (device == null) {
            device = d;
        } else if (device != d) {
            d.close();
        }
    }

    /** The compiler target of the device: "cpu", "cuda" or "vulkan". */
    String target() {
        return info.backend();
    }

    @Override
    public String getDeviceName() {
        return info.name();
    }

    @Override
    public String getDescription() {
        return info.toString();
    }

    @Override
    public String getPlatformName() {
        return KgpuRuntime.platformName(info.backend());
    }

    @Override
    public TornadoDeviceType getDeviceType() {
        return info.backend().equals("cpu") ? TornadoDeviceType.CPU : TornadoDeviceType.GPU;
    }

    @Override
    public TornadoVMBackendType getTornadoVMBackend() {
        return KgpuRuntime.backendType(info.backend());
    }

    @Override
    public long getMaxGlobalMemory() {
        return info.memoryBytes();
    }

    @Override
    public long getMaxLocalMemory() {
        return info.maxLocalMemoryBytes();
    }

    @Override
    public long[] getDeviceMaxWorkgroupDimensions() {
        int[] m = info.maxWorkgroupSize();
        return new long[] {m[0], m[1], m[2]};
    }

    @Override
    public int getAvailableProcessors() {
        return info.computeUnits();
    }

    @Override
    public String getKgpuSpec() {
        return info.spec();
    }

    @Override
    public String toString() {
        return getDescription();
    }
}
