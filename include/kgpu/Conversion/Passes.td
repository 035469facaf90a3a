//===- Passes.td - every kgpu conversion pass ---------------*- tablegen -*-===//
//
// The one pass-declaration file of kgpu's conversions (as
// mlir/Conversion/Passes.td upstream): it includes the `.td` of each
// conversion, so that one Passes.h.inc holds them all, one
// registerKgpuConversionPasses() registers them (kgpu/Conversion/Passes.h)
// and one `-gen-pass-doc` documents them
// (docs/generated/KgpuConversionPasses.md).
//
// Names (docs/codegen.md, "Pass names"): a conversion is
// `convert-<src>-to-<dst>` (record `Convert<Src>To<Dst>`); a helper pass of
// one target's conversion is `kgpu-<target>-<verb>-<noun>` (record
// `Kgpu<Target><Verb><Noun>`).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_CONVERSION_PASSES_TD
#define KGPU_CONVERSION_PASSES_TD

include "kgpu/Conversion/Common/Passes.td"
include "kgpu/Conversion/KgpuToGPU/Passes.td"
include "kgpu/Conversion/KgpuToSPIRV/Passes.td"
include "kgpu/Conversion/GPUToCPU/Passes.td"
include "kgpu/Conversion/KgpuToNVVM/Passes.td"

#endif // KGPU_CONVERSION_PASSES_TD
