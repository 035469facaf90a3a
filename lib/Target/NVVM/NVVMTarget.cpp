//===- NVVMTarget.cpp - CUDA code generation --------------------*- C++ -*-===//

#include "kgpu/Target/NVVM/NVVMTarget.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "kgpu/Target/NVVM/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

static bool isToolkit(StringRef dir) {
  llvm::SmallString<256> libdevice(dir), ptxas(dir);
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  return llvm::sys::fs::exists(libdevice) || llvm::sys::fs::exists(ptxas);
}

std::optional<std::string> mlir::kgpu::findCUDAToolkit(StringRef explicitPath) {
  if (!explicitPath.empty())
    return isToolkit(explicitPath) ? std::optional<std::string>(explicitPath.str())
                                   : std::nullopt;
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var))
      if (*value && isToolkit(value))
        return std::string(value);
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas")) {
    StringRef bin = llvm::sys::path::parent_path(*ptxas);
    std::string root = llvm::sys::path::parent_path(bin).str();
    if (isToolkit(root))
      return root;
  }
  return std::nullopt;
}

/// Sets an LLVM command-line option of the NVPTX backend in process.
static void setLLVMOption(StringRef name, StringRef value) {
  auto options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end())
    return;
  it->second->addOccurrence(1, name, value);
}

void mlir::kgpu::buildNVVMLoweringPipeline(OpPassManager &pm,
                                           const NVVMTargetOptions &options) {
  pm.addPass(createKgpuPrepareNVVM());
  GpuNVVMAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  attach.optLevel = options.optLevel;
  // Link libdevice explicitly when a toolkit has it: math functions then
  // never stay as unresolved __nv_* calls.
  std::optional<std::string> toolkit;
  if (options.linkLibdevice)
    toolkit = findCUDAToolkit(options.cudaPath);
  if (toolkit) {
    llvm::SmallString<256> libdevice(*toolkit);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(libdevice))
      attach.linkLibs.push_back(libdevice.str().str());
  }
  pm.addPass(createGpuNVVMAttachTarget(attach));
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createConvertGpuOpsToNVVMOps());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// Whether `module` has math ops, which lower to libdevice calls.
static bool usesMath(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "math") {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LogicalResult mlir::kgpu::lowerToNVVM(ModuleOp module,
                                      const NVVMTargetOptions &options) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  NVVMTargetOptions opts = options;
  opts.linkLibdevice = options.linkLibdevice && usesMath(module);
  buildNVVMLoweringPipeline(pm, opts);
  return pm.run(module);
}

FailureOr<std::string>
mlir::kgpu::compileToNVVMBinary(ModuleOp module, NVVMFormat format,
                                const NVVMTargetOptions &options) {
  std::optional<std::string> toolkit = findCUDAToolkit(options.cudaPath);
  if (!options.cudaPath.empty() && !toolkit)
    return module.emitError("--cuda-path '")
           << options.cudaPath
           << "' is not a CUDA toolkit (no bin/ptxas or "
              "nvvm/libdevice/libdevice.10.bc under it)";
  if (format != NVVMFormat::PTX && !toolkit)
    return module.emitError(
        "ptxas is needed for cubin/fatbin but no CUDA toolkit was found: "
        "pass --cuda-path, set CUDA_ROOT or CUDA_HOME, or put ptxas on PATH");

  // IEEE sqrt (sqrt.rn) from libdevice; contraction as asked.
  setLLVMOption("nvvm-reflect-add", "__CUDA_PREC_SQRT=1");
  setLLVMOption("nvptx-fma-level", options.fpContract == "off"    ? "0"
                                   : options.fpContract == "fast" ? "2"
                                                                  : "1");

  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  NVVMTargetOptions opts = options;
  opts.linkLibdevice = options.linkLibdevice && usesMath(module);
  buildNVVMLoweringPipeline(pm, opts);
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = format == NVVMFormat::PTX     ? "isa"
                             : format == NVVMFormat::Cubin ? "bin"
                                                           : "fatbin";
  if (toolkit)
    binary.toolkitPath = *toolkit;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (failed(pm.run(module)))
    return failure();

  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return module.emitError("expected one gpu.binary after serialization, got ")
           << binaries.size();
  auto objects = binaries.front().getObjects();
  if (objects.size() != 1)
    return module.emitError("expected one object in the gpu.binary");
  auto object = cast<gpu::ObjectAttr>(objects[0]);
  std::string bytes = object.getObject().getValue().str();
  if (format == NVVMFormat::PTX) {
    size_t pos = bytes.find(".extern .func");
    while (pos != std::string::npos) {
      size_t nv = bytes.find("__nv_", pos);
      size_t eol = bytes.find('\n', pos);
      if (nv != std::string::npos && (eol == std::string::npos || nv < eol)) {
        size_t end = bytes.find_first_of(" (\n", nv);
        return module.emitError("the PTX calls the CUDA math library ('")
               << bytes.substr(nv, end - nv)
               << "') but libdevice was not found: pass --cuda-path, set "
                  "CUDA_ROOT or CUDA_HOME, or put ptxas on PATH";
      }
      pos = bytes.find(".extern .func", pos + 1);
    }
  }
  return bytes;
}

namespace {
struct NVVMPipelineOptions : public PassPipelineOptions<NVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target GPU"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("PTX features"),
                               llvm::cl::init("+ptx80")};
  Option<unsigned> optLevel{*this, "O", llvm::cl::desc("Optimization level"),
                            llvm::cl::init(3)};
};
} // namespace

void mlir::kgpu::registerKgpuNVVMTarget() {
  registerKgpuNVVMPasses();
  PassPipelineRegistration<NVVMPipelineOptions>(
      "kgpu-gpu-to-nvvm",
      "Lower the kgpu GPU form (workgroup attributions) to the NVVM and LLVM "
      "dialects, ready for gpu-module-to-binary",
      [](OpPassManager &pm, const NVVMPipelineOptions &o) {
        NVVMTargetOptions options;
        options.chip = o.chip;
        options.features = o.features;
        options.optLevel = o.optLevel;
        buildNVVMLoweringPipeline(pm, options);
      });
}
