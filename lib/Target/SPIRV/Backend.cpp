//===- Backend.cpp - the Vulkan target backend ----------------------------===//
//
// "vulkan": one SPIR-V binary per kernel, and the text forms (spirv-asm and,
// through SPIRV-Cross, GLSL, MSL and HLSL).
//
//===----------------------------------------------------------------------===//

#include "kgpu/ABI/Manifest.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Target/SPIRV/SPIRVTarget.h"
#include "kgpu/Target/TargetBackend.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/StringSet.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::kgpu;

namespace {

/// The "vulkan" object of a kernel's manifest entry (docs/bundle.md).
llvm::json::Object describeScalarBlock(const SPIRVScalarBlock &block) {
  using Storage = SPIRVScalarBlock::Storage;
  llvm::json::Object scalars;
  scalars["storage"] = block.storage == Storage::PushConstant ? "push_constant"
                       : block.storage == Storage::StorageBuffer
                           ? "storage_buffer"
                           : "none";
  if (block.storage == Storage::StorageBuffer)
    scalars["binding"] = block.binding;
  scalars["size"] = block.size;
  llvm::json::Array members;
  for (auto [param, offset] : block.members)
    members.push_back(llvm::json::Object{{"param", param}, {"offset", offset}});
  scalars["members"] = std::move(members);
  return llvm::json::Object{{"scalars", std::move(scalars)}};
}

/// The manifest name of a cooperative-matrix component type.
std::string getComponentTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isInteger(8))
    return "i8";
  if (type.isInteger(32))
    return "i32";
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

/// The tensor-core multiplies of kernel `name` of the GPU form (its SPIR-V
/// uses them as cooperative matrices), once each: the "cooperative_matrix"
/// entries of its manifest's "vulkan" object, which the runtime checks
/// against the device (docs/bundle.md).
llvm::json::Array describeCooperativeMatrices(ModuleOp gpuForm,
                                              StringRef name) {
  llvm::json::Array entries;
  llvm::StringSet<> seen;
  gpuForm.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel() || func.getName() != name)
      return;
    func.walk([&](mlir::kgpu::MmaComputeOp op) {
      mlir::kgpu::MmaFragmentType a = op.getA().getType(), c = op.getC().getType();
      std::string input = getComponentTypeName(a.getElementType());
      std::string acc = getComponentTypeName(c.getElementType());
      std::string key = std::to_string(a.getM()) + "x" +
                        std::to_string(a.getN()) + "x" +
                        std::to_string(a.getK()) + input + acc;
      if (!seen.insert(key).second)
        return;
      entries.push_back(llvm::json::Object{{KGPU_MANIFEST_M, a.getM()},
                                           {KGPU_MANIFEST_N, a.getN()},
                                           {KGPU_MANIFEST_K, a.getK()},
                                           {KGPU_MANIFEST_A, input},
                                           {KGPU_MANIFEST_B, input},
                                           {KGPU_MANIFEST_C, acc},
                                           {KGPU_MANIFEST_RESULT, acc}});
    });
  });
  return entries;
}

/// Whether a SPIR-V binary declares AtomicFloat32AddEXT or
/// AtomicFloat64AddEXT (its capabilities come before its first function).
bool usesAtomicFloatAdd(ArrayRef<uint32_t> words) {
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || opcode == 54 /*OpFunction*/)
      break;
    if (opcode == 17 /*OpCapability*/ && count == 2 &&
        (words[i + 1] == 6033 || words[i + 1] == 6034))
      return true;
    i += count;
  }
  return false;
}

class SPIRVBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "vulkan"; }

  ArrayRef<StringRef> getEmitKinds() const override {
    static const StringRef kinds[] = {"spirv", "spirv-asm", "glsl", "msl",
                                      "hlsl"};
    return kinds;
  }

  LogicalResult compile(ModuleOp gpuForm, const TargetConfig &config,
                        TargetResult &result) const override {
    const SPIRVOptions &options = config.spirv;
    FailureOr<SmallVector<SPIRVKernel>> kernels =
        compileToSPIRV(gpuForm, options);
    if (failed(kernels))
      return failure();
    // A kernel with native float atomic add also gets a variant with
    // compare-and-swap loops, after it: the runtime takes the first variant
    // the device can run (docs/bundle.md), so the bundle runs at full speed
    // where the device has shaderBuffer{32,64}AtomicAdd and still runs
    // where it does not (lavapipe has no f64 atomic add).
    llvm::StringMap<std::vector<uint32_t>> fallbacks;
    if (llvm::any_of(*kernels, [](const SPIRVKernel &k) {
          return usesAtomicFloatAdd(k.words);
        })) {
      SPIRVOptions casOptions;
      casOptions.copyOptionValuesFrom(options);
      casOptions.atomicFloatAdd = false;
      FailureOr<SmallVector<SPIRVKernel>> cas =
          compileToSPIRV(gpuForm, casOptions);
      if (failed(cas))
        return failure();
      for (SPIRVKernel &k : *cas)
        fallbacks[k.name] = std::move(k.words);
    }
    auto bytes = [](const std::vector<uint32_t> &words) {
      return std::string(reinterpret_cast<const char *>(words.data()),
                         words.size() * sizeof(uint32_t));
    };
    for (const SPIRVKernel &k : *kernels) {
      result.kernelManifest[k.name] = describeScalarBlock(k.scalars);
      llvm::json::Array multiplies =
          describeCooperativeMatrices(gpuForm, k.name);
      if (!multiplies.empty())
        result.kernelManifest[k.name][KGPU_MANIFEST_COOPERATIVE_MATRIX] =
            std::move(multiplies);
      result.payloads.push_back({"vulkan", "spirv", k.name, bytes(k.words)});
      auto fallback = fallbacks.find(k.name);
      if (usesAtomicFloatAdd(k.words) && fallback != fallbacks.end())
        result.payloads.push_back(
            {"vulkan", "spirv", k.name, bytes(fallback->second)});
    }
    return success();
  }

  FailureOr<std::string> emit(ModuleOp gpuForm, StringRef kind,
                              const TargetConfig &config) const override {
    const SPIRVOptions &options = config.spirv;
    if (kind == "spirv-asm") {
      FailureOr<OwningOpRef<ModuleOp>> spirv =
          lowerToSPIRVDialect(gpuForm, options);
      if (failed(spirv))
        return failure();
      std::string text;
      llvm::raw_string_ostream os(text);
      (*spirv)->print(os);
      os << "\n";
      return text;
    }
    FailureOr<SmallVector<SPIRVKernel>> kernels =
        compileToSPIRV(gpuForm, options);
    if (failed(kernels))
      return failure();
    if (kind == "spirv") {
      if (kernels->size() != 1) {
        config.fail("--emit=spirv writes one kernel's binary, but the input "
                    "has " +
                    Twine(kernels->size()) + "; pick one with --kernel");
        return failure();
      }
      const std::vector<uint32_t> &words = kernels->front().words;
      return std::string(reinterpret_cast<const char *>(words.data()),
                         words.size() * sizeof(uint32_t));
    }
    ShadingLanguage language = *parseShadingLanguage(kind);
    std::string text;
    for (const SPIRVKernel &k : *kernels) {
      std::string error;
      FailureOr<std::string> source =
          crossCompile(k.words, k.name, language, error);
      if (failed(source)) {
        config.fail("cross-compiling '" + k.name + "': " + error);
        return failure();
      }
      text += *source;
    }
    return text;
  }
};

} // namespace

void mlir::kgpu::registerSPIRVTargetBackend() {
  registerTargetBackend(std::make_unique<SPIRVBackend>());
}
