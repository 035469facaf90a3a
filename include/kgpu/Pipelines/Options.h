//===- Options.h - one options struct per target ---------------*- C++ -*-===//
//
// The options of each target, in one struct each: NVVMOptions (CUDA),
// SPIRVOptions (Vulkan) and CPUOptions. The compiler driver (lib/Driver)
// fills them from its own options (TargetConfig), the target backends
// (lib/Target/<X>/Backend.cpp) and serializers read them, the named
// pipelines (`kgpu-gpu-to-nvvm{chip=...}`, `kgpu-gpu-to-spirv{float16=1}`,
// `kgpu-gpu-to-cpu-llvm{subgroup-size=4}`; lib/Pipelines) register them as
// their PassPipelineOptions, and the pipeline builders hand them to the
// passes' generated option structs. The pipeline options are `Option`s;
// what only the serializer reads is a plain field. Nothing here is a
// process-wide cl::opt: two compilations with different options may run at
// once.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_PIPELINES_OPTIONS_H
#define KGPU_PIPELINES_OPTIONS_H

#include "kgpu/ABI/CPU.h"

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
namespace kgpu {

/// The CUDA target: `kgpu-gpu-to-nvvm` (lowering) and the NVVM serializer
/// (lib/Target/NVVM: PTX, cubin, fatbin).
struct NVVMOptions : public PassPipelineOptions<NVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target GPU, sm_50 or newer"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (default: +ptx80, or the PTX version "
                     "the chip needs)")};
  Option<unsigned> optLevel{*this, "O", llvm::cl::desc("Optimization level"),
                            llvm::cl::init(3)};
  Option<std::string> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Floating-point contraction: off, on or fast (default: "
                     "the module's kgpu.source_language; none: off)")};
  Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("libdevice.10.bc to link into every gpu.module "
                     "(serialization links the toolkit's only where the "
                     "kernels call it)")};
  /// Serialization only (not a pipeline option): a CUDA toolkit with
  /// bin/ptxas and nvvm/libdevice/libdevice.10.bc. Empty: CUDA_ROOT,
  /// CUDA_HOME, CUDA_PATH, then the directory above `ptxas` on PATH.
  std::string cudaPath;

  /// `features`, or the default PTX features of `chip`
  /// (getDefaultPTXFeatures).
  std::string getFeatures() const;
};

/// The Vulkan target: `kgpu-gpu-to-spirv` (lowering; the options of
/// kgpu-spirv-attach-target and kgpu-spirv-forbid-contraction) and the
/// SPIR-V serializer (lib/Target/SPIRV). The device is Vulkan 1.1 / SPIR-V
/// 1.3 with subgroup operations, plus the optional features below; every
/// binary declares only the capabilities it uses (spirv-update-vce).
struct SPIRVOptions : public PassPipelineOptions<SPIRVOptions> {
  /// The device's default subgroup size (resource limits). Kernels read the
  /// real size from the SubgroupSize builtin; this is only a default.
  Option<unsigned> subgroupSize{
      *this, "subgroup-size",
      llvm::cl::desc("Default subgroup size of the target"),
      llvm::cl::init(32)};
  /// 64-bit integers and 64-bit integer atomics (Int64, Int64Atomics).
  Option<bool> int64{*this, "int64",
                     llvm::cl::desc("The device supports 64-bit integers"),
                     llvm::cl::init(true)};
  /// 64-bit floats (Float64).
  Option<bool> float64{*this, "float64",
                       llvm::cl::desc("The device supports 64-bit floats"),
                       llvm::cl::init(true)};
  /// 16-bit floats and 16-bit storage buffers (Float16,
  /// StorageBuffer16BitAccess).
  Option<bool> float16{*this, "float16",
                       llvm::cl::desc("The device supports 16-bit floats"),
                       llvm::cl::init(false)};
  /// SPV_EXT_shader_atomic_float_add (AtomicFloat32AddEXT, and
  /// AtomicFloat64AddEXT with float64): float atomic add/sub as one
  /// instruction. Without it they become compare-and-swap loops, which
  /// also cross-compile to MSL and HLSL.
  Option<bool> atomicFloatAdd{
      *this, "atomic-float-add",
      llvm::cl::desc("The device has SPV_EXT_shader_atomic_float_add"),
      llvm::cl::init(true)};
  /// f32 math functions: "native" (the default) uses GLSL.std.450's, which
  /// Vulkan specifies loosely (lavapipe's tanh is 300 ulp off near 0);
  /// "f64" computes them in f64 and rounds once (within 1 ulp on every
  /// driver), which makes f32 kernels need Float64 and Int64 and keeps them
  /// from HLSL (kgpu-spirv-expand-math, docs/codegen.md).
  Option<std::string> f32Math{
      *this, "f32-math",
      llvm::cl::desc("f32 math functions: f64 (computed in f64, rounded "
                     "once) or native (GLSL.std.450's)"),
      llvm::cl::init("native")};
  /// "off" decorates every float add, sub, mul, div, rem and negate with
  /// NoContraction (drivers must not fuse them into FMAs); "on" and "fast"
  /// leave fusion to the driver.
  Option<std::string> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("Floating-point contraction: off (every float add, "
                     "sub, mul, div, rem and negate is NoContraction), on "
                     "or fast (the driver may fuse)"),
      llvm::cl::init("on")};
};

/// The CPU target: `kgpu-gpu-to-cpu-llvm` (lowering) and the CPU compiler
/// (lib/Target/CPU: LLVM's O-level pipeline, an ELF object, `cc -shared`).
/// Floating point is never relaxed on the CPU (no fast-math flags, no FMA
/// contraction, whatever the source language's fp-contract), so that + - *
/// / and sqrt round like the GPUs.
struct CPUOptions : public PassPipelineOptions<CPUOptions> {
  /// Emulated subgroup size (power of two, KGPU_CPU_MIN_SUBGROUP_SIZE to
  /// KGPU_CPU_MAX_SUBGROUP_SIZE). The bundle manifest records it
  /// (buildManifest's cpuSubgroupSize: cpu.subgroup_size) so that the
  /// runtime and host code agree with the kernels.
  Option<unsigned> subgroupSize{
      *this, "subgroup-size",
      llvm::cl::desc("Emulated subgroup size (power of two, 1 to 64)"),
      llvm::cl::init(KGPU_CPU_DEFAULT_SUBGROUP_SIZE)};
  /// Compilation only (not pipeline options):
  /// Target triple; empty means the host's default triple.
  std::string triple;
  /// Target CPU. The default is the portable x86-64 baseline (SSE2), so
  /// that a library built on one machine runs on any x86-64 machine (CI
  /// included); "native" uses the host CPU and all its features. On other
  /// architectures, use "generic" or a CPU of that architecture.
  std::string cpu = "x86-64";
  /// Extra LLVM target features, e.g. "+avx2" (ignored with "native").
  std::string features;
  /// LLVM optimization level (0 to 3). Loop and SLP vectorization are on
  /// from 2.
  unsigned optLevel = 3;
};

/// The PTX features for `chip`: "+ptx80", or none (LLVM then takes the
/// oldest PTX version that supports the chip) for chips PTX 8.0 predates.
std::string getDefaultPTXFeatures(StringRef chip);

} // namespace kgpu
} // namespace mlir

#endif // KGPU_PIPELINES_OPTIONS_H
