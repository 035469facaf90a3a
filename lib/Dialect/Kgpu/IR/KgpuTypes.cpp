//===- KgpuTypes.cpp - kgpu types -------------------------------*- C++ -*-===//

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::kgpu;

#define GET_TYPEDEF_CLASSES
#include "kgpu/Dialect/Kgpu/IR/KgpuTypes.cpp.inc"

void KgpuDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "kgpu/Dialect/Kgpu/IR/KgpuTypes.cpp.inc"
      >();
}

namespace {
struct ShapeDims {
  int64_t m, n, k;
};
} // namespace

static ShapeDims getDims(MmaShape shape) {
  switch (shape) {
  case MmaShape::m16n8k8:
    return {16, 8, 8};
  case MmaShape::m16n8k16:
    return {16, 8, 16};
  case MmaShape::m16n8k32:
    return {16, 8, 32};
  case MmaShape::m16n16k16:
    return {16, 16, 16};
  case MmaShape::m32n8k16:
    return {32, 8, 16};
  case MmaShape::m8n32k16:
    return {8, 32, 16};
  }
  return {0, 0, 0};
}

int64_t MmaFragmentType::getM() const { return getDims(getShape()).m; }
int64_t MmaFragmentType::getN() const { return getDims(getShape()).n; }
int64_t MmaFragmentType::getK() const { return getDims(getShape()).k; }

std::pair<int64_t, int64_t> MmaFragmentType::getTileShape() const {
  ShapeDims d = getDims(getShape());
  switch (getRole()) {
  case MmaRole::A:
    return {d.m, d.k};
  case MmaRole::B:
    return {d.k, d.n};
  case MmaRole::Acc:
    return {d.m, d.n};
  }
  return {0, 0};
}

static bool isInt8(Type type) { return type.isSignlessInteger(8); }

/// The input element types a shape supports.
static bool isValidInput(MmaShape shape, Type input) {
  bool isHalf = input.isF16() || input.isBF16();
  switch (shape) {
  case MmaShape::m16n8k8:
    return isHalf;
  case MmaShape::m16n8k32:
    return isInt8(input);
  case MmaShape::m16n8k16:
  case MmaShape::m16n16k16:
  case MmaShape::m32n8k16:
  case MmaShape::m8n32k16:
    return isHalf || isInt8(input);
  }
  return false;
}

bool MmaFragmentType::isValidCombination(MmaShape shape, Type input, Type acc) {
  if (!isValidInput(shape, input))
    return false;
  if (isInt8(input))
    return acc.isSignlessInteger(32);
  if (input.isF16())
    return acc.isF32() || acc.isF16();
  return acc.isF32(); // bf16
}

LogicalResult
MmaFragmentType::verify(function_ref<InFlightDiagnostic()> emitError,
                        MmaShape shape, MmaRole role, Type elementType) {
  if (role != MmaRole::Acc) {
    if (!isValidInput(shape, elementType))
      return emitError() << "no tensor core has " << stringifyMmaShape(shape)
                         << " with '" << stringifyMmaRole(role)
                         << "' elements of type " << elementType;
    return success();
  }
  for (Type input : {Type(Float16Type::get(elementType.getContext())),
                     Type(BFloat16Type::get(elementType.getContext())),
                     Type(IntegerType::get(elementType.getContext(), 8))})
    if (isValidCombination(shape, input, elementType))
      return success();
  return emitError() << "no tensor core has " << stringifyMmaShape(shape)
                     << " with an accumulator of type " << elementType;
}

//===----------------------------------------------------------------------===//
// WgmmaAccType
//===----------------------------------------------------------------------===//

LogicalResult WgmmaAccType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned n, Type elementType) {
  if (n < 8 || n > 256 || n % 8 != 0)
    return emitError() << "warp-group MMA needs N from 8 to 256 in steps of "
                          "8 (m64nNk16), got N = "
                       << n;
  if (!elementType.isF32())
    return emitError() << "warp-group MMA accumulators are f32 (with f16 or "
                          "bf16 inputs), got "
                       << elementType;
  return success();
}

/// `<m64nNk16, type>`.
Type WgmmaAccType::parse(AsmParser &parser) {
  StringRef shape;
  SMLoc loc = parser.getCurrentLocation();
  Type elementType;
  if (parser.parseLess() || parser.parseKeyword(&shape))
    return Type();
  unsigned n = 0;
  StringRef rest = shape;
  if (!rest.consume_front("m64n") || !rest.consume_back("k16") ||
      rest.getAsInteger(10, n)) {
    parser.emitError(loc, "expected a warp-group MMA shape m64nNk16, got '")
        << shape << "'";
    return Type();
  }
  if (parser.parseComma() || parser.parseType(elementType) ||
      parser.parseGreater())
    return Type();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    n, elementType);
}

void WgmmaAccType::print(AsmPrinter &printer) const {
  printer << "<m64n" << getN() << "k16, " << getElementType() << ">";
}

bool mlir::kgpu::isValidReductionKind(ReductionKind kind, Type elementType) {
  switch (kind) {
  case ReductionKind::Add:
  case ReductionKind::Mul:
  case ReductionKind::Min:
  case ReductionKind::Max:
    return elementType.isSignlessInteger() || isa<FloatType>(elementType);
  case ReductionKind::UMin:
  case ReductionKind::UMax:
  case ReductionKind::And:
  case ReductionKind::Or:
  case ReductionKind::Xor:
    return elementType.isSignlessInteger();
  }
  return false;
}
