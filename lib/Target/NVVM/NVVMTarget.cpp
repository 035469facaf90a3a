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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

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

std::optional<std::string> mlir::kgpu::checkNVVMChip(StringRef chip) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
  });
  std::string error;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "this LLVM has no NVPTX backend: " + error;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  unsigned sm = 0;
  if (info && info->isCPUStringValid(chip) && chip.consume_front("sm_") &&
      !chip.consumeInteger(10, sm) && sm >= kMinimumSM)
    return std::nullopt;
  SmallVector<std::pair<unsigned, StringRef>> known;
  if (info)
    for (const llvm::SubtargetSubTypeKV &cpu :
         info->getAllProcessorDescriptions()) {
      StringRef name = cpu.Key;
      unsigned n = 0;
      if (name.consume_front("sm_") && !name.consumeInteger(10, n) &&
          n >= kMinimumSM)
        known.push_back({n, cpu.Key});
    }
  llvm::sort(known);
  std::string list;
  for (auto [n, name] : known)
    list += (list.empty() ? "" : ", ") + name.str();
  return "not a CUDA GPU that kgpu compiles for (one of " + list + ")";
}

std::string mlir::kgpu::getDefaultPTXFeatures(StringRef chip) {
  // PTX 8.0 covers sm_50 to sm_90a; LLVM picks the oldest PTX version that
  // supports a newer chip (8.6 for sm_100, ...) when given none.
  unsigned sm = 0;
  if (chip.consume_front("sm_") && !chip.consumeInteger(10, sm) &&
      (sm >= 100 || sm == 88))
    return "";
  return "+ptx80";
}

void mlir::kgpu::buildNVVMLoweringPipeline(OpPassManager &pm,
                                           const NVVMTargetOptions &options) {
  // The target first: kgpu-prepare-nvvm checks tensor-core ops against the
  // chip it names.
  GpuNVVMAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  attach.optLevel = options.optLevel;
  if (options.linkLibdevice)
    if (std::optional<std::string> libdevice = findLibdevice(options.cudaPath))
      attach.linkLibs.push_back(*libdevice);
  pm.addPass(createGpuNVVMAttachTarget(attach));
  pm.addPass(createKgpuPrepareNVVM());
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createKgpuConvertGPUToNVVM());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

std::optional<std::string> mlir::kgpu::findLibdevice(StringRef cudaPath) {
  std::optional<std::string> toolkit = findCUDAToolkit(cudaPath);
  if (!toolkit)
    return std::nullopt;
  llvm::SmallString<256> libdevice(*toolkit);
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  if (!llvm::sys::fs::exists(libdevice))
    return std::nullopt;
  return libdevice.str().str();
}

/// Lowers `module` to NVVM, then links libdevice where the lowered code calls
/// it (only math functions without a PTX instruction: sin, exp, ...).
/// Without libdevice such calls are errors at their source location when
/// `requireLibdevice`, and left as declarations otherwise.
static LogicalResult lowerAndLink(ModuleOp module,
                                  const NVVMTargetOptions &options,
                                  bool requireLibdevice) {
  if (std::optional<std::string> error = checkNVVMChip(options.chip))
    return module.emitError("--chip='") << options.chip << "' is " << *error;
  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  NVVMTargetOptions opts = options;
  opts.linkLibdevice = false;
  buildNVVMLoweringPipeline(pm, opts);
  if (failed(pm.run(module)))
    return failure();

  SmallVector<LLVM::CallOp> calls;
  module.walk([&](LLVM::CallOp call) {
    if (std::optional<StringRef> callee = call.getCallee())
      if (callee->starts_with("__nv_"))
        calls.push_back(call);
  });
  if (calls.empty())
    return success();
  std::optional<std::string> libdevice =
      options.linkLibdevice ? findLibdevice(options.cudaPath) : std::nullopt;
  if (!libdevice) {
    if (!requireLibdevice)
      return success();
    for (LLVM::CallOp call : calls)
      call.emitError("this needs libdevice (the CUDA math library function '")
          << *call.getCallee()
          << "'), which was not found: pass --cuda-path (a CUDA toolkit with "
             "nvvm/libdevice/libdevice.10.bc), set CUDA_ROOT or CUDA_HOME, "
             "or put ptxas on PATH";
    return failure();
  }
  MLIRContext *ctx = module.getContext();
  module.walk([&](gpu::GPUModuleOp gpuModule) {
    ArrayAttr targets = gpuModule.getTargetsAttr();
    if (!targets)
      return;
    SmallVector<Attribute> updated;
    for (Attribute attr : targets) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr);
      if (!nvvm) {
        updated.push_back(attr);
        continue;
      }
      SmallVector<Attribute> link;
      if (ArrayAttr files = nvvm.getLink())
        llvm::append_range(link, files);
      link.push_back(StringAttr::get(ctx, *libdevice));
      updated.push_back(NVVM::NVVMTargetAttr::get(
          ctx, nvvm.getO(), nvvm.getTriple(), nvvm.getChip(),
          nvvm.getFeatures(), nvvm.getFlags(), ArrayAttr::get(ctx, link),
          nvvm.getVerifyTarget()));
    }
    gpuModule.setTargetsAttr(ArrayAttr::get(ctx, updated));
  });
  return success();
}

LogicalResult mlir::kgpu::lowerToNVVM(ModuleOp module,
                                      const NVVMTargetOptions &options) {
  return lowerAndLink(module, options, /*requireLibdevice=*/false);
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

  // IEEE sqrt (sqrt.rn: llvm.sqrt, and libdevice's through
  // __CUDA_PREC_SQRT); contraction as asked.
  setLLVMOption("nvptx-prec-sqrtf32", "1");
  setLLVMOption("nvvm-reflect-add", "__CUDA_PREC_SQRT=1");
  setLLVMOption("nvptx-fma-level", options.fpContract == "off"    ? "0"
                                   : options.fpContract == "fast" ? "2"
                                                                  : "1");

  if (failed(lowerAndLink(module, options, /*requireLibdevice=*/true)))
    return failure();
  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
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
  return object.getObject().getValue().str();
}

namespace {
struct NVVMPipelineOptions : public PassPipelineOptions<NVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("Target GPU"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (default: +ptx80, or the PTX version "
                     "the chip needs)")};
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
        options.features =
            o.features.empty() ? getDefaultPTXFeatures(o.chip) : o.features.getValue();
        options.optLevel = o.optLevel;
        buildNVVMLoweringPipeline(pm, options);
      });
}
