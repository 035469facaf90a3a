// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.common;

import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

/**
 * A device a plan runs on (TornadoExecutionPlan.withDevice): one of
 * kgpu's devices (dev.kgpu.runtime.Device.list()), from
 * TornadoRuntimeProvider.getTornadoRuntime().getBackend(i).getDevice(j) or
 * TornadoExecutionPlan.getDevice(i, j).
 */
public interface TornadoDevice {
    /** kgpu's device name, e.g. "llvmpipe (LLVM 19.1.7, 256 bits)". */
    String getDeviceName();

    /** The backend, device and name, e.g. "vulkan:0 (llvmpipe ..., software)". */
    String getDescription();

    /** The backend's name: "CUDA", "Vulkan" or "CPU". */
    String getPlatformName();

    TornadoDeviceType getDeviceType();

    TornadoVMBackendType getTornadoVMBackend();

    /** Device memory in bytes (0 when the backend does not say). */
    long getMaxGlobalMemory();

    /** Work-group (local) memory in bytes. */
    long getMaxLocalMemory();

    /** The maximum work-group size per dimension. */
    long[] getDeviceMaxWorkgroupDimensions();

    /** Compute units (streaming multiprocessors, CPU threads). */
    int getAvailableProcessors();

    /** kgpu: the spec dev.kgpu.runtime.Device.open takes ("cpu", "cuda:0", "vulkan:0"). */
    String getKgpuSpec();
}
