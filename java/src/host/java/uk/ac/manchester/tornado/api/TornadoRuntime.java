// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import uk.ac.manchester.tornado.api.common.TornadoDevice;

/**
 * The backends and devices (TornadoRuntimeProvider.getTornadoRuntime()):
 * kgpu's backends in the order dev.kgpu.runtime.Device.list() gives them
 * (CUDA, Vulkan, then the CPU, each present one a backend).
 */
public interface TornadoRuntime {
    int getNumBackends();

    TornadoBackend getBackend(int index);

    /** The default device: KGPU_DEVICE when set, else the best one. */
    TornadoDevice getDefaultDevice();

    /** The backend of the default device. */
    TornadoBackend getDefaultBackend();
}
