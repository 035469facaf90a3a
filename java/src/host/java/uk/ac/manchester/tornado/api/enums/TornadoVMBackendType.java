// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.enums;

/**
 * A backend's kind. kgpu's backends: CUDA is {@link #PTX}, Vulkan is
 * {@link #SPIRV}, the host CPU (native code through LLVM) is {@link
 * #KGPU_CPU}, a kgpu addition.
 */
public enum TornadoVMBackendType {
    OPENCL, PTX, SPIRV, METAL, JAVA, VIRTUAL, KGPU_CPU
}
