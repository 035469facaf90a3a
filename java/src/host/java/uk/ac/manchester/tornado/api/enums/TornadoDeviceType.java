// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api.enums;

/** The kind of a device: kgpu's CPU device is CPU; CUDA and Vulkan devices are GPU. */
public enum TornadoDeviceType {
    DEFAULT, CPU, GPU, FPGA, ACCELERATOR, CUSTOM, ALL
}
