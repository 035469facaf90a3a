//===- Backend.cpp - the CPU target backend -------------------------------===//
//
// "cpu": a dlopen-able shared library per bundle (the CPU ABI of
// docs/codegen.md), compiled with TargetConfig::cpu. Floating point is
// never relaxed on the CPU, whatever the contraction setting.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/CPU/CPUTarget.h"
#include "kgpu/Target/TargetBackend.h"

using namespace mlir;
using namespace mlir::kgpu;

namespace {

class CPUBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "cpu"; }

  ArrayRef<StringRef> getEmitKinds() const override {
    static const StringRef kinds[] = {"cpu"};
    return kinds;
  }

  LogicalResult compile(ModuleOp gpuForm, const TargetConfig &config,
                        TargetResult &result) const override {
    FailureOr<std::string> so = emit(gpuForm, "cpu", config);
    if (failed(so))
      return failure();
    result.payloads.push_back({"cpu", "elf-shared-object", "", *so});
    return success();
  }

  FailureOr<std::string> emit(ModuleOp gpuForm, StringRef,
                              const TargetConfig &config) const override {
    return compileToSharedObject(gpuForm, config.cpu);
  }
};

} // namespace

void mlir::kgpu::registerCPUTargetBackend() {
  registerTargetBackend(std::make_unique<CPUBackend>());
}
