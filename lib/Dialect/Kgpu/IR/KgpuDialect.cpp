//===- KgpuDialect.cpp - kgpu dialect ---------------------------*- C++ -*-===//
//
// Dialect registration and verification of the kgpu discardable attributes
// (`kgpu.kernel`, `kgpu.device`, `kgpu.workgroup_size`,
// `kgpu.default_workgroup_size`, `kgpu.arg`).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/GridStride.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::kgpu;

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.cpp.inc"
#include "kgpu/Dialect/Kgpu/IR/KgpuEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuAttrs.cpp.inc"

void KgpuDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "kgpu/Dialect/Kgpu/IR/KgpuOps.cpp.inc"
      >();
  registerTypes();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "kgpu/Dialect/Kgpu/IR/KgpuAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers shared with the op verifiers
//===----------------------------------------------------------------------===//

static bool isKernelFunc(Operation *func) {
  if (func->hasAttr(KgpuDialect::getKernelAttrName()))
    return true;
  if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func))
    return gpuFunc.isKernel();
  return false;
}

bool mlir::kgpu::isInKernelContext(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return false;
  return isKernelFunc(func) ||
         func->hasAttr(KgpuDialect::getDeviceAttrName()) ||
         isa<gpu::GPUFuncOp>(func.getOperation());
}

bool mlir::kgpu::isInKernelFunction(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  return func && isKernelFunc(func);
}

static bool hasDefaultMemorySpace(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  auto intSpace = dyn_cast<IntegerAttr>(space);
  return intSpace && intSpace.getInt() == 0;
}

bool mlir::kgpu::isLocalMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  auto intSpace = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace());
  return intSpace && intSpace.getInt() == KgpuDialect::kLocalMemorySpace;
}

bool mlir::kgpu::isGlobalMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && hasDefaultMemorySpace(memref);
}

/// The highest dimension (0-2) that the id ops under `root` use.
static unsigned highestDimension(Operation *root) {
  unsigned highest = 0;
  root->walk([&](Operation *op) {
    if (auto attr = op->getAttrOfType<DimensionAttr>("dimension"))
      highest = std::max(highest, static_cast<unsigned>(attr.getValue()));
  });
  return highest;
}

static std::optional<std::array<int32_t, 3>> getPaddedSize(Operation *kernel,
                                                           StringRef name) {
  auto attr = kernel->getAttrOfType<DenseI32ArrayAttr>(name);
  if (!attr)
    return std::nullopt;
  std::array<int32_t, 3> wg = {1, 1, 1};
  for (auto [i, v] : llvm::enumerate(attr.asArrayRef()))
    if (i < 3)
      wg[i] = v;
  return wg;
}

std::optional<std::array<int32_t, 3>>
mlir::kgpu::getFixedKernelWorkgroupSize(Operation *kernel) {
  return getPaddedSize(kernel, KgpuDialect::getWorkgroupSizeAttrName());
}

bool mlir::kgpu::isKernelWorkgroupSizeFixed(Operation *kernel) {
  return kernel->hasAttr(KgpuDialect::getWorkgroupSizeAttrName());
}

int64_t mlir::kgpu::getMaxKernelWorkItems(Operation *kernel) {
  if (std::optional<std::array<int32_t, 3>> wg =
          getFixedKernelWorkgroupSize(kernel))
    return static_cast<int64_t>((*wg)[0]) * (*wg)[1] * (*wg)[2];
  return KgpuDialect::kMaxWorkgroupItems;
}

std::array<int32_t, 3> mlir::kgpu::getKernelWorkgroupSize(Operation *kernel) {
  if (auto wg = getPaddedSize(kernel, KgpuDialect::getWorkgroupSizeAttrName()))
    return *wg;
  if (auto wg =
          getPaddedSize(kernel, KgpuDialect::getDefaultWorkgroupSizeAttrName()))
    return *wg;
  switch (highestDimension(kernel)) {
  case 0:
    return {256, 1, 1};
  case 1:
    return {16, 16, 1};
  default:
    return {8, 8, 4};
  }
}

//===----------------------------------------------------------------------===//
// Discardable attribute verification
//===----------------------------------------------------------------------===//

static LogicalResult verifyKernelFunction(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitError("'") << KgpuDialect::getKernelAttrName()
                              << "' may only be attached to a function";
  if (op->hasAttr(KgpuDialect::getDeviceAttrName()))
    return op->emitError("a function cannot be both '")
           << KgpuDialect::getKernelAttrName() << "' and '"
           << KgpuDialect::getDeviceAttrName() << "'";
  if (func.getNumResults() != 0)
    return op->emitError("a kgpu kernel must not return values, but '")
           << func.getName() << "' returns " << func.getNumResults();
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (!func.getArgAttr(i, KgpuDialect::getArgAttrName()))
      return op->emitError("kernel argument #")
             << i << " has no '" << KgpuDialect::getArgAttrName()
             << "' attribute (#kgpu.arg<buffer|scalar, access>)";
  return success();
}

LogicalResult KgpuDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getKernelAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a unit attribute";
    return verifyKernelFunction(op);
  }
  if (name == getDeviceAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a unit attribute";
    if (!isa<FunctionOpInterface>(op))
      return op->emitError("'")
             << name << "' may only be attached to a function";
    return success();
  }
  if (name == getWorkgroupSizeAttrName() ||
      name == getDefaultWorkgroupSizeAttrName()) {
    if (op->hasAttr(getWorkgroupSizeAttrName()) &&
        op->hasAttr(getDefaultWorkgroupSizeAttrName()))
      return op->emitError("a kernel cannot have both '")
             << getWorkgroupSizeAttrName() << "' (a fixed size) and '"
             << getDefaultWorkgroupSizeAttrName() << "' (a default size)";
    auto sizes = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (!sizes || sizes.empty() || sizes.size() > 3)
      return op->emitError("'")
             << name << "' must be an array<i32> of 1 to 3 sizes";
    // Kernels keep the attribute through outlining and lowering (gpu.func,
    // then llvm.func).
    if (!isa<FunctionOpInterface>(op) || op->hasAttr(getDeviceAttrName()))
      return op->emitError("'") << name << "' is only valid on a kernel";
    int64_t total = 1;
    for (int32_t size : sizes.asArrayRef()) {
      if (size <= 0)
        return op->emitError("work-group sizes must be positive, got ") << size;
      total *= size;
    }
    if (total > kMaxWorkgroupItems)
      return op->emitError("work-group of ")
             << total << " work-items exceeds the limit of "
             << kMaxWorkgroupItems;
    return success();
  }
  if (name == getArgsAttrName()) {
    // On an outlined kernel (gpu.func, later llvm.func).
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func || op->hasAttr(getKernelAttrName()) ||
        op->hasAttr(getDeviceAttrName()))
      return op->emitError("'")
             << name << "' is only valid on an outlined kernel";
    auto args = dyn_cast<ArrayAttr>(attr.getValue());
    if (!args ||
        !llvm::all_of(args, [](Attribute a) { return isa<ArgAttr>(a); }))
      return op->emitError("'") << name << "' must be an array of #kgpu.arg";
    auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(op);
    if (gpuFunc && args.size() != gpuFunc.getNumArguments())
      return op->emitError("'")
             << name << "' has " << args.size() << " entries for "
             << gpuFunc.getNumArguments() << " arguments";
    return success();
  }
  if (name == getBoundsSitesAttrName()) {
    auto sites = dyn_cast<ArrayAttr>(attr.getValue());
    if (!isa<FunctionOpInterface>(op) || !sites ||
        !llvm::all_of(sites, [](Attribute a) {
          auto d = dyn_cast<DictionaryAttr>(a);
          return d && isa_and_nonnull<StringAttr>(d.get("what")) &&
                 isa_and_nonnull<LocationAttr>(d.get("loc"));
        }))
      return op->emitError("'")
             << name
             << "' must be an array of {what = string, loc = location} on a "
                "function";
    return success();
  }
  if (name == "kgpu.dispatch_params") {
    // On a kernel with a dispatch-size launch (the Kotlin IR frontend,
    // docs/kotlin.md): the names of its trailing i32 parameters that carry
    // the launch size, in order (["size"], ["width", "height"] or
    // ["width", "height", "depth"]); the runtime fills them in.
    auto names = dyn_cast<ArrayAttr>(attr.getValue());
    if (!names || names.empty() || names.size() > 3 ||
        !llvm::all_of(names, llvm::IsaPred<StringAttr>))
      return op->emitError("'") << name
                                << "' must be an array of 1 to 3 strings";
    return success();
  }
  if (name == kGridStrideAttrName) {
    // kgpu-lower-parallel-loops' grid-stride loops (GridStride.h); the
    // SPIR-V pipeline's scf-for-to-while carries it to the scf.while.
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a unit attribute";
    return success();
  }
  if (name == "kgpu.source_language") {
    // Written by the frontends (include/kgpu/Frontend/SourceLanguage.h).
    auto dict = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!isa<ModuleOp>(op) || !dict ||
        !isa_and_nonnull<StringAttr>(dict.get("name")))
      return op->emitError("'")
             << name
             << "' must be a dictionary with a string 'name' on a "
                "builtin.module";
    if (Attribute fp = dict.get("fp_contract")) {
      auto text = dyn_cast<StringAttr>(fp);
      if (!text || !llvm::is_contained(
                       {StringRef("off"), StringRef("on"), StringRef("fast")},
                       text.getValue()))
        return op->emitError("'")
               << name << "': fp_contract must be \"off\", \"on\" or \"fast\"";
    }
    return success();
  }
  return op->emitError("unknown kgpu attribute '") << name << "'";
}

LogicalResult KgpuDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getArgNameAttrName()) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a string";
    return success();
  }
  if (name == getSizeOfAttrName()) {
    auto of = dyn_cast<IntegerAttr>(attr.getValue());
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!of || !func || of.getInt() < 0 ||
        of.getInt() >= static_cast<int64_t>(func.getNumArguments()) ||
        of.getInt() == argIndex)
      return op->emitError("'")
             << name << "' must be the index of another argument";
    return success();
  }
  if (name == getBoundsStatusAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a unit attribute";
    return success();
  }
  if (name == "kgpu.reduce_init") {
    // The initial values of a reduction output's elements (the JVM
    // frontend: KernelAttrs.h, docs/bundle.md "init").
    auto inits = dyn_cast<ArrayAttr>(attr.getValue());
    bool ok = inits && llvm::all_of(inits, [](Attribute a) {
      auto pair = dyn_cast<ArrayAttr>(a);
      if (!pair || pair.size() != 2)
        return false;
      auto element = dyn_cast<IntegerAttr>(pair[0]);
      return element && element.getInt() >= 0 &&
             isa<FloatAttr, IntegerAttr>(pair[1]);
    });
    if (!ok)
      return op->emitError("'")
             << name
             << "' must be an array of [element, value] pairs (a "
                "non-negative integer and a float or integer)";
    return success();
  }
  if (name != getArgAttrName())
    return op->emitError("unknown kgpu argument attribute '") << name << "'";
  auto argAttr = dyn_cast<ArgAttr>(attr.getValue());
  if (!argAttr)
    return op->emitError("'") << name << "' must be a #kgpu.arg attribute";
  if (!op->hasAttr(getKernelAttrName()))
    return op->emitError("'")
           << name << "' is only valid on arguments of a kernel";
  Region &region = op->getRegion(regionIndex);
  if (region.empty())
    return success(); // A declaration: nothing to check against.
  Type type = region.getArgument(argIndex).getType();
  switch (argAttr.getKind()) {
  case ArgKind::Buffer:
    if (!isGlobalMemRef(type))
      return op->emitError("buffer argument #")
             << argIndex << " must be a memref in global memory, got " << type;
    return success();
  case ArgKind::Scalar:
    if (!type.isIntOrIndexOrFloat())
      return op->emitError("scalar argument #")
             << argIndex << " must be an integer, index or float, got " << type;
    if (argAttr.getAccess() != Access::Read)
      return op->emitError("scalar argument #")
             << argIndex << " is passed by value and can only be 'read'";
    return success();
  }
  return success();
}
