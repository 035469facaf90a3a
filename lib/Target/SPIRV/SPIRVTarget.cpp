//===- SPIRVTarget.cpp - GPU form to SPIR-V binaries ----------------------===//

#include "kgpu/Target/SPIRV/SPIRVTarget.h"

#include "kgpu/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::kgpu;

FailureOr<OwningOpRef<ModuleOp>>
mlir::kgpu::lowerToSPIRVDialect(ModuleOp gpuForm, const SPIRVOptions &opts) {
  OwningOpRef<ModuleOp> module(cast<ModuleOp>(gpuForm->clone()));
  PassManager pm(gpuForm.getContext());
  // --mlir-print-ir-after-all and friends when the tool registered the pass
  // manager options; this fails (harmlessly) in tools that did not.
  (void)applyPassManagerCLOptions(pm);
  buildGPUToSPIRVPipeline(pm, opts);
  if (failed(pm.run(*module)))
    return failure();

  // Keep only the spirv.modules, in order.
  OwningOpRef<ModuleOp> result(ModuleOp::create(gpuForm.getLoc()));
  OpBuilder builder = OpBuilder::atBlockEnd(result->getBody());
  for (auto spirvModule : module->getOps<spirv::ModuleOp>())
    builder.clone(*spirvModule);
  if (result->getBody()->empty())
    return gpuForm.emitError("no kernel to compile for the Vulkan (SPIR-V) "
                             "target: the module has no gpu.func kernel");
  return result;
}

/// Decorates the composite specialization constant of a kernel's work-group
/// size (`__kgpu_local_size`, see kgpu-spirv-specialize-workgroup-size)
/// `BuiltIn WorkgroupSize`, which MLIR 22's serializer cannot emit. Returns
/// whether the binary has that constant.
static bool markWorkgroupSizeBuiltIn(SmallVectorImpl<uint32_t> &words) {
  constexpr uint32_t kOpName = 5, kOpDecorate = 71, kBuiltIn = 11,
                     kWorkgroupSize = 25;
  // Opcodes of the sections before the types (capabilities ... annotations).
  auto isPreamble = [](uint32_t opcode) {
    return opcode == 17 || opcode == 10 || opcode == 11 || opcode == 14 ||
           opcode == 15 || opcode == 16 || opcode == 331 || // modes
           (opcode >= 2 && opcode <= 7) || opcode == 330 || // debug
           (opcode >= 71 && opcode <= 75) || opcode == 332 || opcode == 5632 ||
           opcode == 5633; // annotations
  };
  const StringRef name = "__kgpu_local_size";
  std::optional<uint32_t> id;
  size_t insertAt = 0;
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size())
      return false;
    if (!isPreamble(opcode)) {
      insertAt = i;
      break;
    }
    if (opcode == kOpName && count >= 3) {
      StringRef text(reinterpret_cast<const char *>(&words[i + 2]),
                     (count - 2) * 4);
      if (text.take_until([](char c) { return c == 0; }) == name)
        id = words[i + 1];
    }
    i += count;
  }
  if (!id || !insertAt)
    return false;
  uint32_t decorate[] = {(4u << 16) | kOpDecorate, *id, kBuiltIn,
                         kWorkgroupSize};
  words.insert(words.begin() + insertAt, std::begin(decorate),
               std::end(decorate));
  return true;
}

/// Reads back where kgpu-spirv-pack-scalars put the scalar arguments of
/// `kernel` (the gpu.func `func` of the GPU form) in `module`.
static LogicalResult describeScalars(spirv::ModuleOp module,
                                     gpu::GPUFuncOp func,
                                     SPIRVScalarBlock &block) {
  SmallVector<uint32_t> params;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (!isa<MemRefType>(type))
      params.push_back(static_cast<uint32_t>(i));
  spirv::StructType members;
  for (auto var : module.getOps<spirv::GlobalVariableOp>()) {
    auto ptr = cast<spirv::PointerType>(var.getType());
    auto type = dyn_cast<spirv::StructType>(ptr.getPointeeType());
    if (!type || type.getNumElements() == 0)
      continue;
    if (ptr.getStorageClass() == spirv::StorageClass::PushConstant) {
      block.storage = SPIRVScalarBlock::Storage::PushConstant;
    } else if (ptr.getStorageClass() == spirv::StorageClass::StorageBuffer &&
               llvm::all_of(
                   type.getElementTypes(),
                   [](Type t) { return isa<IntegerType, FloatType>(t); }) &&
               var.getBinding()) {
      block.storage = SPIRVScalarBlock::Storage::StorageBuffer;
      block.binding = *var.getBinding();
    } else {
      continue;
    }
    members = type;
    break;
  }
  if (!members) {
    if (params.empty())
      return success();
    return module.emitError("the SPIR-V module of '")
           << func.getName() << "' has no block for its scalar arguments";
  }
  if (members.getNumElements() != params.size())
    return module.emitError("the scalar block of '")
           << func.getName() << "' has " << members.getNumElements()
           << " members for " << params.size() << " scalar arguments";
  for (unsigned i = 0, e = members.getNumElements(); i < e; ++i) {
    uint32_t offset = members.getMemberOffset(i);
    uint32_t slot =
        members.getElementType(i).getIntOrFloatBitWidth() > 32 ? 8 : 4;
    block.members.emplace_back(params[i], offset);
    block.size = std::max(block.size, offset + slot);
  }
  return success();
}

FailureOr<SmallVector<SPIRVKernel>>
mlir::kgpu::compileToSPIRV(ModuleOp gpuForm, const SPIRVOptions &opts) {
  FailureOr<OwningOpRef<ModuleOp>> lowered = lowerToSPIRVDialect(gpuForm, opts);
  if (failed(lowered))
    return failure();

  SmallVector<SPIRVKernel> kernels;
  for (auto spirvModule : (**lowered).getOps<spirv::ModuleOp>()) {
    auto entryPoints =
        llvm::to_vector(spirvModule.getOps<spirv::EntryPointOp>());
    if (entryPoints.size() != 1)
      return spirvModule.emitError("expected exactly one entry point per "
                                   "spirv.module, found ")
             << entryPoints.size();
    SPIRVKernel kernel;
    kernel.name = entryPoints.front().getFn().str();
    kernel.workgroupSize = {1, 1, 1};
    for (auto mode : spirvModule.getOps<spirv::ExecutionModeOp>()) {
      if (mode.getExecutionMode() != spirv::ExecutionMode::LocalSize)
        continue;
      for (auto [i, value] : llvm::enumerate(mode.getValues()))
        if (i < 3)
          kernel.workgroupSize[i] =
              static_cast<int32_t>(cast<IntegerAttr>(value).getInt());
    }
    gpu::GPUFuncOp func;
    gpuForm.walk([&](gpu::GPUFuncOp candidate) {
      if (candidate.isKernel() && candidate.getName() == kernel.name)
        func = candidate;
    });
    if (!func)
      return spirvModule.emitError("no gpu.func kernel '")
             << kernel.name << "' in the GPU form";
    if (failed(describeScalars(spirvModule, func, kernel.scalars)))
      return failure();
    SmallVector<uint32_t> words;
    if (failed(spirv::serialize(spirvModule, words)))
      return spirvModule.emitError("cannot serialize the SPIR-V module of '")
             << kernel.name << "'";
    kernel.dynamicWorkgroupSize = markWorkgroupSizeBuiltIn(words);
    kernel.words.assign(words.begin(), words.end());
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}

std::optional<ShadingLanguage>
mlir::kgpu::parseShadingLanguage(StringRef name) {
  return llvm::StringSwitch<std::optional<ShadingLanguage>>(name)
      .Case("glsl", ShadingLanguage::GLSL)
      .Case("msl", ShadingLanguage::MSL)
      .Case("hlsl", ShadingLanguage::HLSL)
      .Default(std::nullopt);
}
