//===- Passes.h - every kgpu conversion pass --------------------*- C++ -*-===//
//
// The headers of all of kgpu's conversions and registerKgpuConversionPasses(),
// which registers every pass declared in kgpu/Conversion/Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_PASSES_H
#define KGPU_CONVERSION_PASSES_H

#include "kgpu/Conversion/Common/Passes.h"
#include "kgpu/Conversion/GPUToCPU/Passes.h"
#include "kgpu/Conversion/KgpuToGPU/Passes.h"
#include "kgpu/Conversion/KgpuToNVVM/Passes.h"
#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"

namespace mlir {
namespace kgpu {

/// Generated: registerKgpuConversionPasses() and one register<Record>() per
/// pass.
#define GEN_PASS_REGISTRATION
#include "kgpu/Conversion/Passes.h.inc"

} // namespace kgpu
} // namespace mlir

#endif // KGPU_CONVERSION_PASSES_H
