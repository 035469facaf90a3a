//===- Passes.cpp - the kgpu SPIR-V passes --------------------------------===//
//
// kgpu-spirv-attach-target, convert-kgpu-to-spirv, kgpu-spirv-split-kernels
// and the other kgpu-spirv-* passes (the kgpu-gpu-to-spirv pipeline that
// chains them is lib/Pipelines/SPIRV.cpp).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "kgpu/Conversion/KgpuToSPIRV/Passes.h"
#include "kgpu/Dialect/Kgpu/Utils/Reductions.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>

namespace mlir {
namespace kgpu {
#define GEN_PASS_DEF_CONVERTKGPUTOSPIRV
#define GEN_PASS_DEF_KGPUSPIRVATTACHTARGET
#define GEN_PASS_DEF_KGPUSPIRVCOMPLETEVCE
#define GEN_PASS_DEF_KGPUSPIRVFORBIDCONTRACTION
#define GEN_PASS_DEF_KGPUSPIRVPACKSCALARS
#define GEN_PASS_DEF_KGPUSPIRVSPLITKERNELS
#define GEN_PASS_DEF_KGPUSPIRVVULKANMEMORYMODEL
#define GEN_PASS_DEF_KGPUSPIRVSPECIALIZEWORKGROUPSIZE
#include "kgpu/Conversion/Passes.h.inc"
} // namespace kgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::kgpu;
using namespace mlir::kgpu::spirv_detail;

//===----------------------------------------------------------------------===//
// kgpu-spirv-attach-target
//===----------------------------------------------------------------------===//

namespace {

/// arith.remsi as `a - (a / b) * b`. Vulkan leaves OpSRem/OpSMod undefined
/// for negative operands, so upstream computes the remainder of the absolute
/// values and fixes the sign by comparing the dividend with its absolute
/// value, which is wrong for MIN (its absolute value wraps to itself): on
/// lavapipe `INT64_MIN % 7` gave 1 instead of -1. OpSDiv is defined for
/// negative operands, and the product and difference wrap exactly, so this
/// form is right wherever arith.remsi is defined (kgpu.int_rem guards the
/// zero divisor and MIN % -1 before it gets here).
struct ExactRemSI final : OpRewritePattern<arith::RemSIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::RemSIOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<IntegerType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "only scalars are rewritten");
    Location loc = op.getLoc();
    Value quotient =
        arith::DivSIOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    Value product = arith::MulIOp::create(rewriter, loc, quotient, op.getRhs());
    rewriter.replaceOpWithNewOp<arith::SubIOp>(op, op.getLhs(), product);
    return success();
  }
};

/// Lowers a 64-bit integer min/max straight to GLSL.std.450 SMin, UMin,
/// SMax or UMax (what ArithToSPIRV emits for them) before
/// populateArithExpandOpsPatterns can expand it into a compare and an
/// OpSelect: NVIDIA's Vulkan driver (580) computes wrong upper halves for
/// `x - max(x, c)` in that form next to other 64-bit work; see
/// docs/difftest.md, "NVIDIA". Other widths keep the expansion.
template <typename ArithOp, typename GLOp>
struct MinMaxI64ToGL final : OpRewritePattern<ArithOp> {
  using OpRewritePattern<ArithOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ArithOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "not a 64-bit scalar");
    rewriter.replaceOpWithNewOp<GLOp>(op, op.getType(), op.getLhs(),
                                      op.getRhs());
    return success();
  }
};

/// `arith.cmpi pred (arith.extsi a), C` with a constant C that is itself a
/// sign-extended value of a's type, as `arith.cmpi pred a, trunc(C)` (sign
/// extension keeps the signed and the unsigned order, so this is exact for
/// every predicate). A driver workaround: Mesa 22.3's lavapipe gets the
/// signed order of a sign-extended 32-bit value against a 64-bit constant
/// wrong (`(long)n >= 5000l` is true for n = 4096, `(long)n < 4096l` right);
/// see docs/difftest.md, "Driver bugs".
struct NarrowSignExtendedCompare final : OpRewritePattern<arith::CmpIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::CmpIOp op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs(), rhs = op.getRhs();
    arith::CmpIPredicate pred = op.getPredicate();
    APInt value;
    if (!matchPattern(rhs, m_ConstantInt(&value))) {
      if (!matchPattern(lhs, m_ConstantInt(&value)))
        return rewriter.notifyMatchFailure(op, "no constant operand");
      std::swap(lhs, rhs);
      pred = swapPredicate(pred);
    }
    auto ext = lhs.getDefiningOp<arith::ExtSIOp>();
    if (!ext || !isa<IntegerType>(ext.getIn().getType()))
      return rewriter.notifyMatchFailure(op, "not a sign-extended scalar");
    auto narrow = cast<IntegerType>(ext.getIn().getType());
    if (narrow.getWidth() < 8 || !value.isSignedIntN(narrow.getWidth()))
      return rewriter.notifyMatchFailure(op, "constant does not fit");
    Value c = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        rewriter.getIntegerAttr(narrow, value.trunc(narrow.getWidth())));
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, pred, ext.getIn(), c);
    return success();
  }

  static arith::CmpIPredicate swapPredicate(arith::CmpIPredicate pred) {
    using P = arith::CmpIPredicate;
    switch (pred) {
    case P::slt:
      return P::sgt;
    case P::sle:
      return P::sge;
    case P::sgt:
      return P::slt;
    case P::sge:
      return P::sle;
    case P::ult:
      return P::ugt;
    case P::ule:
      return P::uge;
    case P::ugt:
      return P::ult;
    case P::uge:
      return P::ule;
    default:
      return pred;
    }
  }
};

/// A 64-bit ordered integer compare (`<`, `<=`, `>`, `>=`, signed or
/// unsigned) from its 32-bit halves: `hi(a) P' hi(b) || (hi(a) == hi(b) &&
/// lo(a) Q lo(b))`, where P' is the strict form of the predicate (signed for
/// a signed compare) and Q its unsigned form. A driver workaround: NVIDIA's
/// Vulkan driver (580, the H200) takes a branch on `(s3 + s3) > 2l` (or
/// `(s3 << 1) > 2l`) for a negative `s3`, while the same compare selected
/// into a value, a compare without the arithmetic and this split form are
/// right (test/Random/h200/nv64.kgc: a_branch, a_bshl, a_bsplit; the
/// H200 campaign's `addcmp64` kernels). Equality keeps its 64-bit compare.
/// Runs after NarrowSignExtendedCompare (lower benefit), which turns the
/// compares it can into 32-bit ones already.
struct SplitCompareI64 final : OpRewritePattern<arith::CmpIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::CmpIOp op,
                                PatternRewriter &rewriter) const override {
    using P = arith::CmpIPredicate;
    if (!op.getLhs().getType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "not a 64-bit scalar compare");
    P pred = op.getPredicate();
    if (pred == P::eq || pred == P::ne)
      return rewriter.notifyMatchFailure(op, "equality is not split");
    bool isSigned =
        pred == P::slt || pred == P::sle || pred == P::sgt || pred == P::sge;
    bool isLess =
        pred == P::slt || pred == P::sle || pred == P::ult || pred == P::ule;
    bool orEqual =
        pred == P::sle || pred == P::sge || pred == P::ule || pred == P::uge;
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value c32 = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getI64IntegerAttr(32));
    auto halves = [&](Value v) -> std::pair<Value, Value> {
      Value shifted =
          isSigned ? Value(arith::ShRSIOp::create(rewriter, loc, v, c32))
                   : Value(arith::ShRUIOp::create(rewriter, loc, v, c32));
      return {arith::TruncIOp::create(rewriter, loc, i32, shifted),
              arith::TruncIOp::create(rewriter, loc, i32, v)};
    };
    auto [hiA, loA] = halves(op.getLhs());
    auto [hiB, loB] = halves(op.getRhs());
    P hiPred =
        isSigned ? (isLess ? P::slt : P::sgt) : (isLess ? P::ult : P::ugt);
    P loPred =
        isLess ? (orEqual ? P::ule : P::ult) : (orEqual ? P::uge : P::ugt);
    Value hiStrict = arith::CmpIOp::create(rewriter, loc, hiPred, hiA, hiB);
    Value hiEqual = arith::CmpIOp::create(rewriter, loc, P::eq, hiA, hiB);
    Value lo = arith::CmpIOp::create(rewriter, loc, loPred, loA, loB);
    Value tie = arith::AndIOp::create(rewriter, loc, hiEqual, lo);
    rewriter.replaceOpWithNewOp<arith::OrIOp>(op, hiStrict, tie);
    return success();
  }
};

/// arith.minimumf/maximumf (IEEE-754 2019 minimum/maximum, kgpu's float
/// min/max everywhere) from compares and selects. Upstream lowers them to
/// GL.FMin/FMax with NaN selects, and GL.FMin/FMax leave the order of -0.0
/// and +0.0 to the driver.
template <typename OpTy, bool IsMin>
struct ExactFloatMinMax final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isa<FloatType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "only scalars are expanded");
    rewriter.replaceOp(op, createExactFloatMinMax(rewriter, op.getLoc(), IsMin,
                                                  op.getLhs(), op.getRhs()));
    return success();
  }
};

/// Rounds `x` (f32 or f64) to the nearest f16 value, ties to even, and
/// returns it in x's type. For a target without Float16, where upstream's
/// type converter holds f16 values in f32 and so makes `arith.truncf` to f16
/// the identity (`(float)(half)x` came back as x on lavapipe). Normal
/// results drop the low mantissa bits with round-to-nearest-even on the
/// bits; subnormal ones (|x| < 2^-14) round to a multiple of 2^-24 in
/// integers too; |x| >= 65520 becomes infinity; NaN and infinity stay.
static Value roundToHalf(OpBuilder &b, Location loc, Value x) {
  auto ft = cast<FloatType>(x.getType());
  bool f64 = ft.getWidth() == 64;
  unsigned mant = f64 ? 52 : 23, drop = mant - 10;
  IntegerType it = b.getIntegerType(ft.getWidth());
  auto ic = [&](uint64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(it, v));
  };
  auto fc = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, v));
  };
  uint64_t signBit = 1ull << (ft.getWidth() - 1);
  uint64_t expInf = f64 ? 0x7ff0000000000000ull : 0x7f800000ull;
  uint64_t minNormal = f64 ? 0x3f10000000000000ull : 0x38800000ull; // 2^-14
  uint64_t overflow = f64 ? 0x40effe0000000000ull : 0x477ff000ull;  // 65520
  Value bits = arith::BitcastOp::create(b, loc, it, x);
  Value sign = arith::AndIOp::create(b, loc, bits, ic(signBit));
  Value mag = arith::AndIOp::create(b, loc, bits, ic(signBit - 1));
  // Normal: mag + (2^(drop-1) - 1) + lsb, low `drop` bits cleared.
  Value lsb = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, mag, ic(drop)), ic(1));
  Value rounded = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, mag, ic((1ull << (drop - 1)) - 1)),
      lsb);
  rounded = arith::AndIOp::create(b, loc, rounded, ic(~((1ull << drop) - 1)));
  // Subnormal: q = |x| / 2^-24 rounded to nearest even, in integers (the
  // float form (|x| + C) - C is folded to |x| by lavapipe's optimizer), and
  // back as q * 2^-24, exact in float. |x| = m * 2^(e - bias - mant) with m
  // the mantissa and its implicit bit, so q = m >> s with s = bias + mant -
  // 24 - e, at least 13 here; s > mant + 1 gives 0.
  using P = arith::CmpIPredicate;
  uint64_t bias = f64 ? 1023 : 127;
  Value e = arith::ShRUIOp::create(b, loc, mag, ic(mant));
  Value m = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, mag, ic((1ull << mant) - 1)),
      ic(1ull << mant));
  Value shift = arith::SubIOp::create(b, loc, ic(bias + mant - 24), e);
  Value tooSmall = arith::CmpIOp::create(b, loc, P::ugt, shift, ic(mant + 1));
  // min, not a select on tooSmall: a 64-bit min becomes GL UMin
  // (MinMaxI64ToGL), where a select on a compare would take the split
  // compare of SplitCompareI64, which triage.py cannot read as a bound.
  Value s = arith::MinUIOp::create(b, loc, shift, ic(mant + 1));
  Value q = arith::ShRUIOp::create(b, loc, m, s);
  Value one = ic(1);
  // 2^s >> 1, not 2^(s - 1): s is 0 for |x| >= 0.5, where `1 << -1` would
  // be SPIR-V's undefined shift (its value unused, but a driver may assume
  // it never happens; test/Random/h200/triage.py flagged it).
  Value ulp = arith::ShLIOp::create(b, loc, one, s);
  Value halfUlp = arith::ShRUIOp::create(b, loc, ulp, one);
  Value rem =
      arith::AndIOp::create(b, loc, m, arith::SubIOp::create(b, loc, ulp, one));
  Value up = arith::OrIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, P::ugt, rem, halfUlp),
      arith::AndIOp::create(b, loc,
                            arith::CmpIOp::create(b, loc, P::eq, rem, halfUlp),
                            arith::TruncIOp::create(b, loc, b.getI1Type(), q)));
  q = arith::AddIOp::create(b, loc, q, arith::ExtUIOp::create(b, loc, it, up));
  q = arith::SelectOp::create(b, loc, tooSmall, ic(0), q);
  Value sub = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, ft, q), fc(std::ldexp(1.0, -24)));
  Value subBits = arith::BitcastOp::create(b, loc, it, sub);
  Value isSub = arith::CmpIOp::create(b, loc, P::ult, mag, ic(minNormal));
  Value isBig = arith::CmpIOp::create(b, loc, P::uge, mag, ic(overflow));
  Value isNanInf = arith::CmpIOp::create(b, loc, P::uge, mag, ic(expInf));
  Value res = arith::SelectOp::create(b, loc, isSub, subBits, rounded);
  res = arith::SelectOp::create(b, loc, isBig, ic(expInf), res);
  res = arith::SelectOp::create(b, loc, isNanInf, mag, res);
  res = arith::OrIOp::create(b, loc, res, sign);
  return arith::BitcastOp::create(b, loc, ft, res);
}

/// Whether `op` computes a new f16 value that needs rounding when f16 lives
/// in f32: a `math` operation (sqrt, fma, exp, pow, ...) or an inexact
/// `arith` one (+ - * / %) with an f16 result. Moves, selects, negation,
/// min/max and compares give an operand's value and stay exact.
static bool computesInexactHalf(Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isF16() ||
      op->getNumRegions() != 0)
    return false;
  if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
          arith::RemFOp>(op))
    return true;
  return isa<math::MathDialect>(op->getDialect()) &&
         !isa<math::AbsFOp, math::CopySignOp>(op);
}

/// Without Float16, rounds every f16 value explicitly (see roundToHalf):
/// conversions to f16 (`arith.truncf` from f32/f64 and `arith.sitofp`/
/// `uitofp`, through f32: an integer that f32 rounds is beyond 2^24, so far
/// beyond f16's range either way), and f16 arithmetic and math (sqrt, fma,
/// pow, ...), which is done in f32 and rounded once: for + - * / and sqrt
/// that is the correctly rounded f16 result (f32 has more than 2 x 11 + 2
/// bits). The f16 result is then exact in the f32 that holds it, and the
/// type converter's identity truncf is right.
static void emulateHalfRounding(Operation *module) {
  SmallVector<Operation *> math;
  module->walk([&](Operation *op) {
    if (computesInexactHalf(op))
      math.push_back(op);
  });
  for (Operation *op : math) {
    // The same operation on f32 operands (f16 ones extended: the identity
    // once f16 lives in f32), then rounded to f16.
    OpBuilder b(op);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(v.getType().isF16()
                             ? arith::ExtFOp::create(b, loc, b.getF32Type(), v)
                             : v);
    OperationState state(loc, op->getName().getStringRef(), operands,
                         {b.getF32Type()}, op->getAttrs());
    Operation *wide = b.create(state);
    Value half =
        arith::TruncFOp::create(b, loc, b.getF16Type(), wide->getResult(0));
    op->getResult(0).replaceAllUsesWith(half);
    op->erase();
  }
  SmallVector<Operation *> ops;
  module->walk([&](Operation *op) {
    if (op->getNumResults() == 1 && op->getResult(0).getType().isF16() &&
        isa<arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value in = op->getOperand(0);
    if (isa<arith::SIToFPOp>(op))
      in = arith::SIToFPOp::create(b, loc, b.getF32Type(), in);
    else if (isa<arith::UIToFPOp>(op))
      in = arith::UIToFPOp::create(b, loc, b.getF32Type(), in);
    if (!isa<FloatType>(in.getType()) ||
        cast<FloatType>(in.getType()).getWidth() < 32)
      continue;
    Value rounded = roundToHalf(b, loc, in);
    Value half = arith::TruncFOp::create(b, loc, b.getF16Type(), rounded);
    op->getResult(0).replaceAllUsesWith(half);
    op->erase();
  }
}

/// Without Float16, gives the kernel's own arrays of f16 (private
/// `memref.alloca`, local `memref.alloc`) f32 elements: upstream's type
/// converter sizes such an array by its bytes in f32 words, `half a[2]`
/// becoming one f32, while the accesses index it by element (out of
/// bounds from the second half on: difftest k120_32, k167_73 on NVIDIA).
/// Loads extend nothing and stores round nothing here: f16 values already
/// live in f32, rounded, so the `arith.truncf`/`extf` around the accesses
/// become identities. An array used other than by loads and stores is a
/// located error rather than an array of half the size.
static LogicalResult widenHalfArrays(Operation *module) {
  SmallVector<Operation *> arrays;
  module->walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op))
      return;
    auto type = dyn_cast<MemRefType>(op->getResult(0).getType());
    if (type && type.getElementType().isF16())
      arrays.push_back(op);
  });
  bool ok = true;
  for (Operation *op : arrays) {
    Value array = op->getResult(0);
    for (OpOperand &use : array.getUses()) {
      Operation *user = use.getOwner();
      bool access = isa<memref::LoadOp>(user) ||
                    (isa<memref::StoreOp>(user) &&
                     cast<memref::StoreOp>(user).getMemRef() == array);
      if (!access) {
        user->emitError() << "an array of 16-bit floats used by '"
                          << user->getName()
                          << "' is not supported on a Vulkan target without "
                             "16-bit floats (Float16)";
        ok = false;
      }
    }
    if (!ok)
      continue;
    auto type = cast<MemRefType>(array.getType());
    OpBuilder b(op);
    array.setType(MemRefType::get(type.getShape(), b.getF32Type(),
                                  type.getLayout(), type.getMemorySpace()));
    for (Operation *user : llvm::make_early_inc_range(array.getUsers())) {
      b.setInsertionPoint(user);
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        b.setInsertionPointAfter(load);
        Value half = arith::TruncFOp::create(b, load.getLoc(), b.getF16Type(),
                                             load.getResult());
        load.getResult().replaceAllUsesExcept(half, half.getDefiningOp());
        load.getResult().setType(b.getF32Type());
      } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
        Value wide = arith::ExtFOp::create(b, store.getLoc(), b.getF32Type(),
                                           store.getValue());
        store.getValueMutable().assign(wide);
      }
    }
  }
  return success(ok);
}

/// Whether a kernel of `module` takes a buffer of f16 elements (scalar or
/// vector).
static bool hasHalfBuffer(gpu::GPUModuleOp module) {
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel())
      continue;
    for (Type type : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref)
        continue;
      Type elem = memref.getElementType();
      if (auto vec = dyn_cast<VectorType>(elem))
        elem = vec.getElementType();
      if (elem.isF16())
        return true;
    }
  }
  return false;
}

/// Whether `module` reinterprets 16-bit values (arith.bitcast between f16
/// and i16: the JVM's HalfFloat.getHalfFloatValue and its int-packed fp16
/// MMA tiles). Without the Int16 capability the type converter holds i16 in
/// 32 bits, and such a bitcast has no SPIR-V form.
static bool hasInt16Bitcast(gpu::GPUModuleOp module) {
  auto isI16 = [](Type t) { return getElementTypeOrSelf(t).isInteger(16); };
  return module
      .walk([&](arith::BitcastOp op) {
        return isI16(op.getIn().getType()) || isI16(op.getType())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// What the tensor-core ops of `module` need of the target: none (no such
/// ops), 16-bit types (f16 fragments), 8-bit types (i8 fragments).
struct MmaNeeds {
  bool any = false, float16 = false, bfloat16 = false, int8 = false;
};

static MmaNeeds getMmaNeeds(gpu::GPUModuleOp module) {
  MmaNeeds needs;
  module.walk([&](Operation *op) {
    for (Type type :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto fragment = dyn_cast<MmaFragmentType>(type)) {
        needs.any = true;
        needs.float16 |= fragment.getElementType().isF16();
        needs.bfloat16 |= fragment.getElementType().isBF16();
        needs.int8 |= fragment.getElementType().isInteger(8);
      }
  });
  return needs;
}

struct AttachTargetPass final
    : kgpu::impl::KgpuSPIRVAttachTargetBase<AttachTargetPass> {
  using Base::Base;

  spirv::TargetEnvAttr buildTargetEnv(MLIRContext *context, bool withFloat16,
                                      MmaNeeds mma = {},
                                      bool withInt16 = false) const {
    using spirv::Capability;
    using spirv::Extension;
    SmallVector<Capability> caps = {Capability::Shader,
                                    Capability::GroupNonUniform,
                                    Capability::GroupNonUniformArithmetic,
                                    Capability::GroupNonUniformBallot,
                                    Capability::GroupNonUniformShuffle,
                                    Capability::GroupNonUniformShuffleRelative,
                                    Capability::GroupNonUniformClustered,
                                    Capability::GroupNonUniformVote};
    SmallVector<Extension> exts = {
        Extension::SPV_KHR_storage_buffer_storage_class};
    if (int64)
      caps.append({Capability::Int64, Capability::Int64Atomics});
    if (float64)
      caps.push_back(Capability::Float64);
    if (withFloat16 || mma.float16) {
      caps.append({Capability::Float16, Capability::StorageBuffer16BitAccess});
      exts.push_back(Extension::SPV_KHR_16bit_storage);
    }
    // The runtime refuses such a module, naming shaderInt16, on a device
    // without it.
    if (withInt16)
      caps.push_back(Capability::Int16);
    // Tensor-core ops: cooperative matrices, which MLIR's SPIR-V dialect
    // has only in SPIR-V 1.6 (Vulkan 1.3).
    spirv::Version version = spirv::Version::V_1_3;
    if (mma.any) {
      version = spirv::Version::V_1_6;
      // SPV_KHR_cooperative_matrix needs the Vulkan memory model in shaders
      // (kgpu-spirv-vulkan-memory-model).
      caps.append({Capability::CooperativeMatrixKHR,
                   Capability::VulkanMemoryModel,
                   Capability::VulkanMemoryModelDeviceScope});
      exts.append({Extension::SPV_KHR_cooperative_matrix,
                   Extension::SPV_KHR_vulkan_memory_model});
      if (mma.int8) {
        caps.append({Capability::Int8, Capability::StorageBuffer8BitAccess});
        exts.push_back(Extension::SPV_KHR_8bit_storage);
      }
      // bf16 fragments (and buffers): SPV_KHR_bfloat16, whose values are
      // stored with 16-bit storage (VK_KHR_shader_bfloat16).
      if (mma.bfloat16) {
        caps.append({Capability::BFloat16TypeKHR,
                     Capability::BFloat16CooperativeMatrixKHR,
                     Capability::StorageBuffer16BitAccess});
        exts.append(
            {Extension::SPV_KHR_bfloat16, Extension::SPV_KHR_16bit_storage});
      }
    }
    if (atomicFloatAdd) {
      caps.push_back(Capability::AtomicFloat32AddEXT);
      if (float64)
        caps.push_back(Capability::AtomicFloat64AddEXT);
      exts.push_back(Extension::SPV_EXT_shader_atomic_float_add);
    }
    auto triple = spirv::VerCapExtAttr::get(version, caps, exts, context);
    Builder b(context);
    auto limits = spirv::ResourceLimitsAttr::get(
        context, /*max_compute_shared_memory_size=*/49152,
        /*max_compute_workgroup_invocations=*/1024,
        b.getI32ArrayAttr({1024, 1024, 64}), subgroupSize,
        /*min_subgroup_size=*/std::nullopt,
        /*max_subgroup_size=*/std::nullopt,
        /*cooperative_matrix_properties_khr=*/ArrayAttr(),
        /*cooperative_matrix_properties_nv=*/ArrayAttr());
    return spirv::TargetEnvAttr::get(triple, limits, spirv::ClientAPI::Vulkan);
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (subgroupSize == 0 || subgroupSize > 128) {
      getOperation().emitError("kgpu-spirv-attach-target: subgroup-size must "
                               "be in 1..128, got ")
          << subgroupSize;
      return signalPassFailure();
    }
    spirv::TargetEnvAttr targetEnv = buildTargetEnv(context, float16);
    // A kernel with an f16 buffer needs 16-bit storage: without it the type
    // converter would hold the buffer's elements in f32 and read the
    // caller's halves as floats. Such a module asks for Float16 and
    // StorageBuffer16BitAccess, whatever `float16` says, and the runtime
    // refuses it, naming the feature, on a device without them.
    spirv::TargetEnvAttr float16Env = buildTargetEnv(context, true);
    StringRef targetEnvName = spirv::getTargetEnvAttrName();
    StringRef entryPointName = spirv::getEntryPointABIAttrName();
    bool failed = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
      if (!module->hasAttr(targetEnvName)) {
        MmaNeeds mma = cooperativeMatrix ? getMmaNeeds(module) : MmaNeeds();
        bool int16 = hasInt16Bitcast(module);
        bool half = float16 || hasHalfBuffer(module);
        module->setAttr(targetEnvName,
                        mma.any || int16
                            ? buildTargetEnv(context, half, mma, int16)
                        : hasHalfBuffer(module) ? float16Env
                                                : targetEnv);
      }
      for (auto func : module.getOps<gpu::GPUFuncOp>()) {
        if (!func.isKernel() || func->hasAttr(entryPointName))
          continue;
        if (!isKernelWorkgroupSizeFixed(func)) {
          // Any size at launch: no size in the entry-point ABI (gpu.block_dim
          // then reads the WorkgroupSize built-in, which
          // kgpu-spirv-specialize-workgroup-size turns into
          // specialization constants); the default size travels in a marker.
          func->setAttr(
              kDynamicWorkgroupSizeAttrName,
              DenseI32ArrayAttr::get(context, getKernelWorkgroupSize(func)));
          func->setAttr(entryPointName, spirv::getEntryPointABIAttr(context));
          continue;
        }
        auto size = func->getAttrOfType<DenseI32ArrayAttr>(
            KgpuDialect::getWorkgroupSizeAttrName());
        if (!size || size.size() != 3 ||
            llvm::any_of(size.asArrayRef(), [](int32_t s) { return s < 1; })) {
          func.emitError("kernel needs '")
              << KgpuDialect::getWorkgroupSizeAttrName()
              << "' (3 positive entries) or 'spirv.entry_point_abi' for "
              << kTargetName << ", which bakes the work-group size into the "
              << "shader";
          failed = true;
          continue;
        }
        func->setAttr(entryPointName,
                      spirv::getEntryPointABIAttr(context, size.asArrayRef()));
      }
    });
    if (failed)
      signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// convert-kgpu-to-spirv
//===----------------------------------------------------------------------===//

/// Removes the kgpu attributes (kgpu.workgroup_size, kgpu.args, kgpu.device,
/// argument kgpu.arg) from `root` and its nested ops: the conversion copies
/// function attributes onto spirv.func, where the kgpu verifier rejects them,
/// and SPIR-V has its own form of what they say (spirv.entry_point_abi).
void stripKgpuAttributes(Operation *root) {
  auto isKgpu = [](NamedAttribute attr) {
    return attr.getName().strref().starts_with("kgpu.");
  };
  root->walk([&](Operation *op) {
    for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
      if (isKgpu(attr))
        op->removeDiscardableAttr(attr.getName());
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (NamedAttribute attr : llvm::to_vector(func.getArgAttrs(i)))
        if (isKgpu(attr))
          func.removeArgAttr(i, attr.getName());
  });
}

/// Gives private arrays (memref.alloca in the default memory space) the
/// Function storage class: the memory-space mapping would otherwise treat
/// them as global memory (StorageBuffer), which an alloca cannot be.
void placePrivateArraysInFunctionStorage(Operation *root) {
  auto function = spirv::StorageClassAttr::get(root->getContext(),
                                               spirv::StorageClass::Function);
  root->walk([&](memref::AllocaOp alloca) {
    MemRefType type = alloca.getType();
    if (type.getMemorySpace())
      return;
    alloca.getResult().setType(MemRefType::get(
        type.getShape(), type.getElementType(), type.getLayout(), function));
  });
}

/// Passes `i1` kernel arguments as `i32` (0 or 1): a Vulkan storage buffer
/// cannot hold a boolean.
void widenBoolArguments(Operation *root) {
  root->walk([](gpu::GPUFuncOp func) {
    if (!func.isKernel() || func.isExternal())
      return;
    Block &entry = func.getBody().front();
    OpBuilder builder = OpBuilder::atBlockBegin(&entry);
    SmallVector<Type> inputs(func.getArgumentTypes());
    for (BlockArgument arg : entry.getArguments()) {
      if (!arg.getType().isInteger(1))
        continue;
      Type i32 = builder.getI32Type();
      arg.setType(i32);
      inputs[arg.getArgNumber()] = i32;
      Value zero = arith::ConstantOp::create(builder, arg.getLoc(),
                                             builder.getI32IntegerAttr(0));
      Value flag = arith::CmpIOp::create(builder, arg.getLoc(),
                                         arith::CmpIPredicate::ne, arg, zero);
      arg.replaceAllUsesExcept(flag, flag.getDefiningOp());
    }
    func.setFunctionTypeAttr(TypeAttr::get(
        FunctionType::get(func.getContext(), inputs, func.getResultTypes())));
  });
}

/// Stores `index` elements of kernel buffers as 64-bit integers: a buffer
/// of `index` holds int64_t on every target (docs/codegen.md), while the
/// Vulkan target computes with a 32-bit index: loads truncate to the 32-bit
/// index, stores sign-extend it.
LogicalResult widenIndexBuffers(Operation *root) {
  spirv::TargetEnv env(spirv::lookupTargetEnvOrDefault(root));
  bool ok = true;
  root->walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel() || func.isExternal())
      return;
    SmallVector<Type> inputs(func.getArgumentTypes());
    for (BlockArgument arg : func.getArguments()) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type || !type.getElementType().isIndex())
        continue;
      if (!env.allows(spirv::Capability::Int64)) {
        emitError(arg.getLoc(), "a buffer of 'index' elements holds 64-bit "
                                "integers on every target; ")
            << kTargetName << " needs Int64 for it (int64=true)";
        ok = false;
        continue;
      }
      OpBuilder builder(func.getContext());
      Type i64 = builder.getI64Type();
      auto wide = MemRefType::get(type.getShape(), i64, type.getLayout(),
                                  type.getMemorySpace());
      for (Operation *user : llvm::to_vector(arg.getUsers())) {
        if (auto load = dyn_cast<memref::LoadOp>(user)) {
          builder.setInsertionPointAfter(load);
          load.getResult().setType(i64);
          auto cast = arith::IndexCastOp::create(
              builder, load.getLoc(), builder.getIndexType(), load.getResult());
          load.getResult().replaceAllUsesExcept(cast, cast);
          continue;
        }
        if (isa<memref::DimOp>(user))
          continue; // The element type does not matter.
        auto store = dyn_cast<memref::StoreOp>(user);
        if (store && store.getMemRef() == arg) {
          builder.setInsertionPoint(store);
          Value value = arith::IndexCastOp::create(builder, store.getLoc(), i64,
                                                   store.getValueToStore());
          store.getValueMutable().assign(value);
          continue;
        }
        user->emitError("a buffer of 'index' elements (64-bit integers on "
                        "every target) can only be loaded and stored on ")
            << kTargetName;
        ok = false;
      }
      arg.setType(wide);
      inputs[arg.getArgNumber()] = wide;
    }
    func.setFunctionTypeAttr(TypeAttr::get(
        FunctionType::get(func.getContext(), inputs, func.getResultTypes())));
  });
  return success(ok);
}

struct ConvertKgpuToSPIRVPass final
    : kgpu::impl::ConvertKgpuToSPIRVBase<ConvertKgpuToSPIRVPass> {
  using Base::Base;

  /// Rewrites each memref.copy from a constant memref.global (kgc's large
  /// private array initializers) into one store per element: upstream's
  /// MemRefToSPIRV lowers neither op, and a constant array in a SPIR-V
  /// module is limited to 65,535 words. Erases the globals.
  LogicalResult expandConstantGlobalCopies(Operation *module) {
    SmallVector<memref::CopyOp> copies;
    module->walk([&](memref::CopyOp copy) {
      if (copy.getSource().getDefiningOp<memref::GetGlobalOp>())
        copies.push_back(copy);
    });
    SymbolTableCollection symbols;
    for (memref::CopyOp copy : copies) {
      auto get = copy.getSource().getDefiningOp<memref::GetGlobalOp>();
      auto global = symbols.lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      auto init = global ? dyn_cast_or_null<DenseElementsAttr>(
                               global.getInitialValueAttr())
                         : DenseElementsAttr();
      auto type = cast<MemRefType>(copy.getTarget().getType());
      if (!global || !global.getConstant() || !init || !type.hasStaticShape())
        return copy.emitOpError("copies from a memref.global, which has no "
                                "lowering to ")
               << kTargetName << " unless it is a constant array";
      OpBuilder b(copy);
      Location loc = copy.getLoc();
      ArrayRef<int64_t> shape = type.getShape();
      SmallVector<Value> indexValues;
      auto indexConst = [&](int64_t v) -> Value {
        if ((size_t)v >= indexValues.size())
          indexValues.resize(v + 1);
        if (!indexValues[v])
          indexValues[v] = arith::ConstantIndexOp::create(b, loc, v);
        return indexValues[v];
      };
      DenseMap<Attribute, Value> constants;
      int64_t flat = 0;
      SmallVector<Value> indices(shape.size());
      for (Attribute element : init.getValues<Attribute>()) {
        Value &value = constants[element];
        if (!value)
          value = arith::ConstantOp::create(b, loc, cast<TypedAttr>(element));
        int64_t rem = flat++;
        for (int d = (int)shape.size() - 1; d >= 0; --d) {
          indices[d] = indexConst(rem % shape[d]);
          rem /= shape[d];
        }
        memref::StoreOp::create(b, loc, value, copy.getTarget(), indices);
      }
      copy.erase();
      if (get->use_empty())
        get.erase();
    }
    for (auto global : llvm::make_early_inc_range(
             module->getRegion(0).getOps<memref::GlobalOp>()))
      if (SymbolTable::symbolKnownUseEmpty(global, module))
        global.erase();
    return success();
  }

  /// Reports every construct of `module` that the Vulkan target cannot
  /// express, with its location.
  LogicalResult checkSupported(gpu::GPUModuleOp module) {
    spirv::TargetEnv env(spirv::lookupTargetEnvOrDefault(module));
    bool ok = true;
    // 64-bit values on a device configured without them: upstream's type
    // converter would narrow i64 to i32 silently (and fail on f64 with a
    // bare "failed to legalize"); say once per function where, and why.
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      auto missing = [&](Type type) -> const char * {
        if (auto shaped = dyn_cast<ShapedType>(type))
          type = shaped.getElementType();
        if (type.isF64() && !env.allows(spirv::Capability::Float64))
          return "64-bit floats (f64: kgc double, Java and Kotlin Double), "
                 "but this target has no Float64 (float64=false)";
        if (type.isInteger(64) && !env.allows(spirv::Capability::Int64))
          return "64-bit integers (i64: kgc long, Java and Kotlin Long), "
                 "but this target has no Int64 (int64=false)";
        return nullptr;
      };
      Operation *where = nullptr;
      const char *what = nullptr;
      for (Type type : func.getArgumentTypes())
        if ((what = missing(type))) {
          where = func;
          break;
        }
      if (!what)
        func.walk([&](Operation *op) {
          for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                                    op->getResultTypes()))
            if ((what = missing(type))) {
              where = op;
              return WalkResult::interrupt();
            }
          return WalkResult::advance();
        });
      if (what) {
        where->emitError() << (func.isKernel() ? "kernel '" : "function '")
                           << func.getName() << "' uses " << what << " on "
                           << kTargetName;
        ok = false;
      }
    }
    if (!ok)
      return failure();
    module.walk([&](Operation *op) {
      if (std::optional<std::string> reason = getUnsupportedReason(op, env)) {
        op->emitError(*reason);
        ok = false;
      }
    });
    return success(ok);
  }

  /// Expands the arith ops that have no SPIR-V pattern (ceildivsi,
  /// floordivsi, ...) into ones that have.
  LogicalResult expandArithOps(Operation *module) {
    if (!spirv::TargetEnv(spirv::lookupTargetEnvOrDefault(module))
             .allows(spirv::Capability::Float16)) {
      emulateHalfRounding(module);
      if (failed(widenHalfArrays(module)))
        return failure();
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<ExactFloatMinMax<arith::MinimumFOp, true>,
                 ExactFloatMinMax<arith::MaximumFOp, false>, ExactRemSI,
                 NarrowSignExtendedCompare,
                 MinMaxI64ToGL<arith::MaxSIOp, spirv::GLSMaxOp>,
                 MinMaxI64ToGL<arith::MaxUIOp, spirv::GLUMaxOp>,
                 MinMaxI64ToGL<arith::MinSIOp, spirv::GLSMinOp>,
                 MinMaxI64ToGL<arith::MinUIOp, spirv::GLUMinOp>>(&getContext(),
                                                                 /*benefit=*/2);
    patterns.add<SplitCompareI64>(&getContext(), /*benefit=*/1);
    arith::populateArithExpandOpsPatterns(patterns);
    return applyPatternsGreedily(module, std::move(patterns));
  }

  /// Maps the memref memory spaces of `module` to Vulkan storage classes.
  LogicalResult mapMemorySpaces(Operation *module) {
    spirv::MemorySpaceToStorageClassConverter converter(
        spirv::mapMemorySpaceToVulkanStorageClass);
    spirv::convertMemRefTypesAndAttrs(module, converter);
    std::unique_ptr<ConversionTarget> target =
        spirv::getMemorySpaceToStorageClassTarget(getContext());
    WalkResult result = module->walk([&](Operation *op) {
      if (!target->isIllegal(op))
        return WalkResult::advance();
      op->emitError("uses a memory space that has no Vulkan storage class "
                    "(global memory is the default space, local memory the "
                    "integer 3)");
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult convert(Operation *module) {
    MLIRContext *context = &getContext();
    spirv::TargetEnvAttr targetAttr = spirv::lookupTargetEnvOrDefault(module);
    std::unique_ptr<ConversionTarget> target =
        SPIRVConversionTarget::get(targetAttr);
    SPIRVTypeConverter typeConverter(targetAttr);

    RewritePatternSet patterns(context);
    populateGPUToSPIRVPatterns(typeConverter, patterns);
    ScfToSPIRVContext scfContext;
    populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
    cf::populateControlFlowToSPIRVPatterns(typeConverter, patterns);
    arith::populateArithToSPIRVPatterns(typeConverter, patterns);
    populateMathToSPIRVPatterns(typeConverter, patterns);
    populateMemRefToSPIRVPatterns(typeConverter, patterns);
    populateFuncToSPIRVPatterns(typeConverter, patterns);
    // func.func helpers (upstream convert-gpu-to-spirv lacks this one).
    populateBuiltinFuncToSPIRVPatterns(typeConverter, patterns);
    ub::populateUBToSPIRVConversionPatterns(typeConverter, patterns);
    populateKgpuToSPIRVPatterns(typeConverter, patterns);

    // Name the target in upstream's "failed to legalize" errors.
    ScopedDiagnosticHandler handler(context, [](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error &&
          StringRef(diag.str()).starts_with("failed to legalize"))
        diag << " (" << kTargetName << ")";
      return failure(); // Let the diagnostic through.
    });
    return applyFullConversion(module, *target, std::move(patterns));
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    SmallVector<gpu::GPUModuleOp> modules;
    top.walk([&](gpu::GPUModuleOp module) { modules.push_back(module); });

    bool ok = true;
    for (gpu::GPUModuleOp module : modules)
      ok &= succeeded(checkSupported(module));
    if (!ok)
      return signalPassFailure();

    for (gpu::GPUModuleOp module : modules) {
      // Convert a clone placed before the original (as upstream does): launch
      // ops still refer to the gpu.module.
      OpBuilder builder(module);
      Operation *clone = builder.clone(*module);
      stripKgpuAttributes(clone);
      placePrivateArraysInFunctionStorage(clone);
      widenBoolArguments(clone);
      if (failed(expandConstantGlobalCopies(clone)) ||
          failed(widenIndexBuffers(clone)) || failed(expandArithOps(clone)) ||
          failed(mapMemorySpaces(clone)) || failed(convert(clone)))
        return signalPassFailure();
    }
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-split-kernels
//===----------------------------------------------------------------------===//

struct SplitKernelsPass final
    : kgpu::impl::KgpuSPIRVSplitKernelsBase<SplitKernelsPass> {
  using Base::Base;

  /// Erases from `module` every symbol op that `kernel` does not reach, and
  /// every other op that refers to a symbol that is gone.
  static void prune(spirv::ModuleOp module, Operation *kernel) {
    llvm::SetVector<Operation *> live;
    live.insert(kernel);
    for (unsigned i = 0; i < live.size(); ++i) {
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(live[i]);
      if (!uses)
        continue;
      for (const SymbolTable::SymbolUse &use : *uses)
        if (Operation *target = SymbolTable::lookupSymbolIn(
                module, use.getSymbolRef().getRootReference()))
          live.insert(target);
    }
    SmallVector<Operation *> dead;
    for (Operation &op : module.getBody()->getOperations()) {
      if (live.contains(&op))
        continue;
      if (isa<SymbolOpInterface>(op)) {
        dead.push_back(&op);
        continue;
      }
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(&op);
      if (uses && llvm::any_of(*uses, [&](const SymbolTable::SymbolUse &use) {
            Operation *target = SymbolTable::lookupSymbolIn(
                module, use.getSymbolRef().getRootReference());
            return !target || !live.contains(target);
          }))
        dead.push_back(&op);
    }
    // Non-symbol users (entry points) first, then the symbols.
    for (Operation *op : llvm::reverse(dead))
      op->erase();
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    StringRef entryPointName = spirv::getEntryPointABIAttrName();
    for (auto module :
         llvm::make_early_inc_range(top.getOps<spirv::ModuleOp>())) {
      SmallVector<StringRef> kernels;
      for (auto func : module.getOps<spirv::FuncOp>())
        if (func->hasAttr(entryPointName))
          kernels.push_back(func.getSymName());
      if (kernels.empty())
        continue;
      std::string base = module.getName() ? module.getName()->str() : "__spv_";
      OpBuilder builder(module);
      builder.setInsertionPointAfter(module);
      for (StringRef kernel : kernels) {
        std::string name = (base + "_" + kernel).str();
        for (unsigned suffix = 0;
             SymbolTable::lookupSymbolIn(top, name) != nullptr; ++suffix)
          name = (base + "_" + kernel + "_" + Twine(suffix)).str();
        auto clone = cast<spirv::ModuleOp>(builder.clone(*module));
        clone.setSymName(StringRef(name));
        prune(clone, SymbolTable::lookupSymbolIn(clone, kernel));
      }
      module.erase();
    }
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-specialize-workgroup-size
//===----------------------------------------------------------------------===//

struct WorkgroupSizeSpecConstantsPass final
    : kgpu::impl::KgpuSPIRVSpecializeWorkgroupSizeBase<
          WorkgroupSizeSpecConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    spirv::FuncOp kernel;
    DenseI32ArrayAttr defaults;
    for (auto func : module.getOps<spirv::FuncOp>()) {
      auto attr =
          func->getAttrOfType<DenseI32ArrayAttr>(kDynamicWorkgroupSizeAttrName);
      if (!attr)
        continue;
      func->removeAttr(kDynamicWorkgroupSizeAttrName);
      if (kernel || attr.size() != 3) {
        func.emitError("expected one kernel per spirv.module with a 3-entry "
                       "default work-group size (run kgpu-spirv-split-kernels "
                       "first)");
        return signalPassFailure();
      }
      kernel = func;
      defaults = attr;
    }
    if (!kernel)
      return;
    // The entry point keeps the default size as its LocalSize; the
    // WorkgroupSize built-in below overrides it.
    kernel->setAttr(
        spirv::getEntryPointABIAttrName(),
        spirv::getEntryPointABIAttr(context, defaults.asArrayRef()));

    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    Location loc = kernel.getLoc();
    Type i32 = b.getI32Type();
    SmallVector<Attribute> refs;
    for (unsigned d = 0; d < 3; ++d) {
      StringRef name = kLocalSizeSpecConstantNames[d];
      if (SymbolTable::lookupSymbolIn(module, name)) {
        module.emitError("the symbol '") << name << "' is reserved by kgpu";
        return signalPassFailure();
      }
      auto spec = spirv::SpecConstantOp::create(
          b, loc, name, b.getI32IntegerAttr(defaults[d]));
      spec->setAttr("spec_id", b.getI32IntegerAttr(kLocalSizeSpecIdBase + d));
      refs.push_back(SymbolRefAttr::get(context, name));
    }
    spirv::SpecConstantCompositeOp::create(b, loc, VectorType::get({3}, i32),
                                           kLocalSizeCompositeName,
                                           b.getArrayAttr(refs));

    // Loads of the WorkgroupSize built-in variable (upstream's lowering of
    // gpu.block_dim when the entry-point ABI has no size) read the
    // specialization constants instead: Vulkan wants the built-in on a
    // constant, not a variable.
    SmallVector<spirv::GlobalVariableOp> builtins;
    for (auto var : module.getOps<spirv::GlobalVariableOp>())
      if (std::optional<StringRef> builtIn = var.getBuiltIn())
        if (*builtIn == spirv::stringifyBuiltIn(spirv::BuiltIn::WorkgroupSize))
          builtins.push_back(var);
    for (spirv::GlobalVariableOp var : builtins) {
      SmallVector<spirv::AddressOfOp> addresses;
      module.walk([&](spirv::AddressOfOp op) {
        if (op.getVariable() == var.getSymName())
          addresses.push_back(op);
      });
      for (spirv::AddressOfOp address : addresses) {
        for (Operation *user :
             llvm::make_early_inc_range(address->getUsers())) {
          auto load = dyn_cast<spirv::LoadOp>(user);
          if (!load) {
            user->emitError("unexpected use of the WorkgroupSize built-in");
            return signalPassFailure();
          }
          // The composite, not its constituents: SPIRV-Cross declares only
          // gl_WorkGroupSize for them.
          OpBuilder lb(load);
          Value vector = spirv::ReferenceOfOp::create(
              lb, load.getLoc(), load.getType(), kLocalSizeCompositeName);
          load.replaceAllUsesWith(vector);
          load.erase();
        }
        address.erase();
      }
      var.erase();
    }
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-complete-vce
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// kgpu-spirv-vulkan-memory-model
//===----------------------------------------------------------------------===//

struct VulkanMemoryModelPass final
    : kgpu::impl::KgpuSPIRVVulkanMemoryModelBase<VulkanMemoryModelPass> {
  using Base::Base;

  static bool isShared(Value pointer) {
    auto type = dyn_cast<spirv::PointerType>(pointer.getType());
    if (!type)
      return false;
    spirv::StorageClass sc = type.getStorageClass();
    return sc == spirv::StorageClass::StorageBuffer ||
           sc == spirv::StorageClass::Workgroup ||
           sc == spirv::StorageClass::PhysicalStorageBuffer;
  }

  /// Adds NonPrivatePointer to the memory access of `op` (a load or store).
  template <typename OpTy> static void makeNonPrivate(OpTy op) {
    if (!isShared(op.getPtr()))
      return;
    spirv::MemoryAccess access = spirv::MemoryAccess::None;
    if (spirv::MemoryAccessAttr attr = op.getMemoryAccessAttr())
      access = attr.getValue();
    op.setMemoryAccessAttr(spirv::MemoryAccessAttr::get(
        op.getContext(), access | spirv::MemoryAccess::NonPrivatePointer));
  }
  template <typename OpTy> static void makeNonPrivateMatrix(OpTy op) {
    if (!isShared(op.getPointer()))
      return;
    spirv::MemoryAccess access = spirv::MemoryAccess::None;
    if (spirv::MemoryAccessAttr attr = op.getMemoryOperandAttr())
      access = attr.getValue();
    op.setMemoryOperandAttr(spirv::MemoryAccessAttr::get(
        op.getContext(), access | spirv::MemoryAccess::NonPrivatePointer));
  }

  /// Barrier semantics under the Vulkan memory model: acquire/release on
  /// storage classes also makes them available and visible.
  static spirv::MemorySemantics
  withAvailability(spirv::MemorySemantics semantics) {
    using MS = spirv::MemorySemantics;
    MS ordering = MS::Acquire | MS::Release | MS::AcquireRelease |
                  MS::SequentiallyConsistent;
    MS storage = MS::UniformMemory | MS::WorkgroupMemory | MS::ImageMemory;
    if (!spirv::bitEnumContainsAny(semantics, ordering) ||
        !spirv::bitEnumContainsAny(semantics, storage))
      return semantics;
    // Sequentially consistent is not allowed under the Vulkan memory model.
    if (spirv::bitEnumContainsAny(semantics, MS::SequentiallyConsistent))
      semantics =
          (semantics & ~MS::SequentiallyConsistent) | MS::AcquireRelease;
    return semantics | MS::MakeAvailable | MS::MakeVisible;
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    bool usesCooperativeMatrix = false;
    module.walk([&](Operation *op) {
      usesCooperativeMatrix |= isa<spirv::KHRCooperativeMatrixLoadOp,
                                   spirv::KHRCooperativeMatrixStoreOp,
                                   spirv::KHRCooperativeMatrixMulAddOp>(op);
    });
    if (!usesCooperativeMatrix)
      return;
    spirv::TargetEnv env(spirv::lookupTargetEnvOrDefault(module));
    if (!env.allows(spirv::Capability::VulkanMemoryModel)) {
      module.emitError("cooperative matrices need the Vulkan memory model "
                       "(capability VulkanMemoryModel), which the target "
                       "environment lacks");
      return signalPassFailure();
    }
    module.setMemoryModel(spirv::MemoryModel::Vulkan);
    module.walk([&](Operation *op) {
      if (auto load = dyn_cast<spirv::LoadOp>(op))
        makeNonPrivate(load);
      else if (auto store = dyn_cast<spirv::StoreOp>(op))
        makeNonPrivate(store);
      else if (auto load = dyn_cast<spirv::KHRCooperativeMatrixLoadOp>(op))
        makeNonPrivateMatrix(load);
      else if (auto store = dyn_cast<spirv::KHRCooperativeMatrixStoreOp>(op))
        makeNonPrivateMatrix(store);
      else if (auto barrier = dyn_cast<spirv::ControlBarrierOp>(op))
        barrier.setMemorySemantics(
            withAvailability(barrier.getMemorySemantics()));
      else if (auto barrier = dyn_cast<spirv::MemoryBarrierOp>(op))
        barrier.setMemorySemantics(
            withAvailability(barrier.getMemorySemantics()));
    });
  }
};

struct CompleteVCEPass final
    : kgpu::impl::KgpuSPIRVCompleteVCEBase<CompleteVCEPass> {
  using Base::Base;

  /// Whether `op` names the device scope (an attribute).
  static bool usesDeviceScope(Operation *op) {
    return llvm::any_of(op->getAttrs(), [](NamedAttribute attr) {
      auto scope = dyn_cast<spirv::ScopeAttr>(attr.getValue());
      return scope && scope.getValue() == spirv::Scope::Device;
    });
  }

  /// The capability `op` needs that spirv-update-vce does not deduce, if any.
  static std::optional<spirv::Capability> getMissedCapability(Operation *op) {
    if (usesDeviceScope(op) &&
        op->getParentOfType<spirv::ModuleOp>().getMemoryModel() ==
            spirv::MemoryModel::Vulkan)
      return spirv::Capability::VulkanMemoryModelDeviceScope;
    auto has = [&](auto pred) {
      return llvm::any_of(op->getResultTypes(), pred) ||
             llvm::any_of(op->getOperandTypes(), pred);
    };
    // MLIR 22 deduces BFloat16TypeKHR from a bf16 cooperative matrix, but
    // not BFloat16CooperativeMatrixKHR.
    if (has([](Type type) {
          auto matrix = dyn_cast<spirv::CooperativeMatrixType>(type);
          return matrix && matrix.getElementType().isBF16();
        }))
      return spirv::Capability::BFloat16CooperativeMatrixKHR;
    StringRef name = op->getName().getStringRef();
    if (!name.starts_with("spirv.Atomic") &&
        !name.starts_with("spirv.EXT.Atomic"))
      return std::nullopt;
    if (has([](Type type) { return type.isInteger(64); }))
      return spirv::Capability::Int64Atomics;
    if (isa<spirv::EXTAtomicFAddOp>(op) &&
        has([](Type type) { return type.isF64(); }))
      return spirv::Capability::AtomicFloat64AddEXT;
    return std::nullopt;
  }

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!triple)
      return;
    SmallVector<spirv::Capability> caps(triple->getCapabilities());
    size_t numDeduced = caps.size();
    if (module.getMemoryModel() == spirv::MemoryModel::Vulkan &&
        !llvm::is_contained(caps, spirv::Capability::VulkanMemoryModel))
      caps.push_back(spirv::Capability::VulkanMemoryModel);
    module.walk([&](Operation *op) {
      std::optional<spirv::Capability> cap = getMissedCapability(op);
      if (cap && !llvm::is_contained(caps, *cap))
        caps.push_back(*cap);
    });
    if (caps.size() == numDeduced)
      return;
    SmallVector<spirv::Extension> exts(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        triple->getVersion(), caps, exts, &getContext()));
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-forbid-contraction
//===----------------------------------------------------------------------===//

struct NoContractionPass final
    : kgpu::impl::KgpuSPIRVForbidContractionBase<NoContractionPass> {
  using Base::Base;

  void runOnOperation() override {
    StringRef name = stringifyDecoration(spirv::Decoration::NoContraction);
    std::string attrName = llvm::convertToSnakeFromCamelCase(name);
    UnitAttr unit = UnitAttr::get(&getContext());
    SmallVector<Operation *> widen;
    getOperation().walk([&](Operation *op) {
      if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
              spirv::FRemOp, spirv::FModOp, spirv::FNegateOp>(op))
        op->setAttr(attrName, unit);
      if (exactF32 && isa<spirv::FDivOp, spirv::GLSqrtOp>(op) &&
          getElementTypeOrSelf(op->getResult(0).getType()).isF32())
        widen.push_back(op);
    });
    // f32 division and square root in f64, rounded once.
    for (Operation *op : widen) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      Type f32Type = op->getResult(0).getType();
      Type f64Type = b.getF64Type();
      if (auto vec = dyn_cast<VectorType>(f32Type))
        f64Type = VectorType::get(vec.getShape(), f64Type);
      SmallVector<Value> wide;
      for (Value v : op->getOperands())
        wide.push_back(spirv::FConvertOp::create(b, loc, f64Type, v));
      Operation *result;
      if (isa<spirv::FDivOp>(op)) {
        result = spirv::FDivOp::create(b, loc, wide[0], wide[1]);
        result->setAttr(attrName, unit);
      } else {
        result = spirv::GLSqrtOp::create(b, loc, wide[0]);
      }
      Value narrow =
          spirv::FConvertOp::create(b, loc, f32Type, result->getResult(0));
      op->getResult(0).replaceAllUsesWith(narrow);
      op->erase();
    }
  }
};

//===----------------------------------------------------------------------===//
// kgpu-spirv-pack-scalars
//===----------------------------------------------------------------------===//

struct PackScalarsPass final
    : kgpu::impl::KgpuSPIRVPackScalarsBase<PackScalarsPass> {
  using Base::Base;

  /// A kernel argument variable of spirv-lower-abi-attrs.
  struct Argument {
    spirv::GlobalVariableOp var;
    unsigned binding;
    /// The value type of a scalar argument, null for a buffer.
    Type scalar;
  };

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    auto entryPoints = llvm::to_vector(module.getOps<spirv::EntryPointOp>());
    if (entryPoints.size() != 1)
      return; // kgpu-spirv-split-kernels made one entry point per module.
    spirv::EntryPointOp entryPoint = entryPoints.front();

    SmallVector<Argument> scalars;
    std::optional<unsigned> lastBuffer;
    for (auto var : module.getOps<spirv::GlobalVariableOp>()) {
      auto ptr = cast<spirv::PointerType>(var.getType());
      std::optional<uint32_t> set = var.getDescriptorSet();
      std::optional<uint32_t> binding = var.getBinding();
      if (ptr.getStorageClass() != spirv::StorageClass::StorageBuffer || !set ||
          !binding || *set != 0)
        continue;
      auto block = dyn_cast<spirv::StructType>(ptr.getPointeeType());
      Type member = block && block.getNumElements() == 1
                        ? block.getElementType(0)
                        : Type();
      if (member && isa<IntegerType, FloatType>(member)) {
        scalars.push_back({var, *binding, member});
        continue;
      }
      lastBuffer = std::max(lastBuffer.value_or(0), *binding);
    }
    if (scalars.empty())
      return;
    llvm::sort(scalars, [](const Argument &a, const Argument &b) {
      return a.binding < b.binding;
    });

    // The layout: argument order, 4-byte slots (8 for 64-bit types).
    SmallVector<Type> members;
    SmallVector<spirv::StructType::OffsetInfo> offsets;
    uint32_t size = 0;
    bool narrow = false;
    for (const Argument &arg : scalars) {
      unsigned bits = arg.scalar.getIntOrFloatBitWidth();
      uint32_t slot = bits > 32 ? 8 : 4;
      narrow |= bits < 32;
      size = llvm::alignTo(size, slot);
      members.push_back(arg.scalar);
      offsets.push_back(size);
      size += slot;
    }
    bool push = size <= kMaxPushConstantBytes && !narrow;
    auto blockType =
        spirv::PointerType::get(spirv::StructType::get(members, offsets),
                                push ? spirv::StorageClass::PushConstant
                                     : spirv::StorageClass::StorageBuffer);

    OpBuilder builder(scalars.front().var);
    Location loc = scalars.front().var.getLoc();
    std::string name = (entryPoint.getFn() + "_scalars").str();
    for (unsigned suffix = 0; SymbolTable::lookupSymbolIn(module, name);
         ++suffix)
      name = (entryPoint.getFn() + "_scalars_" + Twine(suffix)).str();
    spirv::GlobalVariableOp block =
        push ? spirv::GlobalVariableOp::create(builder, loc,
                                               TypeAttr::get(blockType),
                                               builder.getStringAttr(name))
             : spirv::GlobalVariableOp::create(
                   builder, loc, blockType, name, /*descriptorSet=*/0,
                   /*binding=*/lastBuffer ? *lastBuffer + 1 : 0);

    // spirv-lower-abi-attrs reads a scalar with addressof, an access chain
    // to member 0 and a load; read the block's member instead.
    llvm::StringMap<unsigned> memberOf;
    for (auto [i, arg] : llvm::enumerate(scalars))
      memberOf[arg.var.getSymName()] = i;
    SmallVector<spirv::AddressOfOp> uses;
    module.walk([&](spirv::AddressOfOp addr) {
      if (memberOf.contains(addr.getVariable()))
        uses.push_back(addr);
    });
    Type i32 = builder.getI32Type();
    for (spirv::AddressOfOp addr : uses) {
      unsigned member = memberOf.lookup(addr.getVariable());
      builder.setInsertionPoint(addr);
      Value base = spirv::AddressOfOp::create(builder, addr.getLoc(), block);
      for (Operation *user : llvm::to_vector(addr->getUsers())) {
        auto chain = dyn_cast<spirv::AccessChainOp>(user);
        if (!chain || chain.getIndices().size() != 1) {
          user->emitError("kgpu-spirv-pack-scalars: expected a scalar "
                          "argument to be read through a one-index access "
                          "chain (spirv-lower-abi-attrs)");
          return signalPassFailure();
        }
        builder.setInsertionPoint(chain);
        Value index = spirv::ConstantOp::create(
            builder, chain.getLoc(), i32,
            builder.getI32IntegerAttr(static_cast<int32_t>(member)));
        Value ptr = spirv::AccessChainOp::create(builder, chain.getLoc(), base,
                                                 ValueRange{index});
        for (Operation *chainUser : llvm::to_vector(chain->getUsers())) {
          auto load = dyn_cast<spirv::LoadOp>(chainUser);
          if (!load) {
            chainUser->emitError("kgpu-spirv-pack-scalars: a scalar kernel "
                                 "argument may only be loaded");
            return signalPassFailure();
          }
          builder.setInsertionPoint(load);
          Value value = spirv::LoadOp::create(builder, load.getLoc(), ptr);
          load.replaceAllUsesWith(value);
          load.erase();
        }
        chain.erase();
      }
      addr.erase();
    }

    // SPIR-V 1.4+ lists every global the entry point uses in its interface.
    SmallVector<Attribute> interface;
    bool listsGlobals = false;
    for (Attribute ref : entryPoint.getInterface()) {
      StringRef var = cast<FlatSymbolRefAttr>(ref).getValue();
      if (memberOf.contains(var)) {
        listsGlobals = true;
        continue;
      }
      interface.push_back(ref);
    }
    if (listsGlobals)
      interface.push_back(SymbolRefAttr::get(block));
    entryPoint.setInterfaceAttr(builder.getArrayAttr(interface));

    for (Argument &arg : scalars)
      arg.var.erase();
  }
};

} // namespace
