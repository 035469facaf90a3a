"""kgpu: compile GPU kernels (kgc, JVM bytecode, Kotlin IR, kgpu MLIR) and
launch them on NumPy arrays, device buffers and DLPack tensors, on a CUDA
GPU, a Vulkan device or the CPU.

    import kgpu, numpy as np
    saxpy = kgpu.compile("kernel void saxpy(float a, global const float* x, global float* y)"
                         " { int i = global_id(0); y[i] += a * x[i]; }").saxpy
    saxpy(2.0, x, y, grid=len(x) // 64)

See docs/python.md.
"""

from ._errors import ArgumentError, CompileError, Diagnostic, KgpuError
from ._api import (Buffer, Bundle, Device, Kernel, Launch, LaunchRecord, Param,
                   asarray, cache_dir, compile, default_device, devices, empty,
                   from_dlpack, load, zeros)

__version__ = "0.1.0"

__all__ = [
    "ArgumentError", "Buffer", "Bundle", "CompileError", "Device",
    "Diagnostic", "Kernel", "KgpuError", "Launch", "LaunchRecord", "Param",
    "asarray", "cache_dir", "compile", "default_device", "devices", "empty",
    "from_dlpack", "load", "zeros",
]
