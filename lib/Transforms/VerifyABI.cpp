//===- VerifyABI.cpp - what every kgpu target can represent -----*- C++ -*-===//

#include "kgpu/Transforms/Passes.h"

#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_KGPUVERIFYABI
#include "kgpu/Transforms/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;

namespace {

constexpr int64_t kMaxRank = 8;

constexpr const char *kSupported =
    "i1, i8, i16, i32, i64, index, f16, bf16, f32, f64, and memrefs of them "
    "of rank 1 to 8 (0 to 8 inside kernels)";

/// `name` quoted, with unprintable and non-ASCII bytes escaped (\XX).
std::string quote(StringRef name) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '\'';
  llvm::printEscapedString(name, os);
  os << '\'';
  return s;
}

bool isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

bool isSupportedScalar(Type type) {
  if (type.isIndex() || type.isF16() || type.isBF16() || type.isF32() ||
      type.isF64())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || !integer.isSignless())
    return false;
  return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
}

/// Buffer parameters have rank 1 to 8; memrefs in bodies may also be 0-D
/// (the private accumulators of reductions, for one).
bool isSupported(Type type, bool parameter = false) {
  if (isSupportedScalar(type) || isa<KgpuDialect>(type.getDialect()))
    return true;
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref.getRank() >= (parameter ? 1 : 0) &&
           memref.getRank() <= kMaxRank &&
           isSupportedScalar(memref.getElementType());
  return false;
}

InFlightDiagnostic unsupportedType(Location loc, StringRef what, Type type) {
  return emitError(loc) << what << " has type " << type
                        << ", which the kgpu targets do not support ("
                        << kSupported << ")";
}

LogicalResult verifyKernel(func::FuncOp kernel) {
  if (!isCIdentifier(kernel.getName()))
    return kernel.emitError("kernel name ")
           << quote(kernel.getName())
           << " is not a C identifier (letters, digits and '_', not "
              "starting with a digit): kernel names become PTX, SPIR-V and "
              "ELF symbols";
  if (kernel.isExternal())
    return success();
  llvm::StringMap<unsigned> names;
  for (BlockArgument arg : kernel.getArguments()) {
    unsigned i = arg.getArgNumber();
    std::string name = "arg" + std::to_string(i);
    if (StringAttr attr = getArgNameAttr(kernel, i)) {
      name = attr.str();
      if (!isCIdentifier(name))
        return emitError(arg.getLoc(), "parameter name ")
               << quote(name) << " of kernel '" << kernel.getName()
               << "' is not a C identifier (letters, digits and '_', not "
                  "starting with a digit)";
    }
    auto [it, inserted] = names.try_emplace(name, i);
    if (!inserted)
      return emitError(arg.getLoc(), "parameters #")
             << it->second << " and #" << i << " of kernel '"
             << kernel.getName() << "' are both named '" << name << "'";

    std::string what =
        "parameter '" + name + "' of kernel '" + kernel.getName().str() + "'";
    Type type = arg.getType();
    if (!isSupported(type, /*parameter=*/true) ||
        isa<KgpuDialect>(type.getDialect()))
      return unsupportedType(arg.getLoc(), what, type);
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref)
      continue;
    if (!memref.getLayout().isIdentity())
      return emitError(arg.getLoc())
             << what << " has type " << type
             << ": buffer parameters must have the identity layout";
    if (memref.getRank() > 1 && !memref.hasStaticShape())
      return emitError(arg.getLoc())
             << what << " has type " << type
             << ": only 1-D buffers may have a dynamic extent";
    if (llvm::is_contained(memref.getShape(), 0))
      return emitError(arg.getLoc()) << what << " has type " << type
                                     << ": buffer extents must be positive";
  }

  // Kernelin-style launches: kgpu.dispatch_params names the trailing (visible) i32
  // scalar parameters that carry the dispatch size (size, or width, height
  // and depth), which the manifest records and kgpu-run --size fills.
  // (The dialect checks that it is an array of 1 to 3 strings.)
  if (auto list = kernel->getAttrOfType<ArrayAttr>(
          "kgpu.dispatch_params")) {
    auto fail = [&](const Twine &why) {
      return kernel.emitError("kgpu.dispatch_params of kernel '")
             << kernel.getName() << "': " << why;
    };
    // The last visible ones: hidden kgpu.size_of parameters (array sizes
    // the runtime fills in) follow them.
    unsigned n = kernel.getNumArguments();
    while (n > 0 &&
           (kernel.getArgAttr(n - 1, KgpuDialect::getSizeOfAttrName()) ||
            kernel.getArgAttr(n - 1, KgpuDialect::getBoundsStatusAttrName())))
      --n;
    if (list.size() > n)
      return fail("the kernel has only " + Twine(n) + " parameters");
    for (auto [k, a] : llvm::enumerate(list)) {
      auto name = cast<StringAttr>(a);
      auto it = names.find(name.getValue());
      unsigned want = n - list.size() + k;
      if (it == names.end() || it->second != want)
        return fail("'" + name.getValue() +
                    "' is not the kernel's parameter #" + Twine(want) +
                    " (the dispatch parameters are the last ones, in order)");
      if (!kernel.getArgument(want).getType().isInteger(32))
        return fail("parameter '" + name.getValue() + "' is not an i32 scalar");
    }
  }
  return success();
}

struct KgpuVerifyABIPass
    : mlir::kgpu::impl::KgpuVerifyABIBase<KgpuVerifyABIPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failed = false;
    for (auto func : module.getOps<func::FuncOp>())
      if (isKernel(func) && mlir::failed(verifyKernel(func)))
        failed = true;
    // Every value; the first unsupported one is the error (the values
    // computed from it would repeat it).
    module.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (!isa<func::FuncOp>(op) && // Parameters: checked apart.
                !isSupported(arg.getType())) {
              unsupportedType(arg.getLoc(),
                              "a block argument of '" +
                                  op->getName().getStringRef().str() + "'",
                              arg.getType());
              failed = true;
              return WalkResult::interrupt();
            }
      for (Type type : op->getResultTypes())
        if (!isSupported(type)) {
          unsupportedType(op->getLoc(),
                          "the result of '" +
                              op->getName().getStringRef().str() + "'",
                          type);
          failed = true;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    // Functions that are not kernels: their signatures.
    for (auto func : module.getOps<func::FuncOp>()) {
      if (isKernel(func))
        continue;
      for (Type type : llvm::concat<const Type>(func.getArgumentTypes(),
                                                func.getResultTypes()))
        if (!isSupported(type)) {
          unsupportedType(func.getLoc(),
                          "function '" + func.getName().str() + "'", type);
          failed = true;
          break;
        }
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
