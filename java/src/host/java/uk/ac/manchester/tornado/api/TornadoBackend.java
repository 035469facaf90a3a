// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

/** One of kgpu's backends (CUDA, Vulkan, CPU) and its devices. */
public interface TornadoBackend {
    String getName();

    int getNumDevices();

    TornadoDevice getDevice(int index);

    /** Its first device. */
    TornadoDevice getDefaultDevice();

    TornadoVMBackendType getBackendType();
}
