//===- ManifestTest.cpp - the compiler's bundle manifest ------------------===//
//
// buildManifest records the ABI of the CPU payload (cpu.subgroup_size, the
// names of kgpu/ABI/Manifest.h), and it survives the bundle's write/read.
//
//===----------------------------------------------------------------------===//

#include "kgpu/ABI/Manifest.h"
#include "kgpu/ABI/CPU.h"
#include "kgpu/Bundle/Bundle.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Target/Bundle/Manifest.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

constexpr const char *kKernel = R"mlir(
func.func @lanes(%out: memref<?xi32> {kgpu.arg = #kgpu.arg<buffer, write>})
    attributes {kgpu.kernel} {
  return
}
)mlir";

/// The manifest of `kKernel` for `targets`, written into a bundle and read
/// back.
llvm::json::Object roundTrip(const std::vector<std::string> &targets,
                             std::optional<unsigned> cpuSubgroupSize) {
  MLIRContext context;
  context.loadDialect<mlir::kgpu::KgpuDialect, func::FuncDialect,
                      memref::MemRefDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kKernel, &context);
  EXPECT_TRUE(module);
  OwningOpRef<ModuleOp> gpuForm = ModuleOp::create(UnknownLoc::get(&context));
  llvm::json::Object manifest =
      cpuSubgroupSize
          ? mlir::kgpu::buildManifest(*module, *gpuForm, "lanes.mlir", "mlir",
                                      targets, {}, *cpuSubgroupSize)
          : mlir::kgpu::buildManifest(*module, *gpuForm, "lanes.mlir", "mlir",
                                      targets);
  llvm::Expected<::kgpu::bundle::Bundle> bundle =
      ::kgpu::bundle::read(::kgpu::bundle::write(std::move(manifest), {}));
  if (!bundle) {
    ADD_FAILURE() << llvm::toString(bundle.takeError());
    return {};
  }
  return std::move(bundle->manifest);
}

TEST(ManifestTest, RecordsTheCPUSubgroupSize) {
  llvm::json::Object manifest = roundTrip({"cpu"}, 16);
  const llvm::json::Object *cpu = manifest.getObject(KGPU_MANIFEST_CPU);
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->getInteger(KGPU_MANIFEST_SUBGROUP_SIZE),
            std::optional<int64_t>(16));
  // The GPU targets read the subgroup size at run time.
  const llvm::json::Array *kernels = manifest.getArray(KGPU_MANIFEST_KERNELS);
  ASSERT_TRUE(kernels && kernels->size() == 1);
  const llvm::json::Object *subgroups =
      (*kernels)[0].getAsObject()->getObject(KGPU_MANIFEST_SUBGROUPS);
  ASSERT_NE(subgroups, nullptr);
  const llvm::json::Value *assumed = subgroups->get(KGPU_MANIFEST_ASSUMED_SIZE);
  ASSERT_NE(assumed, nullptr);
  EXPECT_EQ(*assumed, llvm::json::Value(nullptr));
}

TEST(ManifestTest, DefaultCPUSubgroupSize) {
  llvm::json::Object manifest = roundTrip({"cuda", "cpu"}, std::nullopt);
  const llvm::json::Object *cpu = manifest.getObject(KGPU_MANIFEST_CPU);
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->getInteger(KGPU_MANIFEST_SUBGROUP_SIZE),
            std::optional<int64_t>(KGPU_CPU_DEFAULT_SUBGROUP_SIZE));
}

TEST(ManifestTest, NoCPUPayloadNoCPUObject) {
  llvm::json::Object manifest = roundTrip({"cuda", "vulkan"}, 16);
  EXPECT_EQ(manifest.get(KGPU_MANIFEST_CPU), nullptr);
  EXPECT_EQ(manifest.getString(KGPU_MANIFEST_FORMAT),
            std::optional<llvm::StringRef>(KGPU_MANIFEST_FORMAT_NAME));
}

} // namespace
