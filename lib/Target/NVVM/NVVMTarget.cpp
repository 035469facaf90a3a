//===- NVVMTarget.cpp - CUDA serialization ----------------------*- C++ -*-===//
//
// Toolkit discovery and serialization for the CUDA target. The lowering is
// the `kgpu-gpu-to-nvvm` pipeline (lib/Pipelines/NVVM.cpp); contraction
// travels as fast-math flags (kgpu-nvvm-apply-fp-contract) and IEEE square root
// as the answer to libdevice's __nvvm_reflect("__CUDA_PREC_SQRT"), given per
// serialization: no process-wide LLVM option is written, so compilations
// in one process do not see each other's options.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/NVVM/NVVMTarget.h"

#include "kgpu/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

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
    return isToolkit(explicitPath)
               ? std::optional<std::string>(explicitPath.str())
               : std::nullopt;
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var))
      if (*value && isToolkit(value))
        return std::string(value);
  if (llvm::ErrorOr<std::string> ptxas =
          llvm::sys::findProgramByName("ptxas")) {
    StringRef bin = llvm::sys::path::parent_path(*ptxas);
    std::string root = llvm::sys::path::parent_path(bin).str();
    if (isToolkit(root))
      return root;
  }
  return std::nullopt;
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

LogicalResult mlir::kgpu::lowerToNVVM(ModuleOp module,
                                      const NVVMOptions &options,
                                      bool requireLibdevice) {
  if (std::optional<std::string> error = checkNVVMChip(options.chip))
    return module.emitError("--chip='") << options.chip << "' is " << *error;
  PassManager pm(module.getContext());
  // --mlir-print-ir-after-all and friends when the tool registered the pass
  // manager options; this fails (harmlessly) in hosts that did not.
  (void)applyPassManagerCLOptions(pm);
  buildGPUToNVVMPipeline(pm, options);
  if (failed(pm.run(module)))
    return failure();

  // libdevice only where the lowered code calls it: parsing and linking it
  // is most of the compile time of a small kernel.
  SmallVector<LLVM::CallOp> calls;
  module.walk([&](LLVM::CallOp call) {
    if (std::optional<StringRef> callee = call.getCallee())
      if (callee->starts_with("__nv_"))
        calls.push_back(call);
  });
  if (calls.empty())
    return success();
  std::optional<std::string> libdevice = findLibdevice(options.cudaPath);
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

/// Answers libdevice's __nvvm_reflect("__CUDA_PREC_SQRT") with 1 (IEEE
/// sqrt.rn, as nvcc's -prec-sqrt=true) before NVVMReflect folds the other
/// queries. LLVM 22's NVVMReflect takes this answer only from the
/// process-wide -nvvm-reflect-add option, which one compilation must not
/// set for another.
static void answerPrecSqrtReflect(llvm::Module &module) {
  SmallVector<llvm::CallInst *> answered;
  for (llvm::Function &function : module) {
    StringRef name = function.getName();
    if (name != "__nvvm_reflect" && name != "llvm.nvvm.reflect")
      continue;
    for (llvm::User *user : function.users()) {
      auto *call = dyn_cast<llvm::CallInst>(user);
      if (!call || call->getCalledFunction() != &function ||
          call->arg_size() != 1)
        continue;
      const llvm::Value *arg = call->getArgOperand(0);
      if (auto *inner = dyn_cast<llvm::CallInst>(arg))
        if (inner->arg_size() == 1)
          arg = inner->getArgOperand(0);
      auto *global = dyn_cast<llvm::GlobalVariable>(arg->stripPointerCasts());
      if (!global || !global->hasInitializer())
        continue;
      auto *data =
          dyn_cast<llvm::ConstantDataSequential>(global->getInitializer());
      if (!data || !data->isString())
        continue;
      if (data->getAsString().rtrim('\0') == "__CUDA_PREC_SQRT")
        answered.push_back(call);
    }
  }
  for (llvm::CallInst *call : answered) {
    call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), 1));
    call->eraseFromParent();
  }
}

FailureOr<NVVMObjects>
mlir::kgpu::serializeNVVM(ModuleOp module, const NVVMOptions &options,
                          std::optional<NVVMFormat> binary) {
  std::optional<std::string> toolkit = findCUDAToolkit(options.cudaPath);
  if (!options.cudaPath.empty() && !toolkit)
    return module.emitError("--cuda-path '")
           << options.cudaPath
           << "' is not a CUDA toolkit (no bin/ptxas or "
              "nvvm/libdevice/libdevice.10.bc under it)";
  if (binary && *binary != NVVMFormat::PTX && !toolkit)
    return module.emitError(
        "ptxas is needed for cubin/fatbin but no CUDA toolkit was found: "
        "pass --cuda-path, set CUDA_ROOT or CUDA_HOME, or put ptxas on PATH");

  // One LLVM code generation: the PTX comes through the ISA callback, the
  // cubin or fatbin from ptxas on the same PTX.
  std::string ptx;
  auto onISA = [&](StringRef isa) { ptx = isa.str(); };
  auto onLinked = [](llvm::Module &llvmModule) {
    answerPrecSqrtReflect(llvmModule);
  };
  std::optional<SymbolTable> symbols;
  auto getSymbols = [&]() -> SymbolTable * {
    if (!symbols)
      symbols.emplace(module);
    return &*symbols;
  };
  gpu::CompilationTarget target = gpu::CompilationTarget::Assembly;
  if (binary == NVVMFormat::Cubin)
    target = gpu::CompilationTarget::Binary;
  else if (binary == NVVMFormat::Fatbin)
    target = gpu::CompilationTarget::Fatbin;
  gpu::TargetOptions targetOptions(
      toolkit.value_or(""), /*librariesToLink=*/{}, /*cmdOptions=*/"",
      /*elfSection=*/"", target, getSymbols, /*initialLlvmIRCallback=*/{},
      onLinked, /*optimizedLlvmIRCallback=*/{}, onISA);
  if (failed(
          gpu::transformGpuModulesToBinaries(module, nullptr, targetOptions)))
    return failure();

  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return module.emitError("expected one gpu.binary after serialization, got ")
           << binaries.size();
  auto objects = binaries.front().getObjects();
  if (objects.size() != 1)
    return module.emitError("expected one object in the gpu.binary");
  auto object = cast<gpu::ObjectAttr>(objects[0]);
  NVVMObjects result;
  if (target == gpu::CompilationTarget::Assembly) {
    result.ptx = object.getObject().getValue().str();
  } else {
    result.ptx = std::move(ptx);
    result.binary = object.getObject().getValue().str();
  }
  return result;
}

FailureOr<std::string>
mlir::kgpu::compileToNVVMBinary(ModuleOp module, NVVMFormat format,
                                const NVVMOptions &options) {
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
  if (failed(lowerToNVVM(module, options, /*requireLibdevice=*/true)))
    return failure();
  FailureOr<NVVMObjects> objects = serializeNVVM(
      module, options,
      format == NVVMFormat::PTX ? std::nullopt : std::optional(format));
  if (failed(objects))
    return failure();
  return objects->binary ? std::move(*objects->binary)
                         : std::move(objects->ptx);
}
