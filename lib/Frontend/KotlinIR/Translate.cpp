//===- Translate.cpp - Kotlin IR dumps to kgpu IR -------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Walks the dump tree of each @Kernel function (and of the helpers it calls)
// and emits a plain CFG: one memref.alloca per local, cf.br/cf.cond_br for
// every branch and loop; kgpu-frontend-cleanup (mem2reg, lift-cf-to-scf)
// makes it SSA and structured. Kotlin's semantics are kept with kgpu's exact
// ops: kgpu.int_div/int_rem (division by zero defined), kgpu.shift (counts
// masked), kgpu.fptosi_sat (toInt()), kgpu.jvm_min/jvm_max (kotlin.math
// min/max on floats). docs/kotlin.md lists every construct.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KotlinIR/Frontend.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/Common/Intrinsics.h"
#include "kgpu/Frontend/Common/KernelBuilder.h"
#include "kgpu/Frontend/Common/Locations.h"
#include "kgpu/Frontend/KotlinIR/Dump.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>

using namespace mlir;
using namespace ::kgpu::kotlinir;
namespace kg = mlir::kgpu;
using llvm::StringRef;

static constexpr StringRef kApiPackage = "io.github.rajumark.kernelin";
/// kgpu's extensions (docs/kotlin-api.md).
static constexpr StringRef kKgpuPackage = "dev.kgpu.kotlin";
/// The names of a kernel's launch-size parameters (docs/kotlin.md).
static constexpr StringRef kDispatchParamsAttrName = "kgpu.dispatch_params";

namespace {

/// A local variable or parameter in scope.
struct Binding {
  /// The memref.alloca of a var/val, or the SSA value of a parameter or an
  /// array-typed val.
  Value value;
  bool isSlot = false;
};

/// A loop that break/continue can target.
struct LoopTarget {
  StringRef label;
  Block *continueBlock;
  Block *breakBlock;
  /// repeat(n) { ... }: `return@repeat` continues it; an unlabelled
  /// break/continue goes past it to the enclosing loop.
  bool isRepeat = false;
  /// The lambda's reference name (`<anonymous>`) for return@repeat.
  StringRef lambdaName;
};

/// A user function (kernel or helper) of the dump.
struct UserFunction {
  const Node *fun = nullptr;
  std::string name;
  std::string key;
  bool isKernel = false;
  func::FuncOp func;
  bool emitted = false;
  /// The kernel that first called this helper (for messages).
  std::string calledFrom;
  /// A kernel's launch-size parameters (after the source's).
  unsigned numDispatch = 0;
};

/// An Int progression: first, last (the last element, as Kotlin computes
/// it), step, and whether it may run at all (a valid step).
struct Progression {
  Value first, last, step;
  Value valid; // i1, or null when always valid
};

class Translator {
public:
  Translator(llvm::SourceMgr &sourceMgr, unsigned bufferId,
             MLIRContext &context)
      : sourceMgr(sourceMgr), bufferId(bufferId), ctx(context), b(&context) {
    fileName = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
  }

  OwningOpRef<ModuleOp> run();

private:
  //===--------------------------------------------------------------------===//
  // Diagnostics and locations
  //===--------------------------------------------------------------------===//
  Location loc(const Node &node) {
    return kg::getSourceLoc(&ctx, fileName, node.pos.line, node.pos.column);
  }
  Location loc(DumpPos pos) {
    return kg::getSourceLoc(&ctx, fileName, pos.line, pos.column);
  }
  /// " (in @Kernel k)" or " (in helper 'h', called from @Kernel k)".
  std::string where() {
    if (!current)
      return "";
    if (current->isKernel)
      return " (in @Kernel " + current->name + ")";
    return " (in helper '" + current->name + "', called from @Kernel " +
           current->calledFrom + ")";
  }
  LogicalResult error(const Node &node, const llvm::Twine &message) {
    if (!hadError || reportAll)
      emitError(loc(node)) << message.str() << where();
    hadError = true;
    return failure();
  }

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//
  /// The MLIR type of Kotlin type `kt`, or null (Unit, Nothing); reports an
  /// error for unsupported types when `node` is given.
  FailureOr<Type> convertType(StringRef kt, const Node &node,
                              StringRef what);
  static bool isUnitType(StringRef kt) {
    return kt == "kotlin.Unit" || kt == "kotlin.Nothing";
  }
  Type i32() { return b.getI32Type(); }
  Type i1() { return b.getI1Type(); }

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//
  void collectFunctions(const Node &node, StringRef package);
  static std::string functionKey(StringRef name, ArrayRef<StringRef> types);
  UserFunction *lookupUser(const Reference &ref);
  LogicalResult declare(UserFunction &fn);
  LogicalResult emitBody(UserFunction &fn);
  LogicalResult checkRecursion(UserFunction &fn,
                               llvm::SmallVectorImpl<UserFunction *> &path,
                               llvm::StringSet<> &done);
  void usedDimensions(const Node &node, unsigned &dims,
                      llvm::StringSet<> &seen);

  //===--------------------------------------------------------------------===//
  // Statements and expressions
  //===--------------------------------------------------------------------===//
  /// Emits `node`; the value (null for Unit) or failure.
  FailureOr<Value> emit(const Node &node);
  FailureOr<Value> emitChildren(const Node &node, bool newScope);
  FailureOr<Value> emitVar(const Node &node);
  FailureOr<Value> emitWhen(const Node &node);
  FailureOr<Value> emitWhile(const Node &node);
  FailureOr<Value> emitDoWhile(const Node &node);
  FailureOr<Value> emitJump(const Node &node, bool isBreak);
  FailureOr<Value> emitReturn(const Node &node);
  FailureOr<Value> emitForLoop(const Node &node);
  FailureOr<Value> emitRepeat(const Node &call);
  FailureOr<Value> emitCall(const Node &node);
  FailureOr<Value> emitConst(const Node &node);
  FailureOr<Value> emitTypeOp(const Node &node);
  FailureOr<Progression> emitProgression(const Node &node);
  FailureOr<Value> emitPrimitiveMember(const Node &node, const Reference &ref);
  FailureOr<Value> emitIntrinsic(const Node &node, const Reference &ref);
  FailureOr<Value> emitMath(const Node &node, const Reference &ref);
  FailureOr<Value> emitRanges(const Node &node, const Reference &ref);
  FailureOr<Value> emitContains(const Node &node, const Reference &ref);
  FailureOr<Value> emitArrayMember(const Node &node, const Reference &ref);
  FailureOr<Value> emitApi(const Node &node, const Reference &ref);
  FailureOr<Value> emitRandom(const Node &node, const Reference &ref);
  FailureOr<Value> emitKgpu(const Node &node, const Reference &ref);
  /// The kernel's @WorkGroupSize(x, y, z), if it has one.
  FailureOr<std::optional<std::array<int32_t, 3>>>
  getWorkgroupSize(UserFunction &fn);
  /// Whether `fn` (or a helper it calls) uses an operation that every
  /// work-item of a work-group must reach (barrier, local arrays, group and
  /// subgroup operations): such a kernel has no automatic guard.
  bool usesWorkgroupOps(const Node &fun, llvm::StringSet<> &seen);
  FailureOr<Value> emitUserCall(const Node &node, const Reference &ref,
                                UserFunction &callee);
  /// The argument `name` of call `node`, emitted and converted to `type`
  /// when given.
  FailureOr<Value> arg(const Node &node, StringRef name, Type type = {});
  Value convert(Location l, Value v, Type to);
  Value constInt(Location l, Type t, int64_t v) {
    return arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v));
  }
  Value constFloat(Location l, Type t, double v) {
    return arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, v));
  }
  Value cmpi(Location l, arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, l, p, x, y);
  }
  Value select(Location l, Value c, Value x, Value y) {
    return arith::SelectOp::create(b, l, c, x, y);
  }

  //===--------------------------------------------------------------------===//
  // CFG helpers
  //===--------------------------------------------------------------------===//
  Block *newBlock() {
    Region &region = currentFunc.getBody();
    return &region.emplaceBlock();
  }
  /// After a terminator, code goes into a fresh (unreachable) block.
  void ensureOpenBlock() {
    Block *block = b.getInsertionBlock();
    if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
      b.setInsertionPointToEnd(newBlock());
  }
  void branchTo(Location l, Block *dest) {
    ensureOpenBlock();
    cf::BranchOp::create(b, l, dest);
  }
  Value makeSlot(Location l, Type type) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&currentFunc.getBody().front());
    return memref::AllocaOp::create(b, l, MemRefType::get({}, type));
  }
  void store(Location l, Value v, Value slot) {
    memref::StoreOp::create(b, l, v, slot, ValueRange{});
  }
  Value load(Location l, Value slot) {
    return memref::LoadOp::create(b, l, slot, ValueRange{});
  }
  void bind(StringRef name, Binding binding) {
    scopes.back()[name] = binding;
  }
  const Binding *lookup(StringRef name) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto found = it->find(name);
      if (found != it->end())
        return &found->second;
    }
    return nullptr;
  }

  llvm::SourceMgr &sourceMgr;
  unsigned bufferId;
  MLIRContext &ctx;
  OpBuilder b;
  StringRef fileName;
  ModuleOp module;
  bool hadError = false;
  bool reportAll = true;

  std::vector<std::unique_ptr<UserFunction>> functions;
  llvm::StringMap<UserFunction *> byKey;
  llvm::StringMap<unsigned> nameCount;

  // The function being emitted.
  UserFunction *current = nullptr;
  func::FuncOp currentFunc;
  std::vector<llvm::StringMap<Binding>> scopes;
  std::vector<LoopTarget> loops;
  // The kernel's thread ids (i32) and dispatch parameters.
  Value idX, idY, idZ, idLinear;
  /// The element count (i32) of a helper's array parameter: the i32
  /// parameter that follows the helper's own (one per array parameter).
  llvm::DenseMap<Value, Value> helperSizes;
  /// The element count of `array` as an Int: a constant for a local array;
  /// for a kernel's array parameter the hidden `kgpu.size_of` parameter the
  /// runtime fills in (lib/Frontend/Common/KernelBuilder.h; SPIR-V has no
  /// memref.dim of a buffer), after the launch-size parameters;
  /// in a helper the size its caller passes.
  Value arraySize(Location l, Value array) {
    auto type = cast<MemRefType>(array.getType());
    if (type.hasStaticShape())
      return constInt(l, i32(), type.getDimSize(0));
    if (Value size = helperSizes.lookup(array))
      return size;
    auto arg = dyn_cast<BlockArgument>(array);
    if (current && current->isKernel && arg &&
        arg.getOwner() == &currentFunc.getBody().front()) {
      BlockArgument size =
          kg::getOrAddBufferSizeArgument(currentFunc, arg.getArgNumber());
      return arith::TruncIOp::create(b, l, i32(), size);
    }
    Value zero = arith::ConstantIndexOp::create(b, l, 0);
    Value dim = memref::DimOp::create(b, l, array, zero);
    return arith::IndexCastOp::create(b, l, i32(), dim);
  }
  // Work list of helpers to emit.
  std::vector<UserFunction *> pending;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

FailureOr<Type> Translator::convertType(StringRef kt, const Node &node,
                                        StringRef what) {
  if (kt.ends_with("?")) {
    (void)error(node, "nullable values aren't supported on the GPU (" + what +
                          " has type " + kt + ")");
    return failure();
  }
  auto scalar = [&](StringRef name) -> Type {
    if (name == "kotlin.Int")
      return i32();
    if (name == "kotlin.Float")
      return b.getF32Type();
    if (name == "kotlin.Boolean")
      return i1();
    if (name == "kotlin.Long")
      return b.getI64Type();
    if (name == "kotlin.Double")
      return b.getF64Type();
    return {};
  };
  if (Type t = scalar(kt))
    return t;
  if (isUnitType(kt))
    return Type();
  for (auto [array, element] :
       {std::pair<StringRef, StringRef>{"kotlin.IntArray", "kotlin.Int"},
        {"kotlin.FloatArray", "kotlin.Float"},
        {"kotlin.LongArray", "kotlin.Long"},
        {"kotlin.DoubleArray", "kotlin.Double"}})
    if (kt == array)
      return Type(MemRefType::get({ShapedType::kDynamic}, scalar(element)));
  if (kt == "kotlin.String" || kt == "kotlin.Char") {
    (void)error(node, "strings aren't supported on the GPU (" + what +
                          " has type " + kt + ")");
    return failure();
  }
  (void)error(node, what + " has type " + kt +
                        "; kernels support Int, Float, Boolean, Long, Double "
                        "and IntArray, FloatArray, LongArray, DoubleArray "
                        "(no classes, objects or collections)");
  return failure();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

std::string Translator::functionKey(StringRef name,
                                    ArrayRef<StringRef> types) {
  std::string key = name.str() + "(";
  for (auto [i, t] : llvm::enumerate(types)) {
    if (i)
      key += ",";
    key += t.str();
  }
  return key + ")";
}

static bool isKernelAnnotation(StringRef text) {
  text = text.trim();
  return text == "Kernel" || text.starts_with("Kernel(") ||
         text == "io.github.rajumark.kernelin.Kernel";
}

/// The parameters of FUN `fun`: (name, type, node) per VALUE_PARAMETER, in
/// order (receivers first).
static SmallVector<std::tuple<StringRef, StringRef, const Node *>>
getParams(const Node &fun) {
  SmallVector<std::tuple<StringRef, StringRef, const Node *>> params;
  for (const auto &child : fun.children)
    if (child->is("VALUE_PARAMETER")) {
      // The older format names receivers `<this>` with a `$this:` or
      // `$receiver:` label.
      params.push_back({child->attr("name"), child->attr("type"), child.get()});
    }
  return params;
}

void Translator::collectFunctions(const Node &node, StringRef package) {
  for (const auto &child : node.children) {
    if (child->is("FILE")) {
      collectFunctions(*child, child->attr("fqName"));
      continue;
    }
    if (!child->is("FUN"))
      continue;
    auto fn = std::make_unique<UserFunction>();
    fn->fun = child.get();
    fn->name = child->attr("name").str();
    if (const Node *annotations = child->getCaption("annotations"))
      fn->isKernel = llvm::any_of(annotations->opaque, isKernelAnnotation);
    SmallVector<StringRef> types;
    for (auto &[name, type, param] : getParams(*child))
      types.push_back(type);
    std::string parent = package.empty() ? "<root>" : package.str();
    fn->key = parent + "." + functionKey(fn->name, types);
    byKey[fn->key] = fn.get();
    functions.push_back(std::move(fn));
  }
}

UserFunction *Translator::lookupUser(const Reference &ref) {
  SmallVector<StringRef> types;
  for (auto &[name, type] : ref.params)
    types.push_back(type);
  return byKey.lookup(ref.declaredIn.str() + "." +
                      functionKey(ref.name, types));
}

void Translator::usedDimensions(const Node &node, unsigned &dims,
                                llvm::StringSet<> &seen) {
  walk(node, [&](const Node &n) {
    if (!n.is("CALL"))
      return;
    std::optional<Reference> ref = parseReference(n.ref);
    if (!ref)
      return;
    if (ref->declaredIn == kApiPackage) {
      if (ref->name == "globalIdY")
        dims = std::max(dims, 2u);
      if (ref->name == "globalIdZ")
        dims = std::max(dims, 3u);
      return;
    }
    if (UserFunction *callee = lookupUser(*ref))
      if (!callee->isKernel && seen.insert(callee->key).second)
        usedDimensions(*callee->fun, dims, seen);
  });
}

LogicalResult
Translator::checkRecursion(UserFunction &fn,
                           llvm::SmallVectorImpl<UserFunction *> &path,
                           llvm::StringSet<> &done) {
  if (done.contains(fn.key))
    return success();
  path.push_back(&fn);
  LogicalResult result = success();
  walk(*fn.fun, [&](const Node &n) {
    if (failed(result) || !n.is("CALL"))
      return;
    std::optional<Reference> ref = parseReference(n.ref);
    if (!ref)
      return;
    UserFunction *callee = lookupUser(*ref);
    if (!callee || callee->isKernel)
      return;
    if (llvm::is_contained(path, callee)) {
      UserFunction *saved = current;
      current = &fn;
      std::string cycle;
      bool in = false;
      for (UserFunction *f : path) {
        in |= f == callee;
        if (in)
          cycle += "'" + f->name + "' -> ";
      }
      cycle += "'" + callee->name + "'";
      result = error(n, "recursion isn't allowed on the GPU: " + cycle);
      current = saved;
      return;
    }
    if (callee->calledFrom.empty())
      callee->calledFrom = fn.calledFrom;
    if (failed(checkRecursion(*callee, path, done)))
      result = failure();
  });
  path.pop_back();
  done.insert(fn.key);
  return result;
}

LogicalResult Translator::declare(UserFunction &fn) {
  const Node &fun = *fn.fun;
  UserFunction *saved = current;
  current = &fn;
  llvm::scope_exit restore([&] { current = saved; });
  for (const auto &child : fun.children)
    if (child->is("TYPE_PARAMETER"))
      return error(*child, "generic functions aren't supported in kernels");

  StringRef returnType = fun.attr("returnType");
  if (fn.isKernel && returnType != "kotlin.Unit")
    return error(fun, "a @Kernel function must return Unit (it returns " +
                          returnType + "); write the result into an array");
  SmallVector<Type> argTypes;
  SmallVector<kg::KernelParam> params;
  for (auto &[name, type, param] : getParams(fun)) {
    FailureOr<Type> t =
        convertType(type, *param, ("parameter '" + name + "'").str());
    if (failed(t))
      return failure();
    if (!*t)
      return error(*param, "parameter '" + name + "' has type " + type);
    // A Boolean kernel argument is passed as an i32 (0 or 1); the body
    // sees `!= 0`.
    if (fn.isKernel && t->isInteger(1))
      *t = i32();
    argTypes.push_back(*t);
    bool buffer = isa<MemRefType>(*t);
    params.push_back({name.str(), *t,
                      buffer ? kg::ArgKind::Buffer : kg::ArgKind::Scalar,
                      std::nullopt});
  }
  b.setInsertionPointToEnd(module.getBody());
  std::string symbol = fn.name;
  if (nameCount[fn.name]++)
    symbol += "_" + std::to_string(nameCount[fn.name] - 1);
  if (fn.isKernel) {
    unsigned dims = 1;
    llvm::StringSet<> seen;
    usedDimensions(fun, dims, seen);
    static const char *const names[][3] = {
        {"size", "", ""}, {"width", "height", ""}, {"width", "height", "depth"}};
    // Hidden kgpu.size_of parameters (array sizes) follow the launch-size
    // parameters, added as the body needs them (arraySize).
    // The launch-size parameters come last (kgpu-verify-abi checks it).
    SmallVector<Attribute> dispatch;
    for (unsigned d = 0; d < dims; ++d) {
      // `size`, `width`...; `kgpu_width` where the kernel has its own
      // `width` parameter (Kernelin's 2D blur does).
      std::string name = names[dims - 1][d];
      if (llvm::any_of(params,
                       [&](const kg::KernelParam &p) { return p.name == name; }))
        name = "kgpu_" + name;
      params.push_back({name, i32(), kg::ArgKind::Scalar, std::nullopt});
      dispatch.push_back(b.getStringAttr(name));
    }
    FailureOr<std::optional<std::array<int32_t, 3>>> workgroupSize =
        getWorkgroupSize(fn);
    if (failed(workgroupSize))
      return failure();
    fn.func = kg::createKernel(b, loc(fun), symbol, params, *workgroupSize);
    fn.func->setAttr(kDispatchParamsAttrName,
                     b.getArrayAttr(dispatch));
    fn.numDispatch = dims;
  } else {
    // Every array parameter's size follows the helper's parameters.
    for (Type t : llvm::to_vector(argTypes))
      if (isa<MemRefType>(t))
        argTypes.push_back(i32());
    SmallVector<Type> results;
    FailureOr<Type> r = convertType(returnType, fun, "the return value");
    if (failed(r))
      return failure();
    if (*r)
      results.push_back(*r);
    fn.func = kg::createDeviceFunction(b, loc(fun), symbol,
                                       b.getFunctionType(argTypes, results));
  }
  return success();
}

LogicalResult Translator::emitBody(UserFunction &fn) {
  const Node &fun = *fn.fun;
  current = &fn;
  currentFunc = fn.func;
  scopes.clear();
  loops.clear();
  scopes.emplace_back();
  Block *entry = currentFunc.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Location l = loc(fun);

  auto params = getParams(fun);
  for (auto [i, param] : llvm::enumerate(params)) {
    Value arg = currentFunc.getArgument(i);
    if (fn.isKernel && std::get<1>(param) == "kotlin.Boolean")
      arg = cmpi(l, arith::CmpIPredicate::ne, arg, constInt(l, i32(), 0));
    bind(std::get<0>(param), {arg, false});
  }

  idX = idY = idZ = idLinear = Value();
  helperSizes.clear();
  if (!fn.isKernel) {
    unsigned next = params.size();
    for (unsigned i = 0, e = params.size(); i < e; ++i)
      if (isa<MemRefType>(currentFunc.getArgument(i).getType()))
        helperSizes[currentFunc.getArgument(i)] =
            currentFunc.getArgument(next++);
  }
  if (fn.isKernel) {
    // The thread's ids and the automatic `out of range -> return` guard.
    unsigned dims = fn.numDispatch;
    unsigned dispatchBase = currentFunc.getNumArguments() - dims;
    auto id = [&](kg::Dimension d) {
      Value index = kg::GlobalIdOp::create(b, l, d);
      return arith::IndexCastOp::create(b, l, i32(), index).getResult();
    };
    idX = id(kg::Dimension::x);
    Value outOfRange;
    Value width = currentFunc.getArgument(dispatchBase);
    outOfRange = cmpi(l, arith::CmpIPredicate::sge, idX, width);
    idLinear = idX;
    if (dims >= 2) {
      idY = id(kg::Dimension::y);
      Value height = currentFunc.getArgument(dispatchBase + 1);
      outOfRange = arith::OrIOp::create(
          b, l, outOfRange, cmpi(l, arith::CmpIPredicate::sge, idY, height));
      // Row-major: x + y * width (+ z * width * height).
      idLinear = arith::AddIOp::create(
          b, l, idX, arith::MulIOp::create(b, l, idY, width));
      if (dims == 3) {
        idZ = id(kg::Dimension::z);
        Value depth = currentFunc.getArgument(dispatchBase + 2);
        outOfRange = arith::OrIOp::create(
            b, l, outOfRange, cmpi(l, arith::CmpIPredicate::sge, idZ, depth));
        Value plane = arith::MulIOp::create(b, l, width, height);
        idLinear = arith::AddIOp::create(
            b, l, idLinear, arith::MulIOp::create(b, l, idZ, plane));
      }
    }
    // A kernel with barriers, local arrays or collectives has no guard
    // (every work-item of a group must reach them): its launch is a whole
    // number of work-groups (docs/kotlin.md, "Launch model").
    llvm::StringSet<> seen;
    if (!usesWorkgroupOps(fun, seen)) {
      Block *body = newBlock();
      Block *exit = newBlock();
      cf::CondBranchOp::create(b, l, outOfRange, exit, body);
      b.setInsertionPointToStart(exit);
      func::ReturnOp::create(b, l);
      b.setInsertionPointToStart(body);
    }
  }

  const Node *bodyNode = nullptr;
  for (const auto &child : fun.children)
    if (child->is("BLOCK_BODY") || child->is("EXPRESSION_BODY"))
      bodyNode = child.get();
  if (!bodyNode)
    return error(fun, "function '" + fn.name + "' has no body in the dump");
  FailureOr<Value> value = emitChildren(*bodyNode, true);
  if (failed(value))
    return failure();
  ensureOpenBlock();
  ArrayRef<Type> results = currentFunc.getFunctionType().getResults();
  if (results.empty()) {
    func::ReturnOp::create(b, l);
  } else if (bodyNode->is("EXPRESSION_BODY") && *value) {
    func::ReturnOp::create(b, l, convert(l, *value, results[0]));
  } else {
    // Kotlin ends a non-Unit function with a return; this block is not
    // reachable.
    Value zero = isa<FloatType>(results[0])
                     ? constFloat(l, results[0], 0.0)
                     : constInt(l, results[0], 0);
    func::ReturnOp::create(b, l, zero);
  }
  fn.emitted = true;
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

FailureOr<Value> Translator::emitChildren(const Node &node, bool newScope) {
  if (newScope)
    scopes.emplace_back();
  llvm::scope_exit pop([&] {
    if (newScope)
      scopes.pop_back();
  });
  Value last;
  for (const auto &child : node.children) {
    ensureOpenBlock();
    FailureOr<Value> v = emit(*child);
    if (failed(v))
      return failure();
    last = *v;
  }
  return last;
}

FailureOr<Value> Translator::emitVar(const Node &node) {
  StringRef name = node.attr("name");
  StringRef type = node.attr("type");
  FailureOr<Type> t =
      convertType(type, node, ("variable '" + name + "'").str());
  if (failed(t))
    return failure();
  if (!*t)
    return error(node, "variable '" + name + "' has type " + type);
  Location l = loc(node);
  Value init;
  if (!node.children.empty()) {
    FailureOr<Value> v = emit(*node.children.front());
    if (failed(v))
      return failure();
    init = *v;
    if (!init)
      return error(node, "variable '" + name + "' has no value");
    ensureOpenBlock();
  }
  if (isa<MemRefType>(*t)) {
    // An array-typed val (`<array>` temporaries) names its array.
    if (node.hasFlag("var"))
      return error(node, "array variables must be val ('" + name +
                             "' is a var)");
    if (!init)
      return error(node, "array variable '" + name + "' has no value");
    bind(name, {init, false});
    return Value();
  }
  Value slot = makeSlot(l, *t);
  if (init)
    store(l, convert(l, init, *t), slot);
  bind(name, {slot, true});
  return Value();
}

FailureOr<Value> Translator::emitWhen(const Node &node) {
  Location l = loc(node);
  StringRef type = node.attr("type");
  FailureOr<Type> t = convertType(type, node, "this if/when");
  if (failed(t))
    return failure();
  Value slot = *t ? makeSlot(l, *t) : Value();
  Block *join = newBlock();
  bool hasElse = false;
  for (const auto &branch : node.children) {
    if (!branch->is("BRANCH") && !branch->is("ELSE"))
      return error(*branch, "unexpected '" + branch->kind + "' in a when");
    const Node *cond = branch->getSlot("if");
    const Node *then = branch->getSlot("then");
    if (!then || (!cond && !branch->is("ELSE")))
      return error(*branch, "a when branch needs 'if:' and 'then:'");
    bool isElse = branch->is("ELSE") ||
                  (cond->is("CONST") && cond->attr("value") == "true" &&
                   !cond->words.empty() && cond->words[0] == "Boolean");
    Block *next = nullptr;
    if (!isElse) {
      FailureOr<Value> c = emit(*cond);
      if (failed(c))
        return failure();
      if (!*c || !(*c).getType().isInteger(1))
        return error(*cond, "a when condition must be a Boolean");
      ensureOpenBlock();
      Block *thenBlock = newBlock();
      next = newBlock();
      cf::CondBranchOp::create(b, loc(*cond), *c, thenBlock, next);
      b.setInsertionPointToStart(thenBlock);
    }
    scopes.emplace_back();
    FailureOr<Value> v = emit(*then);
    scopes.pop_back();
    if (failed(v))
      return failure();
    ensureOpenBlock();
    if (slot && *v)
      store(l, convert(l, *v, *t), slot);
    cf::BranchOp::create(b, l, join);
    if (isElse) {
      hasElse = true;
      break;
    }
    b.setInsertionPointToStart(next);
  }
  if (!hasElse) {
    if (slot)
      return error(node, "an if/when used as a value needs an else branch");
    branchTo(l, join);
  }
  b.setInsertionPointToStart(join);
  if (slot)
    return load(l, slot);
  return Value();
}

FailureOr<Value> Translator::emitWhile(const Node &node) {
  Location l = loc(node);
  const Node *cond = node.getSlot("condition");
  const Node *body = node.getSlot("body");
  if (!cond)
    return error(node, "a while loop needs a condition");
  Block *header = newBlock();
  Block *bodyBlock = newBlock();
  Block *exit = newBlock();
  branchTo(l, header);
  b.setInsertionPointToStart(header);
  FailureOr<Value> c = emit(*cond);
  if (failed(c))
    return failure();
  if (!*c || !(*c).getType().isInteger(1))
    return error(*cond, "a loop condition must be a Boolean");
  ensureOpenBlock();
  cf::CondBranchOp::create(b, loc(*cond), *c, bodyBlock, exit);
  b.setInsertionPointToStart(bodyBlock);
  StringRef label = node.attr("label");
  loops.push_back({label == "null" ? StringRef() : label, header, exit});
  scopes.emplace_back();
  FailureOr<Value> v = body ? emit(*body) : FailureOr<Value>(Value());
  scopes.pop_back();
  loops.pop_back();
  if (failed(v))
    return failure();
  branchTo(l, header);
  b.setInsertionPointToStart(exit);
  return Value();
}

FailureOr<Value> Translator::emitDoWhile(const Node &node) {
  Location l = loc(node);
  const Node *cond = node.getSlot("condition");
  const Node *body = node.getSlot("body");
  if (!cond)
    return error(node, "a do-while loop needs a condition");
  Block *bodyBlock = newBlock();
  Block *condBlock = newBlock();
  Block *exit = newBlock();
  branchTo(l, bodyBlock);
  b.setInsertionPointToStart(bodyBlock);
  StringRef label = node.attr("label");
  loops.push_back({label == "null" ? StringRef() : label, condBlock, exit});
  // The condition sees the body's variables (Kotlin's rule): one scope.
  scopes.emplace_back();
  llvm::scope_exit pop([&] { scopes.pop_back(); });
  FailureOr<Value> v = body ? emit(*body) : FailureOr<Value>(Value());
  loops.pop_back();
  if (failed(v))
    return failure();
  branchTo(l, condBlock);
  b.setInsertionPointToStart(condBlock);
  FailureOr<Value> c = emit(*cond);
  if (failed(c))
    return failure();
  if (!*c || !(*c).getType().isInteger(1))
    return error(*cond, "a loop condition must be a Boolean");
  ensureOpenBlock();
  cf::CondBranchOp::create(b, loc(*cond), *c, bodyBlock, exit);
  b.setInsertionPointToStart(exit);
  return Value();
}

FailureOr<Value> Translator::emitJump(const Node &node, bool isBreak) {
  StringRef label = node.attr("loop.label");
  if (label == "null")
    label = "";
  for (auto it = loops.rbegin(); it != loops.rend(); ++it) {
    if (label.empty() ? it->isRepeat : it->label != label)
      continue;
    branchTo(loc(node), isBreak ? it->breakBlock : it->continueBlock);
    return Value();
  }
  return error(node, Twine(isBreak ? "break" : "continue") +
                         " outside a loop of this kernel");
}

FailureOr<Value> Translator::emitReturn(const Node &node) {
  Location l = loc(node);
  std::optional<Reference> from = parseReference(node.attr("from"));
  if (!from)
    return error(node, "cannot read the function this return leaves");
  // return@repeat: continue the repeat loop.
  for (auto it = loops.rbegin(); it != loops.rend(); ++it)
    if (it->isRepeat && from->name == it->lambdaName) {
      branchTo(l, it->continueBlock);
      return Value();
    }
  Value value;
  if (!node.children.empty() && !node.children.front()->is("GET_OBJECT")) {
    FailureOr<Value> v = emit(*node.children.front());
    if (failed(v))
      return failure();
    value = *v;
  }
  ensureOpenBlock();
  ArrayRef<Type> results = currentFunc.getFunctionType().getResults();
  if (results.empty())
    func::ReturnOp::create(b, l);
  else if (value)
    func::ReturnOp::create(b, l, convert(l, value, results[0]));
  else
    return error(node, "this return has no value");
  return Value();
}

//===----------------------------------------------------------------------===//
// Loops over ranges
//===----------------------------------------------------------------------===//

/// ((a mod c) + c) mod c for c > 0, as Kotlin's internal `mod`.
static Value positiveMod(OpBuilder &b, Location l, Value a, Value c) {
  Value r = kg::IntRemOp::create(b, l, a, c);
  Value rc = arith::AddIOp::create(b, l, r, c);
  return kg::IntRemOp::create(b, l, rc, c);
}

/// Kotlin's getProgressionLastElement(start, end, step).
static Value progressionLast(OpBuilder &b, Location l, Value start, Value end,
                             Value step, std::optional<int64_t> constStep) {
  if (constStep && (*constStep == 1 || *constStep == -1))
    return end;
  Type t = start.getType();
  Value zero = arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, 0));
  auto diffMod = [&](Value x, Value y, Value c) {
    Value d = arith::SubIOp::create(b, l, positiveMod(b, l, x, c),
                                    positiveMod(b, l, y, c));
    return positiveMod(b, l, d, c);
  };
  Value negStep = arith::SubIOp::create(b, l, zero, step);
  // step > 0: if start >= end then end else end - diffMod(end, start, step)
  Value upLast = arith::SubIOp::create(b, l, end, diffMod(end, start, step));
  Value up = arith::SelectOp::create(
      b, l,
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, start, end), end,
      upLast);
  // step < 0: if start <= end then end else end + diffMod(start, end, -step)
  Value downLast =
      arith::AddIOp::create(b, l, end, diffMod(start, end, negStep));
  Value down = arith::SelectOp::create(
      b, l,
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, start, end), end,
      downLast);
  Value positive =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, step, zero);
  return arith::SelectOp::create(b, l, positive, up, down);
}

static std::optional<int64_t> constantInt(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

FailureOr<Progression> Translator::emitProgression(const Node &node) {
  auto bad = [&]() -> FailureOr<Progression> {
    (void)error(node, "for loops must iterate over an Int range (until, .., "
                      "..<, downTo, step, indices)");
    return failure();
  };
  if (!node.is("CALL"))
    return bad();
  std::optional<Reference> ref = parseReference(node.ref);
  if (!ref)
    return bad();
  Location l = loc(node);
  Type t = i32();
  Value one = constInt(l, t, 1);
  auto intArg = [&](StringRef name) -> FailureOr<Value> {
    const Node *a = node.getArg(name);
    if (!a || a->attr("type") != "kotlin.Int")
      return failure();
    return emit(*a);
  };
  StringRef name = ref->name;
  if ((name == "rangeTo" || name == "rangeUntil") &&
      ref->declaredIn == "kotlin.Int") {
    FailureOr<Value> first = intArg("<this>"), end = intArg("other");
    if (failed(first) || failed(end) || !*first || !*end)
      {
      if (hadError)
        return failure();
      return bad();
    }
    if (name == "rangeTo")
      return Progression{*first, *end, one, {}};
    // rangeUntil is `until`.
    Value min = constInt(l, t, INT32_MIN);
    Value isMin = cmpi(l, arith::CmpIPredicate::eq, *end, min);
    Value last = arith::SubIOp::create(b, l, *end, one);
    return Progression{select(l, isMin, one, *first),
                       select(l, isMin, constInt(l, t, 0), last), one, {}};
  }
  if (ref->declaredIn == "kotlin.ranges" &&
      (name == "until" || name == "downTo")) {
    FailureOr<Value> first = intArg("<this>"), end = intArg("to");
    if (failed(first) || failed(end) || !*first || !*end)
      {
      if (hadError)
        return failure();
      return bad();
    }
    if (name == "downTo")
      return Progression{*first, *end, constInt(l, t, -1), {}};
    // `a until b`: empty when b is Int.MIN_VALUE, else a..(b - 1).
    Value min = constInt(l, t, INT32_MIN);
    Value isMin = cmpi(l, arith::CmpIPredicate::eq, *end, min);
    Value last = arith::SubIOp::create(b, l, *end, one);
    return Progression{select(l, isMin, one, *first),
                       select(l, isMin, constInt(l, t, 0), last), one, {}};
  }
  if (ref->declaredIn == "kotlin.collections" && name == "<get-indices>") {
    const Node *a = node.getArg("<this>");
    if (!a)
      return bad();
    FailureOr<Value> array = emit(*a);
    if (failed(array) || !*array || !isa<MemRefType>((*array).getType()))
      {
      if (hadError)
        return failure();
      return bad();
    }
    Value n = arraySize(l, *array);
    return Progression{constInt(l, t, 0), arith::SubIOp::create(b, l, n, one),
                       one, {}};
  }
  if (ref->declaredIn == "kotlin.ranges" && name == "step") {
    const Node *inner = node.getArg("<this>");
    const Node *stepNode = node.getArg("step");
    if (!inner || !stepNode || stepNode->attr("type") != "kotlin.Int")
      return bad();
    FailureOr<Progression> p = emitProgression(*inner);
    if (failed(p))
      return failure();
    FailureOr<Value> s = emit(*stepNode);
    if (failed(s) || !*s)
      return failure();
    std::optional<int64_t> cs = constantInt(*s);
    if (cs && *cs <= 0) {
      (void)error(*stepNode, "step must be positive, but it is " +
                                 std::to_string(*cs) +
                                 " (Kotlin throws IllegalArgumentException)");
      return failure();
    }
    // The new step keeps the direction of the progression.
    std::optional<int64_t> innerStep = constantInt(p->step);
    Value newStep;
    std::optional<int64_t> constStep;
    if (innerStep && *innerStep > 0) {
      newStep = *s;
      constStep = cs;
    } else if (innerStep && *innerStep < 0) {
      newStep = arith::SubIOp::create(b, l, constInt(l, t, 0), *s);
      if (cs)
        constStep = -*cs;
    } else {
      Value positive = cmpi(l, arith::CmpIPredicate::sgt, p->step,
                            constInt(l, t, 0));
      newStep = select(l, positive, *s,
                       arith::SubIOp::create(b, l, constInt(l, t, 0), *s));
    }
    // A non-positive run-time step runs no iterations (Kotlin throws).
    Value valid = cs ? Value()
                     : cmpi(l, arith::CmpIPredicate::sgt, *s,
                            constInt(l, t, 0));
    if (p->valid)
      valid = valid ? arith::AndIOp::create(b, l, valid, p->valid).getResult()
                    : p->valid;
    Value last =
        progressionLast(b, l, p->first, p->last, newStep, constStep);
    return Progression{p->first, last, newStep, valid};
  }
  return bad();
}

FailureOr<Value> Translator::emitForLoop(const Node &node) {
  // BLOCK origin=FOR_LOOP { VAR FOR_LOOP_ITERATOR <iterator> = iterator(r);
  //   WHILE FOR_LOOP_INNER_WHILE { condition: hasNext; body: BLOCK {
  //     VAR FOR_LOOP_VARIABLE k = next(); <the body> } } }
  auto bad = [&](const Node &at) {
    return error(at, "for loops must iterate over an Int range (until, .., "
                     "..<, downTo, step, indices)");
  };
  if (node.children.size() != 2)
    return bad(node);
  const Node &iterVar = *node.children[0];
  const Node &loop = *node.children[1];
  if (!iterVar.is("VAR") || iterVar.children.size() != 1 ||
      !loop.is("WHILE"))
    return bad(node);
  const Node &iterCall = *iterVar.children[0];
  std::optional<Reference> iterRef = parseReference(iterCall.ref);
  if (!iterCall.is("CALL") || !iterRef || iterRef->name != "iterator" ||
      (iterRef->declaredIn != "kotlin.ranges.IntRange" &&
       iterRef->declaredIn != "kotlin.ranges.IntProgression"))
    return bad(iterCall);
  const Node *range = iterCall.getArg("<this>");
  const Node *body = loop.getSlot("body");
  if (!range || !body || !body->is("BLOCK") || body->children.empty() ||
      !body->children[0]->is("VAR"))
    return bad(loop);
  const Node &loopVar = *body->children[0];
  if (loopVar.attr("type") != "kotlin.Int")
    return bad(loopVar);

  Location l = loc(node);
  FailureOr<Progression> p = emitProgression(*range);
  if (failed(p))
    return failure();
  ensureOpenBlock();
  Value counter = makeSlot(l, i32());
  store(l, p->first, counter);
  Value positive = cmpi(l, arith::CmpIPredicate::sgt, p->step,
                        constInt(l, i32(), 0));
  Value upNonEmpty = cmpi(l, arith::CmpIPredicate::sle, p->first, p->last);
  Value downNonEmpty = cmpi(l, arith::CmpIPredicate::sge, p->first, p->last);
  Value nonEmpty = select(l, positive, upNonEmpty, downNonEmpty);
  if (p->valid)
    nonEmpty = arith::AndIOp::create(b, l, nonEmpty, p->valid);
  Block *header = newBlock();
  Block *latch = newBlock();
  Block *advance = newBlock();
  Block *exit = newBlock();
  cf::CondBranchOp::create(b, l, nonEmpty, header, exit);

  b.setInsertionPointToStart(header);
  scopes.emplace_back();
  Value k = makeSlot(loc(loopVar), i32());
  store(loc(loopVar), load(l, counter), k);
  bind(loopVar.attr("name"), {k, true});
  StringRef label = loop.attr("label");
  loops.push_back({label == "null" ? StringRef() : label, latch, exit});
  LogicalResult result = success();
  for (size_t i = 1; i < body->children.size() && succeeded(result); ++i) {
    ensureOpenBlock();
    result = emit(*body->children[i]);
  }
  loops.pop_back();
  scopes.pop_back();
  if (failed(result))
    return failure();
  branchTo(l, latch);
  // The last element ends the loop before the counter could overflow.
  b.setInsertionPointToStart(latch);
  Value current = load(l, counter);
  cf::CondBranchOp::create(
      b, l, cmpi(l, arith::CmpIPredicate::eq, current, p->last), exit,
      advance);
  b.setInsertionPointToStart(advance);
  store(l, arith::AddIOp::create(b, l, current, p->step), counter);
  cf::BranchOp::create(b, l, header);
  b.setInsertionPointToStart(exit);
  return Value();
}

FailureOr<Value> Translator::emitRepeat(const Node &call) {
  // repeat(times) { it -> ... }: FUN_EXPR { FUN <anonymous> (it) BLOCK_BODY }
  const Node *times = call.getArg("times");
  const Node *action = call.getArg("action");
  if (!times || !action || !action->is("FUN_EXPR") ||
      action->children.empty() || !action->children[0]->is("FUN"))
    return error(call, "repeat needs a count and a lambda");
  const Node &lambda = *action->children[0];
  Location l = loc(call);
  FailureOr<Value> n = emit(*times);
  if (failed(n) || !*n)
    return failure();
  ensureOpenBlock();
  Value counter = makeSlot(l, i32());
  store(l, constInt(l, i32(), 0), counter);
  Block *header = newBlock();
  Block *bodyBlock = newBlock();
  Block *latch = newBlock();
  Block *exit = newBlock();
  cf::BranchOp::create(b, l, header);
  b.setInsertionPointToStart(header);
  Value i = load(l, counter);
  cf::CondBranchOp::create(b, l, cmpi(l, arith::CmpIPredicate::slt, i, *n),
                           bodyBlock, exit);
  b.setInsertionPointToStart(bodyBlock);
  scopes.emplace_back();
  auto params = getParams(lambda);
  if (params.size() == 1) {
    Value it = makeSlot(l, i32());
    store(l, load(l, counter), it);
    bind(std::get<0>(params[0]), {it, true});
  }
  loops.push_back({StringRef(), latch, exit, true, lambda.attr("name")});
  LogicalResult result = success();
  for (const auto &child : lambda.children)
    if (child->is("BLOCK_BODY"))
      result = emitChildren(*child, true);
  loops.pop_back();
  scopes.pop_back();
  if (failed(result))
    return failure();
  branchTo(l, latch);
  b.setInsertionPointToStart(latch);
  store(l, arith::AddIOp::create(b, l, load(l, counter), constInt(l, i32(), 1)),
        counter);
  cf::BranchOp::create(b, l, header);
  b.setInsertionPointToStart(exit);
  return Value();
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<Value> Translator::emit(const Node &node) {
  if (node.isCaption)
    return Value();
  StringRef kind = node.kind;
  if (kind == "BLOCK") {
    if (node.attr("origin") == "FOR_LOOP")
      return emitForLoop(node);
    return emitChildren(node, true);
  }
  if (kind == "COMPOSITE" || kind == "BLOCK_BODY")
    return emitChildren(node, kind == "BLOCK_BODY");
  if (kind == "EXPRESSION_BODY") {
    if (node.children.size() != 1)
      return error(node, "an expression body holds one expression");
    return emit(*node.children[0]);
  }
  if (kind == "VAR")
    return emitVar(node);
  if (kind == "CONST")
    return emitConst(node);
  if (kind == "GET_VAR") {
    std::optional<Reference> ref = parseReference(node.ref);
    if (!ref)
      return error(node, "cannot read the variable this GET_VAR names");
    const Binding *binding = lookup(ref->name);
    if (!binding)
      return error(node, "variable '" + ref->name + "' is not in scope");
    if (binding->isSlot)
      return load(loc(node), binding->value);
    return binding->value;
  }
  if (kind == "SET_VAR") {
    std::optional<Reference> ref = parseReference(node.ref);
    if (!ref || node.children.size() != 1)
      return error(node, "cannot read this assignment");
    const Binding *binding = lookup(ref->name);
    if (!binding || !binding->isSlot)
      return error(node, "cannot assign to '" + ref->name + "'");
    Value slot = binding->value;
    FailureOr<Value> v = emit(*node.children[0]);
    if (failed(v) || !*v)
    {
      if (hadError)
        return failure();
      return error(node, "assignment of no value");
    }
    ensureOpenBlock();
    Location l = loc(node);
    store(l,
          convert(l, *v, cast<MemRefType>(slot.getType()).getElementType()),
          slot);
    return Value();
  }
  if (kind == "WHEN")
    return emitWhen(node);
  if (kind == "WHILE")
    return emitWhile(node);
  if (kind == "DO_WHILE")
    return emitDoWhile(node);
  if (kind == "BREAK")
    return emitJump(node, true);
  if (kind == "CONTINUE")
    return emitJump(node, false);
  if (kind == "RETURN")
    return emitReturn(node);
  if (kind == "CALL")
    return emitCall(node);
  if (kind == "TYPE_OP")
    return emitTypeOp(node);
  if (kind == "GET_OBJECT") {
    if (node.ref.contains("OBJECT name:Unit "))
      return Value();
    return error(node, "objects aren't supported in kernels");
  }
  if (kind == "STRING_CONCATENATION")
    return error(node, "strings aren't supported on the GPU");
  if (kind == "THROW" || kind == "TRY")
    return error(node, "exceptions (throw, try/catch) aren't supported on "
                       "the GPU");
  if (kind == "FUN_EXPR" || kind == "FUNCTION_REFERENCE" ||
      kind == "RICH_FUNCTION_REFERENCE" || kind == "PROPERTY_REFERENCE" ||
      kind == "RICH_PROPERTY_REFERENCE")
    return error(node, "lambdas and function references aren't supported in "
                       "kernels (repeat {} is); use a for loop");
  if (kind == "CONSTRUCTOR_CALL")
    return error(node, "creating objects or arrays isn't supported in "
                       "kernels; pass arrays in as kernel parameters");
  if (kind == "GET_FIELD" || kind == "SET_FIELD")
    return error(node, "properties and objects aren't supported in kernels "
                       "(use local variables and parameters)");
  if (kind == "FUN" || kind == "CLASS")
    return error(node, "local functions and classes aren't supported in "
                       "kernels; write a top-level helper");
  if (kind.empty())
    return error(node, "unexpected text in the dump: '" + node.line + "'");
  return error(node, "'" + kind + "' isn't supported in kernels");
}

FailureOr<Value> Translator::emitConst(const Node &node) {
  Location l = loc(node);
  StringRef kind = node.words.empty() ? StringRef() : node.words[0];
  StringRef value = node.attr("value");
  if (kind == "Int" || kind == "Long") {
    int64_t v;
    if (value.getAsInteger(10, v))
      return error(node, "malformed " + kind + " constant '" + value + "'");
    if (kind == "Int" && (v < INT32_MIN || v > INT32_MAX))
      return error(node, "Int constant " + value + " is out of range");
    return constInt(l, kind == "Int" ? i32() : b.getI64Type(), v);
  }
  if (kind == "Boolean") {
    if (value != "true" && value != "false")
      return error(node, "malformed Boolean constant '" + value + "'");
    return constInt(l, i1(), value == "true");
  }
  if (kind == "Float" || kind == "Double") {
    const llvm::fltSemantics &sem = kind == "Float"
                                        ? llvm::APFloat::IEEEsingle()
                                        : llvm::APFloat::IEEEdouble();
    llvm::APFloat f(sem);
    StringRef text = value;
    bool negative = text.consume_front("-");
    if (text == "NaN")
      f = llvm::APFloat::getNaN(sem);
    else if (text == "Infinity")
      f = llvm::APFloat::getInf(sem);
    else {
      // Java's toString: digits, '.', an optional E exponent.
      if (text.empty() || !llvm::all_of(text, [](char c) {
            return llvm::isDigit(c) || c == '.' || c == 'E' || c == '-';
          }))
        return error(node, "malformed " + kind + " constant '" + value + "'");
      auto status =
          f.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
      if (!status) {
        llvm::consumeError(status.takeError());
        return error(node, "malformed " + kind + " constant '" + value + "'");
      }
    }
    if (negative)
      f.changeSign();
    Type t = kind == "Float" ? Type(b.getF32Type()) : Type(b.getF64Type());
    return arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, f))
        .getResult();
  }
  if (kind == "String" || kind == "Char")
    return error(node, "strings aren't supported on the GPU");
  if (kind == "Null")
    return error(node, "nullable values aren't supported on the GPU");
  return error(node, "constants of type " + kind +
                         " aren't supported in kernels (Int, Float, Boolean, "
                         "Long, Double)");
}

FailureOr<Value> Translator::emitTypeOp(const Node &node) {
  StringRef op = node.attr("origin");
  if (node.children.size() != 1)
    return error(node, "a type operation has one operand");
  FailureOr<Value> v = emit(*node.children[0]);
  if (failed(v))
    return failure();
  if (op == "IMPLICIT_COERCION_TO_UNIT")
    return Value();
  if (op == "IMPLICIT_CAST" || op == "IMPLICIT_INTEGER_COERCION") {
    FailureOr<Type> t = convertType(node.attr("typeOperand"), node, "a cast");
    if (failed(t))
      return failure();
    if (!*v || !*t)
      return *v;
    return convert(loc(node), *v, *t);
  }
  if (op == "INSTANCEOF" || op == "NOT_INSTANCEOF" || op == "CAST" ||
      op == "SAFE_CAST" || op == "IMPLICIT_NOTNULL")
    return error(node, "type checks and casts (is, as, !!) aren't supported "
                       "on the GPU");
  return error(node, "type operation " + op + " isn't supported in kernels");
}

Value Translator::convert(Location l, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  bool fromInt = isa<IntegerType>(from), toInt = isa<IntegerType>(to);
  if (fromInt && toInt) {
    unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
    if (fw < tw)
      return fw == 1 ? arith::ExtUIOp::create(b, l, to, v).getResult()
                     : arith::ExtSIOp::create(b, l, to, v).getResult();
    return arith::TruncIOp::create(b, l, to, v);
  }
  if (fromInt && isa<FloatType>(to))
    return arith::SIToFPOp::create(b, l, to, v);
  if (isa<FloatType>(from) && toInt)
    return kg::FPToSISatOp::create(b, l, to, v);
  if (isa<FloatType>(from) && isa<FloatType>(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, l, to, v);
    return arith::TruncFOp::create(b, l, to, v);
  }
  return v;
}

FailureOr<Value> Translator::arg(const Node &node, StringRef name, Type type) {
  const Node *a = node.getArg(name);
  if (!a) {
    (void)error(node, "argument '" + name +
                          "' is missing (default arguments aren't supported "
                          "in kernels: pass every argument)");
    return failure();
  }
  FailureOr<Value> v = emit(*a);
  if (failed(v))
    return failure();
  if (!*v) {
    (void)error(*a, "argument '" + name + "' has no value");
    return failure();
  }
  ensureOpenBlock();
  if (type)
    return convert(loc(*a), *v, type);
  return *v;
}

FailureOr<Value> Translator::emitCall(const Node &node) {
  std::optional<Reference> ref = parseReference(node.ref);
  if (!ref || ref->kind != Reference::Kind::Function)
    return error(node, "cannot read the function this call names");
  StringRef parent = ref->declaredIn;
  if (parent == "kotlin.Int" || parent == "kotlin.Float" ||
      parent == "kotlin.Long" || parent == "kotlin.Double" ||
      parent == "kotlin.Boolean")
    return emitPrimitiveMember(node, *ref);
  if (parent == "kotlin.internal.ir")
    return emitIntrinsic(node, *ref);
  if (parent == "kotlin.IntArray" || parent == "kotlin.FloatArray" ||
      parent == "kotlin.LongArray" || parent == "kotlin.DoubleArray")
    return emitArrayMember(node, *ref);
  if (parent == "kotlin.collections" && ref->name == "<get-lastIndex>")
    return emitArrayMember(node, *ref);
  if (parent == "kotlin.math")
    return emitMath(node, *ref);
  if (parent == "kotlin.ranges" || parent == "kotlin.ranges.IntRange")
    return emitRanges(node, *ref);
  if ((parent == "kotlin.collections" ||
       parent == "kotlin.ranges.ClosedFloatingPointRange") &&
      ref->name == "contains")
    return emitContains(node, *ref);
  if (parent == "kotlin" && ref->name == "repeat")
    return emitRepeat(node);
  if (parent == "kotlin" && (ref->name == "isNaN" || ref->name == "isInfinite" ||
                             ref->name == "isFinite")) {
    Location l = loc(node);
    FailureOr<Value> x = arg(node, "<this>");
    if (failed(x))
      return failure();
    if (!isa<FloatType>(x->getType()))
      return error(node, "'" + ref->name + "' needs a Float or Double");
    if (ref->name == "isNaN")
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, *x, *x)
          .getResult();
    Value abs = math::AbsFOp::create(b, l, *x);
    Value inf = arith::ConstantOp::create(
        b, l, x->getType(),
        b.getFloatAttr(x->getType(),
                       llvm::APFloat::getInf(
                           cast<FloatType>(x->getType()).getFloatSemantics())));
    return arith::CmpFOp::create(b, l,
                                 ref->name == "isInfinite"
                                     ? arith::CmpFPredicate::OEQ
                                     : arith::CmpFPredicate::OLT,
                                 abs, inf)
        .getResult();
  }
  if (parent == kApiPackage)
    return emitApi(node, *ref);
  if (parent == kKgpuPackage)
    return emitKgpu(node, *ref);
  if (UserFunction *callee = lookupUser(*ref)) {
    if (callee->isKernel)
      return error(node, "a @Kernel function can't call another @Kernel ('" +
                             callee->name +
                             "'); move the shared code into a helper");
    return emitUserCall(node, *ref, *callee);
  }
  std::string what = (parent + "." + ref->name).str();
  if (ref->name.starts_with("<get-"))
    return error(node, "'" + what + "' (a property) can't run on the GPU");
  return error(node, "'" + what +
                         "' can't run on the GPU: kernels may call their own "
                         "helpers, kotlin.math and the Kernelin API");
}

FailureOr<Value> Translator::emitUserCall(const Node &node,
                                          const Reference &ref,
                                          UserFunction &callee) {
  if (!callee.func) {
    if (callee.calledFrom.empty())
      callee.calledFrom = current->isKernel ? current->name
                                            : current->calledFrom;
    OpBuilder::InsertionGuard guard(b);
    UserFunction *saved = current;
    if (failed(declare(callee)))
      return failure();
    current = saved;
    pending.push_back(&callee);
  }
  FunctionType type = callee.func.getFunctionType();
  auto params = getParams(*callee.fun);
  SmallVector<Value> args;
  for (auto [i, param] : llvm::enumerate(params)) {
    FailureOr<Value> v = arg(node, std::get<0>(param), type.getInput(i));
    if (failed(v))
      return failure();
    if (isa<MemRefType>(v->getType()) && v->getType() != type.getInput(i))
      return error(node, "a local array can't be passed to a helper ('" +
                             std::get<0>(param) +
                             "'); use it in the kernel itself");
    args.push_back(*v);
  }
  for (Value v : llvm::to_vector(args))
    if (isa<MemRefType>(v.getType()))
      args.push_back(arraySize(loc(node), v));
  auto call = func::CallOp::create(b, loc(node), callee.func, args);
  if (call.getNumResults())
    return call.getResult(0);
  return Value();
}

/// The Kotlin type name of a node's `type=` as an MLIR type, for operands.
FailureOr<Value> Translator::emitPrimitiveMember(const Node &node,
                                                 const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  FailureOr<Type> resultType = convertType(node.attr("type"), node, "the call");
  if (failed(resultType))
    return failure();
  Type rt = *resultType;
  // Conversions.
  if (name == "toInt" || name == "toFloat" || name == "toLong" ||
      name == "toDouble") {
    FailureOr<Value> x = arg(node, "<this>");
    if (failed(x))
      return failure();
    return convert(l, *x, rt);
  }
  if (name == "not") {
    FailureOr<Value> x = arg(node, "<this>");
    if (failed(x))
      return failure();
    return arith::XOrIOp::create(b, l, *x, constInt(l, i1(), 1)).getResult();
  }
  // Unary operators.
  if (name == "unaryMinus" || name == "unaryPlus" || name == "inc" ||
      name == "dec" || name == "inv") {
    FailureOr<Value> x = arg(node, "<this>", rt);
    if (failed(x))
      return failure();
    bool isFloat = isa<FloatType>(rt);
    if (name == "unaryPlus")
      return *x;
    if (name == "unaryMinus")
      return isFloat ? arith::NegFOp::create(b, l, *x).getResult()
                     : arith::SubIOp::create(b, l, constInt(l, rt, 0), *x)
                           .getResult();
    if (name == "inv")
      return arith::XOrIOp::create(b, l, *x, constInt(l, rt, -1)).getResult();
    int64_t delta = name == "inc" ? 1 : -1;
    return isFloat ? arith::AddFOp::create(b, l, *x, constFloat(l, rt, delta))
                         .getResult()
                   : arith::AddIOp::create(b, l, *x, constInt(l, rt, delta))
                         .getResult();
  }
  // Shifts: the count is an Int, masked to the receiver's width.
  if (name == "shl" || name == "shr" || name == "ushr") {
    FailureOr<Value> x = arg(node, "<this>", rt);
    FailureOr<Value> n = failed(x) ? FailureOr<Value>(failure()) : arg(node, "bitCount", rt);
    if (failed(n))
      return failure();
    kg::ShiftKind kind = name == "shl"   ? kg::ShiftKind::Shl
                         : name == "shr" ? kg::ShiftKind::ShrS
                                         : kg::ShiftKind::ShrU;
    return kg::ShiftOp::create(b, l, kind, *x, *n).getResult();
  }
  if (name == "compareTo") {
    // Operands in the wider type: Int.compareTo(Float) compares as Float.
    FailureOr<Value> x = arg(node, "<this>");
    FailureOr<Value> y = failed(x) ? FailureOr<Value>(failure()) : arg(node, "other");
    if (failed(y))
      return failure();
    Type t = x->getType();
    Type yt = y->getType();
    if (isa<FloatType>(yt) && (!isa<FloatType>(t) ||
                               yt.getIntOrFloatBitWidth() >
                                   t.getIntOrFloatBitWidth()))
      t = yt;
    else if (isa<IntegerType>(yt) && isa<IntegerType>(t) &&
             yt.getIntOrFloatBitWidth() > t.getIntOrFloatBitWidth())
      t = yt;
    Value a = convert(l, *x, t), c = convert(l, *y, t);
    Value minusOne = constInt(l, i32(), -1), one = constInt(l, i32(), 1),
          zero = constInt(l, i32(), 0);
    if (isa<IntegerType>(t))
      return select(l, cmpi(l, arith::CmpIPredicate::slt, a, c), minusOne,
                    select(l, cmpi(l, arith::CmpIPredicate::sgt, a, c), one,
                           zero));
    // Float.compareTo: a total order, -0.0 < 0.0 and NaN above everything
    // (equal to itself): compare the canonical bits when neither < nor >.
    Type bits = b.getIntegerType(t.getIntOrFloatBitWidth());
    auto canonical = [&](Value v) {
      Value isNaN =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, v, v);
      Value nan = arith::ConstantOp::create(
          b, l, t,
          b.getFloatAttr(t, llvm::APFloat::getQNaN(
                                cast<FloatType>(t).getFloatSemantics())));
      return arith::BitcastOp::create(b, l, bits, select(l, isNaN, nan, v))
          .getResult();
    };
    Value ia = canonical(a), ic = canonical(c);
    Value byBits = select(
        l, cmpi(l, arith::CmpIPredicate::eq, ia, ic), zero,
        select(l, cmpi(l, arith::CmpIPredicate::slt, ia, ic), minusOne, one));
    Value lt = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, a, c);
    Value gt = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, a, c);
    return select(l, lt, minusOne, select(l, gt, one, byBits));
  }
  // Binary arithmetic and bitwise operators, in the result type.
  StringRef otherName = "other";
  FailureOr<Value> x = arg(node, "<this>", rt);
  FailureOr<Value> y = failed(x) ? FailureOr<Value>(failure()) : arg(node, otherName, rt);
  if (failed(y))
    return failure();
  if (!rt)
    return error(node, "operator '" + name + "' has no value");
  bool isFloat = isa<FloatType>(rt);
  if (name == "plus")
    return isFloat ? arith::AddFOp::create(b, l, *x, *y).getResult()
                   : arith::AddIOp::create(b, l, *x, *y).getResult();
  if (name == "minus")
    return isFloat ? arith::SubFOp::create(b, l, *x, *y).getResult()
                   : arith::SubIOp::create(b, l, *x, *y).getResult();
  if (name == "times")
    return isFloat ? arith::MulFOp::create(b, l, *x, *y).getResult()
                   : arith::MulIOp::create(b, l, *x, *y).getResult();
  if (name == "div")
    return isFloat ? arith::DivFOp::create(b, l, *x, *y).getResult()
                   : kg::IntDivOp::create(b, l, *x, *y).getResult();
  if (name == "rem")
    return isFloat ? arith::RemFOp::create(b, l, *x, *y).getResult()
                   : kg::IntRemOp::create(b, l, *x, *y).getResult();
  if (!isFloat && name == "and")
    return arith::AndIOp::create(b, l, *x, *y).getResult();
  if (!isFloat && name == "or")
    return arith::OrIOp::create(b, l, *x, *y).getResult();
  if (!isFloat && name == "xor")
    return arith::XOrIOp::create(b, l, *x, *y).getResult();
  return error(node, "'" + ref.declaredIn + "." + name +
                         "' isn't supported in kernels");
}

FailureOr<Value> Translator::emitIntrinsic(const Node &node,
                                           const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  FailureOr<Value> x = arg(node, "arg0");
  FailureOr<Value> y = failed(x) ? FailureOr<Value>(failure()) : arg(node, "arg1");
  if (failed(y))
    return failure();
  Type t = x->getType();
  if (y->getType() != t) {
    // Mixed operand types compare in the wider one.
    Type yt = y->getType();
    if (isa<FloatType>(yt) && !isa<FloatType>(t))
      t = yt;
    else if (yt.getIntOrFloatBitWidth() > t.getIntOrFloatBitWidth() &&
             isa<FloatType>(yt) == isa<FloatType>(t))
      t = yt;
  }
  Value a = convert(l, *x, t), c = convert(l, *y, t);
  if (isa<FloatType>(t)) {
    arith::CmpFPredicate p;
    if (name == "less")
      p = arith::CmpFPredicate::OLT;
    else if (name == "lessOrEqual")
      p = arith::CmpFPredicate::OLE;
    else if (name == "greater")
      p = arith::CmpFPredicate::OGT;
    else if (name == "greaterOrEqual")
      p = arith::CmpFPredicate::OGE;
    else if (name == "ieee754equals" || name == "EQEQ" || name == "EQEQEQ")
      p = arith::CmpFPredicate::OEQ;
    else
      return error(node, "'kotlin.internal.ir." + name +
                             "' isn't supported in kernels");
    return arith::CmpFOp::create(b, l, p, a, c).getResult();
  }
  arith::CmpIPredicate p;
  if (name == "less")
    p = arith::CmpIPredicate::slt;
  else if (name == "lessOrEqual")
    p = arith::CmpIPredicate::sle;
  else if (name == "greater")
    p = arith::CmpIPredicate::sgt;
  else if (name == "greaterOrEqual")
    p = arith::CmpIPredicate::sge;
  else if (name == "EQEQ" || name == "EQEQEQ" || name == "ieee754equals")
    p = arith::CmpIPredicate::eq;
  else
    return error(node,
                 "'kotlin.internal.ir." + name + "' isn't supported in kernels");
  return cmpi(l, p, a, c);
}

FailureOr<Value> Translator::emitArrayMember(const Node &node,
                                             const Reference &ref) {
  Location l = loc(node);
  FailureOr<Value> array = arg(node, "<this>");
  if (failed(array))
    return failure();
  auto type = dyn_cast<MemRefType>(array->getType());
  if (!type)
    return error(node, "not an array");
  if (ref.name == "<get-size>" || ref.name == "<get-lastIndex>") {
    Value n = arraySize(l, *array);
    if (ref.name == "<get-size>")
      return n;
    return arith::SubIOp::create(b, l, n, constInt(l, i32(), 1)).getResult();
  }
  if (ref.name == "get" || ref.name == "set") {
    FailureOr<Value> index = arg(node, "index", i32());
    if (failed(index))
      return failure();
    Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), *index);
    if (ref.name == "get")
      return memref::LoadOp::create(b, l, *array, ValueRange{i}).getResult();
    FailureOr<Value> value = arg(node, "value", type.getElementType());
    if (failed(value))
      return failure();
    memref::StoreOp::create(b, l, *value, *array, ValueRange{i});
    return Value();
  }
  return error(node, "'" + ref.declaredIn + "." + ref.name +
                         "' can't run on the GPU (arrays support [], size, "
                         "indices and lastIndex)");
}

FailureOr<Value> Translator::emitMath(const Node &node, const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  if (name == "<get-PI>" || name == "<get-E>")
    return constFloat(l, b.getF64Type(), name == "<get-PI>" ? M_PI : M_E);
  FailureOr<Type> resultType = convertType(node.attr("type"), node, "the call");
  if (failed(resultType) || !*resultType)
    return failed(resultType) ? failure()
                              : error(node, "'" + name + "' has no value");
  Type rt = *resultType;
  bool isFloat = isa<FloatType>(rt);
  // Receiver-style functions (x.pow(y), x.absoluteValue, x.withSign(y)).
  StringRef first = ref.params.empty() ? StringRef() : ref.params[0].first;
  auto unary = [&]() { return arg(node, first, rt); };
  if (name == "<get-absoluteValue>")
    name = "abs";
  if (name == "<get-sign>")
    name = "sign";
  if (isFloat) {
    using UnaryFn = Value (*)(OpBuilder &, Location, Value);
#define KT_UNARY(KT, OP)                                                       \
  if (name == KT) {                                                            \
    FailureOr<Value> x = unary();                                              \
    if (failed(x))                                                             \
      return failure();                                                        \
    return OP::create(b, l, *x).getResult();                                   \
  }
    KT_UNARY("sqrt", math::SqrtOp)
    KT_UNARY("abs", math::AbsFOp)
    KT_UNARY("sin", math::SinOp)
    KT_UNARY("cos", math::CosOp)
    KT_UNARY("tan", math::TanOp)
    KT_UNARY("asin", math::AsinOp)
    KT_UNARY("acos", math::AcosOp)
    KT_UNARY("atan", math::AtanOp)
    KT_UNARY("sinh", math::SinhOp)
    KT_UNARY("cosh", math::CoshOp)
    KT_UNARY("tanh", math::TanhOp)
    KT_UNARY("asinh", math::AsinhOp)
    KT_UNARY("acosh", math::AcoshOp)
    KT_UNARY("atanh", math::AtanhOp)
    KT_UNARY("exp", math::ExpOp)
    KT_UNARY("expm1", math::ExpM1Op)
    KT_UNARY("ln", math::LogOp)
    KT_UNARY("ln1p", math::Log1pOp)
    KT_UNARY("log10", math::Log10Op)
    KT_UNARY("log2", math::Log2Op)
    KT_UNARY("floor", math::FloorOp)
    KT_UNARY("ceil", math::CeilOp)
    KT_UNARY("truncate", math::TruncOp)
    // Kotlin's round() rounds half to even.
    KT_UNARY("round", math::RoundEvenOp)
    KT_UNARY("cbrt", math::CbrtOp)
#undef KT_UNARY
    (void)sizeof(UnaryFn);
    if (name == "sign") {
      // NaN -> NaN, +-0 -> +-0, else +-1.
      FailureOr<Value> x = unary();
      if (failed(x))
        return failure();
      Value zero = constFloat(l, rt, 0.0);
      Value pos = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, *x,
                                        zero);
      Value neg = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, *x,
                                        zero);
      return select(l, pos, constFloat(l, rt, 1.0),
                    select(l, neg, constFloat(l, rt, -1.0), *x));
    }
    if (ref.params.size() == 2) {
      FailureOr<Value> x = arg(node, ref.params[0].first, rt);
      FailureOr<Value> y =
          failed(x) ? FailureOr<Value>(failure()) : arg(node, ref.params[1].first, rt);
      if (failed(y))
        return failure();
      if (name == "min")
        return kg::JvmMinOp::create(b, l, *x, *y).getResult();
      if (name == "max")
        return kg::JvmMaxOp::create(b, l, *x, *y).getResult();
      if (name == "pow")
        return math::PowFOp::create(b, l, *x, *y).getResult();
      if (name == "atan2")
        return math::Atan2Op::create(b, l, *x, *y).getResult();
      if (name == "withSign")
        return math::CopySignOp::create(b, l, *x, *y).getResult();
    }
  } else if (isa<IntegerType>(rt)) {
    if (name == "abs") {
      // Wraps: abs(Int.MIN_VALUE) is Int.MIN_VALUE.
      FailureOr<Value> x = unary();
      if (failed(x))
        return failure();
      Value zero = constInt(l, rt, 0);
      Value neg = arith::SubIOp::create(b, l, zero, *x);
      return select(l, cmpi(l, arith::CmpIPredicate::slt, *x, zero), neg, *x);
    }
    if (name == "sign") {
      FailureOr<Value> x = unary();
      if (failed(x))
        return failure();
      Value zero = constInt(l, rt, 0);
      return select(l, cmpi(l, arith::CmpIPredicate::sgt, *x, zero),
                    constInt(l, rt, 1),
                    select(l, cmpi(l, arith::CmpIPredicate::slt, *x, zero),
                           constInt(l, rt, -1), zero));
    }
    if ((name == "min" || name == "max") && ref.params.size() == 2) {
      FailureOr<Value> x = arg(node, ref.params[0].first, rt);
      FailureOr<Value> y =
          failed(x) ? FailureOr<Value>(failure()) : arg(node, ref.params[1].first, rt);
      if (failed(y))
        return failure();
      if (name == "min")
        return arith::MinSIOp::create(b, l, *x, *y).getResult();
      return arith::MaxSIOp::create(b, l, *x, *y).getResult();
    }
  }
  return error(node, "'kotlin.math." + name + "' (" + node.attr("type") +
                         ") isn't supported in kernels");
}

FailureOr<Value> Translator::emitRanges(const Node &node,
                                        const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  if (name == "coerceIn" || name == "coerceAtLeast" || name == "coerceAtMost") {
    FailureOr<Type> resultType =
        convertType(node.attr("type"), node, "the call");
    if (failed(resultType) || !*resultType)
      return failure();
    Type rt = *resultType;
    FailureOr<Value> x = arg(node, "<this>", rt);
    if (failed(x))
      return failure();
    bool isFloat = isa<FloatType>(rt);
    // Kotlin's own code: `if (this < min) min else if (this > max) max else
    // this`, so NaN and -0f come through as they are.
    auto less = [&](Value a, Value c) -> Value {
      return isFloat ? arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                             a, c)
                           .getResult()
                     : cmpi(l, arith::CmpIPredicate::slt, a, c);
    };
    Value result = *x;
    if (name == "coerceAtMost") {
      FailureOr<Value> max = arg(node, "maximumValue", rt);
      if (failed(max))
        return failure();
      return select(l, less(*max, *x), *max, *x);
    }
    FailureOr<Value> min = arg(node, "minimumValue", rt);
    if (failed(min))
      return failure();
    if (name == "coerceAtLeast")
      return select(l, less(*x, *min), *min, *x);
    FailureOr<Value> max = arg(node, "maximumValue", rt);
    if (failed(max))
      return failure();
    result = select(l, less(*max, *x), *max, *x);
    return select(l, less(*x, *min), *min, result);
  }
  if (name == "contains") {
    // `v in a..b`, `v in a until b`, `v in a..<b`.
    const Node *range = node.getArg("<this>");
    std::optional<Reference> rangeRef =
        range ? parseReference(range->ref) : std::nullopt;
    if (!range || !range->is("CALL") || !rangeRef)
      return error(node, "'in' needs an Int range (a..b, a until b, a..<b)");
    StringRef kind = rangeRef->name;
    bool inclusive = kind == "rangeTo";
    if (!inclusive && kind != "until" && kind != "rangeUntil")
      return error(node, "'in' needs an Int range (a..b, a until b, a..<b)");
    FailureOr<Value> lo = arg(*range, "<this>", i32());
    FailureOr<Value> hi = failed(lo) ? FailureOr<Value>(failure())
                                     : arg(*range, kind == "until" ? "to"
                                                                   : "other",
                                           i32());
    FailureOr<Value> v = failed(hi) ? FailureOr<Value>(failure()) : arg(node, "value", i32());
    if (failed(v))
      return failure();
    Value above = cmpi(l, arith::CmpIPredicate::sle, *lo, *v);
    Value below = cmpi(l, inclusive ? arith::CmpIPredicate::sle
                                    : arith::CmpIPredicate::slt,
                       *v, *hi);
    return arith::AndIOp::create(b, l, above, below).getResult();
  }
  if (name == "until" || name == "rangeTo" || name == "downTo" ||
      name == "step")
    return error(node, "Int ranges are supported in for loops and 'in' only");
  return error(node, "'kotlin.ranges." + name + "' can't run on the GPU");
}

FailureOr<Value> Translator::emitContains(const Node &node,
                                          const Reference &ref) {
  Location l = loc(node);
  const Node *range = node.getArg("<this>");
  if (!range)
    return error(node, "'in' needs a range");
  if (ref.declaredIn == "kotlin.ranges.ClosedFloatingPointRange") {
    // `x in a..b` on Float/Double: a <= x && x <= b (NaN is in no range).
    std::optional<Reference> r = parseReference(range->ref);
    if (!range->is("CALL") || !r || r->name != "rangeTo")
      return error(node, "'in' needs a range a..b");
    FailureOr<Value> lo = arg(*range, "<this>");
    FailureOr<Value> hi =
        failed(lo) ? FailureOr<Value>(failure()) : arg(*range, "that");
    FailureOr<Value> v = failed(hi) ? FailureOr<Value>(failure())
                                    : arg(node, "value");
    if (failed(v))
      return failure();
    Type t = lo->getType();
    Value x = convert(l, *v, t), top = convert(l, *hi, t);
    if (!isa<FloatType>(t))
      return error(node, "'in' needs a Float or Double range here");
    Value above =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, *lo, x);
    Value below =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, x, top);
    return arith::AndIOp::create(b, l, above, below).getResult();
  }
  // `v in a downTo b`, `v in a..b step s`: an Int progression holds v when v
  // lies between first and last and is a whole number of steps from first.
  const Node *element = node.getArg("element");
  if (!element || element->attr("type") != "kotlin.Int")
    return error(node, "'in' needs an Int range (a..b, until, downTo, step)");
  FailureOr<Progression> p = emitProgression(*range);
  if (failed(p))
    return failure();
  FailureOr<Value> v = arg(node, "element", i32());
  if (failed(v))
    return failure();
  Value zero = constInt(l, i32(), 0);
  Value up = arith::AndIOp::create(
      b, l, cmpi(l, arith::CmpIPredicate::sle, p->first, *v),
      cmpi(l, arith::CmpIPredicate::sle, *v, p->last));
  Value down = arith::AndIOp::create(
      b, l, cmpi(l, arith::CmpIPredicate::sge, p->first, *v),
      cmpi(l, arith::CmpIPredicate::sge, *v, p->last));
  Value positive = cmpi(l, arith::CmpIPredicate::sgt, p->step, zero);
  Value inside = select(l, positive, up, down);
  Value offset = arith::SubIOp::create(b, l, *v, p->first);
  Value aligned = cmpi(l, arith::CmpIPredicate::eq,
                       kg::IntRemOp::create(b, l, offset, p->step), zero);
  Value result = arith::AndIOp::create(b, l, inside, aligned);
  if (p->valid)
    result = arith::AndIOp::create(b, l, result, p->valid);
  return result;
}

FailureOr<Value> Translator::emitApi(const Node &node, const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  auto idOf = [&](kg::Dimension d) -> Value {
    Value index = kg::GlobalIdOp::create(b, l, d);
    return arith::IndexCastOp::create(b, l, i32(), index);
  };
  if (name == "globalId" || name == "globalIdX" || name == "globalIdY" ||
      name == "globalIdZ") {
    if (current->isKernel) {
      if (name == "globalId")
        return idLinear;
      if (name == "globalIdX")
        return idX;
      if (name == "globalIdY")
        return idY ? idY : constInt(l, i32(), 0);
      return idZ ? idZ : constInt(l, i32(), 0);
    }
    // In a helper: the launch's ids (a 1D row-major index needs no sizes).
    if (name == "globalId") {
      UserFunction *kernel = nullptr;
      for (auto &fn : functions)
        if (fn->isKernel && fn->name == current->calledFrom)
          kernel = fn.get();
      unsigned dims = 1;
      if (kernel) {
        llvm::StringSet<> seen;
        usedDimensions(*kernel->fun, dims, seen);
      }
      if (dims > 1)
        return error(node, "globalId() in a helper of a 2D or 3D kernel: "
                           "pass the id from the kernel");
      return idOf(kg::Dimension::x);
    }
    return idOf(name == "globalIdX"   ? kg::Dimension::x
                : name == "globalIdY" ? kg::Dimension::y
                                      : kg::Dimension::z);
  }
  if (name == "randomInt" || name == "randomFloat" ||
      name == "randomIntBelow" || name == "randomNormal")
    return emitRandom(node, ref);
  return error(node, "'" + ref.declaredIn + "." + name +
                         "' isn't supported by kgpu's Kotlin frontend yet");
}

FailureOr<Value> Translator::emitRandom(const Node &node,
                                        const Reference &ref) {
  // docs/kotlin-api.md, "Random numbers": three rounds of the PCG hash of
  // Jarzynski and Olano in 32-bit wrapping arithmetic; the same bits as
  // kotlin/src/io/github/rajumark/kernelin/Random.kt on the JVM.
  Location l = loc(node);
  StringRef name = ref.name;
  Type t = i32();
  auto c = [&](int64_t v) { return constInt(l, t, v); };
  auto pcg = [&](Value v) -> Value {
    Value state = arith::AddIOp::create(
        b, l, arith::MulIOp::create(b, l, v, c(747796405)), c(-1403630843));
    Value count = arith::AddIOp::create(
        b, l, arith::ShRUIOp::create(b, l, state, c(28)), c(4));
    Value word = arith::MulIOp::create(
        b, l,
        arith::XOrIOp::create(b, l, arith::ShRUIOp::create(b, l, state, count),
                              state),
        c(277803737));
    return arith::XOrIOp::create(b, l, arith::ShRUIOp::create(b, l, word, c(22)),
                                 word);
  };
  Value bound;
  if (name == "randomIntBelow") {
    FailureOr<Value> v = arg(node, "bound", t);
    if (failed(v))
      return failure();
    bound = *v;
  }
  FailureOr<Value> seed = arg(node, "seed", t);
  FailureOr<Value> index =
      failed(seed) ? FailureOr<Value>(failure()) : arg(node, "index", t);
  if (failed(index))
    return failure();
  // `stream` defaults to 0 (a defaulted argument has no ARG line).
  Value stream = c(0);
  if (node.getArg("stream")) {
    FailureOr<Value> v = arg(node, "stream", t);
    if (failed(v))
      return failure();
    stream = *v;
  }
  Value r = pcg(arith::AddIOp::create(
      b, l, pcg(arith::AddIOp::create(b, l, pcg(*seed), *index)), stream));
  if (name == "randomInt")
    return r;
  Type f32 = b.getF32Type();
  Value scale = constFloat(l, f32, 1.0 / 16777216.0);
  auto unit = [&](Value bits, int64_t add) -> Value {
    Value top = arith::ShRUIOp::create(b, l, bits, c(8));
    if (add)
      top = arith::AddIOp::create(b, l, top, c(add));
    return arith::MulFOp::create(b, l, arith::SIToFPOp::create(b, l, f32, top),
                                 scale);
  };
  if (name == "randomFloat")
    return unit(r, 0);
  if (name == "randomIntBelow") {
    // ((r as unsigned) * bound) >>> 32; a bound <= 0 gives 0 on the GPU
    // (the JVM throws).
    Type i64 = b.getI64Type();
    Value product =
        arith::MulIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, r),
                              arith::ExtSIOp::create(b, l, i64, bound));
    Value high = arith::TruncIOp::create(
        b, l, t,
        arith::ShRUIOp::create(b, l, product, constInt(l, i64, 32)));
    return select(l, cmpi(l, arith::CmpIPredicate::sgt, bound, c(0)), high,
                  c(0));
  }
  // randomNormal: Box-Muller.
  Value u1 = unit(r, 1);
  Value u2 = unit(pcg(r), 0);
  Value radius = math::SqrtOp::create(
      b, l,
      arith::MulFOp::create(b, l, constFloat(l, f32, -2.0),
                            math::LogOp::create(b, l, u1)));
  Value twoPi = arith::MulFOp::create(b, l, constFloat(l, f32, 2.0),
                                      constFloat(l, f32, (float)M_PI));
  Value angle = math::CosOp::create(b, l, arith::MulFOp::create(b, l, twoPi, u2));
  return arith::MulFOp::create(b, l, radius, angle).getResult();
}

//===----------------------------------------------------------------------===//
// kgpu's extensions (dev.kgpu.kotlin)
//===----------------------------------------------------------------------===//

static bool isWorkgroupOp(StringRef name) {
  if (name == "barrier" || name.starts_with("subgroupShuffle"))
    return true;
  if (name.starts_with("local") && name.ends_with("Array"))
    return true;
  static const StringRef collectives[] = {
      "groupAdd",    "groupMin",    "groupMax",   "subgroupAdd", "subgroupMin",
      "subgroupMax", "subgroupAnd", "subgroupOr", "subgroupXor"};
  return llvm::is_contained(collectives, name);
}

bool Translator::usesWorkgroupOps(const Node &fun, llvm::StringSet<> &seen) {
  bool uses = false;
  walk(fun, [&](const Node &n) {
    if (uses || !n.is("CALL"))
      return;
    std::optional<Reference> ref = parseReference(n.ref);
    if (!ref)
      return;
    if (ref->declaredIn == kKgpuPackage) {
      uses |= isWorkgroupOp(ref->name);
      return;
    }
    if (UserFunction *callee = lookupUser(*ref))
      if (!callee->isKernel && seen.insert(callee->key).second)
        uses |= usesWorkgroupOps(*callee->fun, seen);
  });
  return uses;
}

FailureOr<std::optional<std::array<int32_t, 3>>>
Translator::getWorkgroupSize(UserFunction &fn) {
  const Node *annotations = fn.fun->getCaption("annotations");
  if (!annotations)
    return std::optional<std::array<int32_t, 3>>();
  for (StringRef text : annotations->opaque) {
    text = text.trim();
    if (!text.consume_front("WorkGroupSize(") &&
        !text.consume_front("dev.kgpu.kotlin.WorkGroupSize("))
      continue;
    // `WorkGroupSize(x = 8, y = 8)`: named (x, y, z) or positional values;
    // a missing one (or `<null>`, the default) is 1.
    std::array<int32_t, 3> size = {1, 1, 1};
    text = text.rsplit(')').first;
    SmallVector<StringRef> parts;
    text.split(parts, ',', -1, false);
    for (auto [i, part] : llvm::enumerate(parts)) {
      auto [key, value] = part.split('=');
      if (value.empty())
        std::swap(key, value);
      key = key.trim();
      value = value.trim();
      unsigned d = key == "x" ? 0 : key == "y" ? 1 : key == "z" ? 2 : i;
      if (value == "<null>")
        continue;
      int64_t v;
      if (d > 2 || value.getAsInteger(10, v) || v < 1 || v > 1024)
        return (void)error(*fn.fun, "@WorkGroupSize needs 1 to 3 constant "
                                    "sizes from 1 to 1024, got '" +
                                        part.trim() + "'"),
               failure();
      size[d] = static_cast<int32_t>(v);
    }
    if (int64_t(size[0]) * size[1] * size[2] > 1024)
      return (void)error(*fn.fun, "@WorkGroupSize: more than 1024 "
                                  "work-items in a work-group"),
             failure();
    return std::optional<std::array<int32_t, 3>>(size);
  }
  return std::optional<std::array<int32_t, 3>>();
}

FailureOr<Value> Translator::emitKgpu(const Node &node, const Reference &ref) {
  Location l = loc(node);
  StringRef name = ref.name;
  auto asInt = [&](Value index) -> Value {
    return kg::fromIndex(b, l, index, i32(), kg::Signedness::Signed);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return arith::MulIOp::create(b, l, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, l, x, y);
  };
  // Work-item ids: X/Y/Z one dimension, the plain form row-major linear.
  auto ids = [&](StringRef base, auto make) -> std::optional<Value> {
    if (!name.starts_with(base))
      return std::nullopt;
    StringRef rest = name.drop_front(base.size());
    auto dim = [&](kg::Dimension d) { return asInt(make(d)); };
    if (rest == "X")
      return dim(kg::Dimension::x);
    if (rest == "Y")
      return dim(kg::Dimension::y);
    if (rest == "Z")
      return dim(kg::Dimension::z);
    if (!rest.empty())
      return std::nullopt;
    return Value();
  };
  auto localSize = [&](kg::Dimension d) -> Value {
    return kg::LocalSizeOp::create(b, l, d);
  };
  auto numGroups = [&](kg::Dimension d) -> Value {
    return kg::NumGroupsOp::create(b, l, d);
  };
  auto linear = [&](auto make, auto extent) -> Value {
    // x + (y + z * ny) * nx
    Value x = asInt(make(kg::Dimension::x)), y = asInt(make(kg::Dimension::y)),
          z = asInt(make(kg::Dimension::z));
    Value nx = asInt(extent(kg::Dimension::x)),
          ny = asInt(extent(kg::Dimension::y));
    return add(x, mul(add(y, mul(z, ny)), nx));
  };
  auto localId = [&](kg::Dimension d) -> Value {
    return kg::LocalIdOp::create(b, l, d);
  };
  auto groupId = [&](kg::Dimension d) -> Value {
    return kg::GroupIdOp::create(b, l, d);
  };
  if (auto v = ids("localId", localId))
    return *v ? *v : linear(localId, localSize);
  if (auto v = ids("groupId", groupId))
    return *v ? *v : linear(groupId, numGroups);
  auto product = [&](auto extent) -> Value {
    return mul(mul(asInt(extent(kg::Dimension::x)),
                   asInt(extent(kg::Dimension::y))),
               asInt(extent(kg::Dimension::z)));
  };
  if (auto v = ids("localSize", localSize))
    return *v ? *v : product(localSize);
  if (auto v = ids("numGroups", numGroups))
    return *v ? *v : product(numGroups);
  if (name == "subgroupSize")
    return asInt(kg::SubgroupSizeOp::create(b, l));
  if (name == "subgroupId")
    return asInt(kg::SubgroupIdOp::create(b, l));
  if (name == "numSubgroups")
    return asInt(kg::NumSubgroupsOp::create(b, l));
  if (name == "subgroupLocalId")
    return asInt(kg::LaneIdOp::create(b, l));

  if (name == "barrier") {
    kg::BarrierOp::create(b, l, kg::MemFence::All);
    return Value();
  }
  if (name.consume_front("local") && name.consume_back("Array")) {
    Type element = name == "Int"      ? i32()
                   : name == "Float"  ? b.getF32Type()
                   : name == "Long"   ? b.getI64Type()
                   : name == "Double" ? b.getF64Type()
                                      : Type();
    if (!element)
      return error(node, "'" + ref.declaredIn + "." + ref.name +
                             "' isn't supported by kgpu's Kotlin frontend");
    if (!current->isKernel)
      return error(node, "local arrays can only be allocated in the @Kernel "
                         "function itself, not in a helper");
    FailureOr<Value> size = arg(node, "size", i32());
    if (failed(size))
      return failure();
    APInt n;
    if (!matchPattern(*size, m_ConstantInt(&n)) || n.getSExtValue() <= 0 ||
        n.getSExtValue() > (1 << 20))
      return error(node, "the size of a local array must be a positive "
                         "constant (at most 1048576)");
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&currentFunc.getBody().front());
    auto type = MemRefType::get({n.getSExtValue()}, element,
                                MemRefLayoutAttrInterface(),
                                b.getI64IntegerAttr(3));
    return kg::AllocLocalOp::create(b, l, type).getResult();
  }
  name = ref.name;

  FailureOr<Type> resultType = convertType(node.attr("type"), node, "the call");
  if (failed(resultType))
    return failure();
  // Atomics and reductions into an output element: (array, index, value).
  std::optional<kg::SourceAtomic> atomic =
      llvm::StringSwitch<std::optional<kg::SourceAtomic>>(name)
          .Cases({"atomicAdd", "reduceAdd"}, kg::SourceAtomic::Add)
          .Case("atomicSub", kg::SourceAtomic::Sub)
          .Cases({"atomicMin", "reduceMin"}, kg::SourceAtomic::Min)
          .Cases({"atomicMax", "reduceMax"}, kg::SourceAtomic::Max)
          .Cases({"atomicAnd", "reduceAnd"}, kg::SourceAtomic::And)
          .Cases({"atomicOr", "reduceOr"}, kg::SourceAtomic::Or)
          .Cases({"atomicXor", "reduceXor"}, kg::SourceAtomic::Xor)
          .Case("atomicExchange", kg::SourceAtomic::Xchg)
          .Default(std::nullopt);
  bool isCas = name == "atomicCompareExchange";
  if ((atomic || isCas) && ref.params.size() == (isCas ? 4u : 3u)) {
    FailureOr<Value> array = arg(node, ref.params[0].first);
    if (failed(array))
      return failure();
    auto type = dyn_cast<MemRefType>(array->getType());
    if (!type)
      return error(node, "'" + name + "' needs an array");
    Type element = type.getElementType();
    FailureOr<Value> index = arg(node, ref.params[1].first, i32());
    FailureOr<Value> value =
        failed(index) ? FailureOr<Value>(failure())
                      : arg(node, ref.params[2].first, element);
    if (failed(value))
      return failure();
    Value i = kg::toIndex(b, l, *index, kg::Signedness::Signed);
    if (isCas) {
      FailureOr<Value> desired = arg(node, ref.params[3].first, element);
      if (failed(desired))
        return failure();
      return kg::emitAtomicCAS(b, l, *array, ValueRange{i}, *value, *desired);
    }
    // reduceX(out, index, v): out[index] op= v over all work-items, in no
    // defined order: an atomic whose old value nobody reads.
    Value old = kg::emitAtomic(b, l, *atomic, kg::Signedness::Signed, *array,
                               ValueRange{i}, *value);
    return name.starts_with("reduce") ? Value() : old;
  }
  // Subgroup shuffles: (value, lane | delta | mask).
  std::optional<kg::ShuffleMode> shuffle =
      llvm::StringSwitch<std::optional<kg::ShuffleMode>>(name)
          .Case("subgroupShuffle", kg::ShuffleMode::Idx)
          .Case("subgroupShuffleDown", kg::ShuffleMode::Down)
          .Case("subgroupShuffleUp", kg::ShuffleMode::Up)
          .Case("subgroupShuffleXor", kg::ShuffleMode::Xor)
          .Default(std::nullopt);
  if (shuffle && ref.params.size() == 2 && *resultType) {
    FailureOr<Value> value = arg(node, "value", *resultType);
    FailureOr<Value> offset = failed(value)
                                  ? FailureOr<Value>(failure())
                                  : arg(node, ref.params[1].first, i32());
    if (failed(offset))
      return failure();
    return kg::emitShuffle(b, l, *shuffle, *value, *offset);
  }
  // Subgroup and work-group reductions of one value.
  StringRef op = name;
  bool isGroup = op.consume_front("group");
  bool isSubgroup = !isGroup && op.consume_front("subgroup");
  std::optional<kg::SourceReduction> reduction =
      llvm::StringSwitch<std::optional<kg::SourceReduction>>(op)
          .Case("Add", kg::SourceReduction::Add)
          .Case("Min", kg::SourceReduction::Min)
          .Case("Max", kg::SourceReduction::Max)
          .Case("And", kg::SourceReduction::And)
          .Case("Or", kg::SourceReduction::Or)
          .Case("Xor", kg::SourceReduction::Xor)
          .Default(std::nullopt);
  if ((isGroup || isSubgroup) && reduction && ref.params.size() == 1 &&
      *resultType) {
    FailureOr<Value> value = arg(node, "value", *resultType);
    if (failed(value))
      return failure();
    if (isSubgroup)
      return kg::emitSubgroupReduce(b, l, *reduction, kg::Signedness::Signed,
                                    *value);
    return kg::GroupReduceOp::create(
               b, l,
               kg::getReductionKind(*reduction, kg::Signedness::Signed),
               *value)
        .getResult();
  }
  return error(node, "'" + ref.declaredIn + "." + name +
                         "' isn't supported by kgpu's Kotlin frontend");
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Translator::run() {
  ctx.loadDialect<kg::KgpuDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, math::MathDialect,
                  memref::MemRefDialect>();
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  DumpError parseError;
  std::optional<Dump> dump = parseDump(text, parseError);
  if (!dump) {
    emitError(loc(parseError.pos)) << parseError.message;
    return nullptr;
  }
  OwningOpRef<ModuleOp> owned =
      ModuleOp::create(kg::getSourceLoc(&ctx, fileName, 1, 1));
  module = *owned;

  for (const auto &root : dump->roots) {
    if (root->is("MODULE_FRAGMENT")) {
      collectFunctions(*root, "");
    } else if (root->is("FILE")) {
      collectFunctions(*root, root->attr("fqName"));
    } else if (root->is("FUN")) {
      // -Xdump-fqname: one function at the root.
      auto fn = std::make_unique<UserFunction>();
      fn->fun = root.get();
      fn->name = root->attr("name").str();
      if (const Node *annotations = root->getCaption("annotations"))
        fn->isKernel = llvm::any_of(annotations->opaque, isKernelAnnotation);
      functions.push_back(std::move(fn));
    } else {
      emitError(loc(*root)) << "expected MODULE_FRAGMENT, FILE or FUN at the "
                               "top of the dump, found '"
                            << root->kind << "'";
      return nullptr;
    }
  }

  SmallVector<UserFunction *> kernels;
  for (auto &fn : functions)
    if (fn->isKernel)
      kernels.push_back(fn.get());
  if (kernels.empty()) {
    emitError(loc(*dump->roots.front()))
        << "no @Kernel function in this dump (kernels are top-level "
           "functions annotated io.github.rajumark.kernelin.Kernel)";
    return nullptr;
  }
  // Recursion first, so that helpers are never emitted into a cycle.
  llvm::StringSet<> done;
  for (UserFunction *k : kernels) {
    k->calledFrom = k->name;
    SmallVector<UserFunction *> path;
    (void)checkRecursion(*k, path, done);
  }
  if (hadError)
    return nullptr;
  for (UserFunction *k : kernels)
    if (failed(declare(*k)))
      return nullptr;
  for (UserFunction *k : kernels) {
    if (failed(emitBody(*k)))
      return nullptr;
    while (!pending.empty()) {
      UserFunction *helper = pending.back();
      pending.pop_back();
      if (!helper->emitted && failed(emitBody(*helper)))
        return nullptr;
    }
  }
  current = nullptr;

  std::string message;
  {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      if (message.empty()) {
        llvm::raw_string_ostream os(message);
        os << diag.getLocation() << ": " << diag.str();
      }
      return success();
    });
    if (succeeded(verify(module)))
      return owned;
  }
  emitError(kg::getSourceLoc(&ctx, fileName, 1, 1))
      << "internal error: the emitted MLIR does not verify: " << message;
  return nullptr;
}

namespace kgpu {
namespace kotlinir {
OwningOpRef<ModuleOp> importKotlinIR(llvm::SourceMgr &sourceMgr,
                                     unsigned bufferId, MLIRContext &context) {
  return Translator(sourceMgr, bufferId, context).run();
}

OwningOpRef<ModuleOp> importKotlinIRDirectory(StringRef path,
                                              llvm::SourceMgr &sourceMgr,
                                              MLIRContext &context) {
  Location dirLoc = FileLineColLoc::get(&context, path, 0, 0);
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(path, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef file = it->path();
    if ((file.ends_with(".ir") || file.ends_with(".ir.txt")) &&
        !llvm::sys::fs::is_directory(file))
      files.push_back(file.str());
  }
  if (ec) {
    emitError(dirLoc) << "cannot read directory '" << path
                      << "': " << ec.message();
    return nullptr;
  }
  if (files.empty()) {
    emitError(dirLoc) << "no Kotlin IR dumps (.ir, .ir.txt) in directory '"
                      << path << "'";
    return nullptr;
  }
  llvm::sort(files);
  OwningOpRef<ModuleOp> result;
  for (const std::string &file : files) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
    if (!buffer) {
      emitError(dirLoc) << "cannot read '" << file
                        << "': " << buffer.getError().message();
      return nullptr;
    }
    unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    OwningOpRef<ModuleOp> module = Translator(sourceMgr, id, context).run();
    if (!module)
      return nullptr;
    if (!result) {
      result = std::move(module);
      continue;
    }
    SymbolTable symbols(*result);
    for (Operation &op :
         llvm::make_early_inc_range(module->getBody()->getOperations())) {
      if (auto symbol = dyn_cast<SymbolOpInterface>(op))
        if (symbols.lookup(symbol.getName())) {
          emitError(op.getLoc())
              << "'" << symbol.getName()
              << "' is defined in two dumps of directory '" << path << "'";
          return nullptr;
        }
      op.moveBefore(result->getBody(), result->getBody()->end());
    }
  }
  return result;
}
} // namespace kotlinir
} // namespace kgpu
