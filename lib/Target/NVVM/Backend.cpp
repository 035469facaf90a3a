//===- Backend.cpp - the CUDA target backend ------------------------------===//
//
// "cuda": the GPU form lowered once by kgpu-gpu-to-nvvm, serialized once to
// PTX, and to a cubin from the same PTX when ptxas is found (no JIT at load
// time).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/NVVM/NVVMTarget.h"
#include "kgpu/Target/TargetBackend.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::kgpu;

namespace {

class NVVMBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "cuda"; }

  ArrayRef<StringRef> getEmitKinds() const override {
    static const StringRef kinds[] = {"llvm", "ptx", "cubin", "fatbin"};
    return kinds;
  }

  std::optional<std::string>
  checkConfig(const TargetConfig &config) const override {
    const std::string &chip = config.nvvm.chip;
    if (std::optional<std::string> error = checkNVVMChip(chip))
      return "--chip='" + chip + "' is " + *error;
    return std::nullopt;
  }

  LogicalResult compile(ModuleOp gpuForm, const TargetConfig &config,
                        TargetResult &result) const override {
    const NVVMOptions &options = config.nvvm;
    std::optional<std::string> toolkit = findCUDAToolkit(options.cudaPath);
    if (!options.cudaPath.empty() && !toolkit)
      return gpuForm.emitError("--cuda-path '")
             << options.cudaPath
             << "' is not a CUDA toolkit (no bin/ptxas or "
                "nvvm/libdevice/libdevice.10.bc under it)";
    OwningOpRef<ModuleOp> module(gpuForm.clone());
    if (failed(lowerToNVVM(*module, options, /*requireLibdevice=*/true)))
      return failure();
    // A cubin too when ptxas is available, from the same lowering and PTX.
    FailureOr<NVVMObjects> objects = serializeNVVM(
        *module, options,
        toolkit ? std::optional(NVVMFormat::Cubin) : std::nullopt);
    if (failed(objects))
      return failure();
    result.payloads.push_back({"cuda", "ptx", "", std::move(objects->ptx)});
    if (objects->binary)
      result.payloads.push_back(
          {"cuda", "cubin:" + options.chip, "", std::move(*objects->binary)});
    return success();
  }

  FailureOr<std::string> emit(ModuleOp gpuForm, StringRef kind,
                              const TargetConfig &config) const override {
    const NVVMOptions &options = config.nvvm;
    OwningOpRef<ModuleOp> module(gpuForm.clone());
    if (kind == "llvm") {
      if (failed(lowerToNVVM(*module, options)))
        return failure();
      std::string text;
      llvm::raw_string_ostream os(text);
      module->print(os);
      os << "\n";
      return text;
    }
    NVVMFormat format = llvm::StringSwitch<NVVMFormat>(kind)
                            .Case("ptx", NVVMFormat::PTX)
                            .Case("cubin", NVVMFormat::Cubin)
                            .Default(NVVMFormat::Fatbin);
    return compileToNVVMBinary(*module, format, options);
  }
};

} // namespace

void mlir::kgpu::registerNVVMTargetBackend() {
  registerTargetBackend(std::make_unique<NVVMBackend>());
}
