//===- Translate.cpp - JVM bytecode to kgpu IR ----------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// One static method at a time: the bytecode's basic blocks become blocks of
// a func.func, the operand stack is interpreted abstractly (scalars are SSA
// values; references are compile-time facts: which buffer, which local
// array, the KernelContext), local slots of a primitive type are
// memref.allocas that mem2reg promotes. Java's semantics are kept with the
// kgpu dialect's exact ops (docs/jvm.md, "Semantics").
//
//===----------------------------------------------------------------------===//

#include "Translate.h"

#include "kgpu/Frontend/Common/Intrinsics.h"
#include "kgpu/Frontend/Common/KernelBuilder.h"
#include "kgpu/Frontend/Common/Locations.h"
#include "kgpu/Frontend/JVM/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>
#include <optional>

using namespace mlir;
using namespace mlir::kgpu;
using namespace ::kgpu::jvm;

namespace {

constexpr StringLiteral kKernelContext = "uk/ac/manchester/tornado/api/KernelContext";
constexpr StringLiteral kArraysPkg = "uk/ac/manchester/tornado/api/types/arrays/";
constexpr StringLiteral kTornadoMath = "uk/ac/manchester/tornado/api/math/TornadoMath";
constexpr StringLiteral kHalfFloat = "uk/ac/manchester/tornado/api/types/HalfFloat";
constexpr StringLiteral kAtomicInteger = "java/util/concurrent/atomic/AtomicInteger";
constexpr StringLiteral kMMAShape =
    "uk/ac/manchester/tornado/api/enums/MMAShape";
/// The hint of an MMA fragment used as an array.
constexpr const char *kFragmentHint =
    "hint: a fragment (the result of mmaFragment, mmaLoadA, mmaLoadB or "
    "mma) is held by the whole SIMD group; pass it only to mma and "
    "mmaStore";

/// What the abstract interpreter knows about a stack entry or local.
enum class VK : uint8_t {
  Int,
  Long,
  Float,
  Double,
  /// A buffer parameter, a local-memory array or a TornadoVM array.
  Array,
  /// The KernelContext parameter.
  Context,
  /// A boxed id field of the KernelContext (folded with intValue()).
  BoxedId,
  /// The -1/0/1 result of lcmp/fcmpl/fcmpg/dcmpl/dcmpg, kept symbolic so
  /// that the following if<cond> is one comparison.
  Cmp,
  /// A string constant (only Kotlin's null-check calls take it).
  String,
  Null,
  /// A boxed primitive (Integer.valueOf, Groovy's Number arithmetic):
  /// `value` of the JVM type `elem`.
  Boxed,
  /// A class constant (ldc of a Class; Groovy's casts take one).
  ClassConst,
  /// A tensor-core fragment (the HalfFloat[] and float[] results of the
  /// KernelContext MMA members): `value` of type !kgpu.mma. A local slot
  /// holding one is carried across blocks as a block argument.
  Fragment,
  /// An MMAShape constant: `idKind` is its K (16: M16N8K16, 32: M16N8K32).
  MmaShape,
};

struct SV {
  VK kind = VK::Int;
  Value value;
  /// The local slot it was loaded from (parallel-loop tests), or -1.
  int slot = -1;
  /// Array: the JVM element type (I J F D B S C Z).
  char elem = 0;
  /// BoxedId: 0 global id, 1 local id, 2 group id, 3 global size, 4 local
  /// size; and the dimension.
  int idKind = 0, dim = 0;
  /// Cmp: the opcode and operands.
  uint8_t cmpOpcode = 0;
  Value lhs, rhs;
  /// ClassConst: the class's internal name.
  std::string cls;
  /// A private array (newarray): the pc of its newarray, or -1.
  int64_t allocPc = -1;

  bool isWide() const { return kind == VK::Long || kind == VK::Double; }
  bool isScalar() const { return kind <= VK::Double; }
  bool sameRef(const SV &o) const {
    return kind == o.kind && value == o.value && elem == o.elem &&
           cls == o.cls;
  }
  /// A private array: a static memref in the default memory space (a
  /// kernel's `newarray`, or a helper's parameter translated for one).
  /// Buffers are dynamic, local arrays are in memory space 3.
  bool isPrivateArray() const {
    auto type = kind == VK::Array && value
                    ? dyn_cast<MemRefType>(value.getType())
                    : MemRefType();
    return type && type.hasStaticShape() && !type.getMemorySpace();
  }
};

/// The attribute of a helper translated for a private array argument:
/// ModuleTranslator::inlinePrivateArrayHelpers inlines its calls.
constexpr StringLiteral kInlineAttrName = "kgpu.jvm_inline";

struct BlockState {
  Block *block = nullptr;
  bool seen = false;
  bool done = false;
  std::vector<SV> stack;
  std::map<unsigned, SV> refs;
  /// The local slots whose fragments are block arguments (after those of
  /// the stack), in order.
  std::vector<std::pair<unsigned, Type>> fragmentSlots;
};

Type scalarType(MLIRContext *ctx, VK kind) {
  switch (kind) {
  case VK::Int:
    return IntegerType::get(ctx, 32);
  case VK::Long:
    return IntegerType::get(ctx, 64);
  case VK::Float:
    return Float32Type::get(ctx);
  case VK::Double:
    return Float64Type::get(ctx);
  default:
    return {};
  }
}

VK kindOfDescriptorChar(char c) {
  switch (c) {
  case 'J':
    return VK::Long;
  case 'F':
    return VK::Float;
  case 'D':
    return VK::Double;
  default:
    return VK::Int;
  }
}

/// The memory element type of a JVM array element.
Type elementType(MLIRContext *ctx, char c) {
  switch (c) {
  case 'J':
    return IntegerType::get(ctx, 64);
  case 'F':
    return Float32Type::get(ctx);
  case 'D':
    return Float64Type::get(ctx);
  case 'B':
  case 'Z':
    return IntegerType::get(ctx, 8);
  case 'S':
  case 'C':
    return IntegerType::get(ctx, 16);
  case 'H':
    return Float16Type::get(ctx);
  default:
    return IntegerType::get(ctx, 32);
  }
}

char descriptorChar(const FieldType &t) {
  switch (t.kind) {
  case FieldType::Byte:
    return 'B';
  case FieldType::Char:
    return 'C';
  case FieldType::Double:
    return 'D';
  case FieldType::Float:
    return 'F';
  case FieldType::Int:
    return 'I';
  case FieldType::Long:
    return 'J';
  case FieldType::Short:
    return 'S';
  case FieldType::Boolean:
    return 'Z';
  default:
    return 0;
  }
}

/// The element type char of a TornadoVM array class (internal name), or 0.
char tornadoArrayElement(StringRef className) {
  if (!className.consume_front(kArraysPkg))
    return 0;
  return llvm::StringSwitch<char>(className)
      .Case("IntArray", 'I')
      .Case("LongArray", 'J')
      .Case("FloatArray", 'F')
      .Case("DoubleArray", 'D')
      .Case("ShortArray", 'S')
      .Case("ByteArray", 'B')
      .Case("CharArray", 'C')
      .Case("Int8Array", 'B')
      .Case("HalfFloatArray", 'H')
      .Default(0);
}

} // namespace

//===----------------------------------------------------------------------===//
// ModuleTranslator
//===----------------------------------------------------------------------===//

ModuleTranslator::ModuleTranslator(MLIRContext &context, ModuleOp module,
                                   ClassPath &classPath,
                                   std::function<std::string(const ClassFile &)>
                                       sourcePath)
    : context(context), module(module), classPath(classPath),
      sourcePath(std::move(sourcePath)) {}

const llvm::StringMap<StaticConstant> &
ModuleTranslator::getConstants(const ClassFile &cf) {
  auto it = constants.find(cf.thisClass);
  if (it != constants.end())
    return it->second;
  return constants[cf.thisClass] = evaluateStaticConstants(cf);
}

std::string ModuleTranslator::getSourceFile(const ClassFile &cf) {
  auto it = sourceFiles.find(cf.thisClass);
  if (it != sourceFiles.end())
    return it->second;
  std::string path = sourcePath ? sourcePath(cf) : std::string();
  if (path.empty())
    path = cf.sourceFile.value_or("");
  return sourceFiles[cf.thisClass] = path;
}

std::string ModuleTranslator::uniqueName(StringRef base) {
  std::string name;
  for (char c : base)
    name += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (name.empty() || llvm::isDigit(name[0]))
    name = "_" + name;
  std::string candidate = name;
  for (unsigned i = 1; usedNames.count(candidate); ++i)
    candidate = name + "_" + std::to_string(i);
  usedNames.insert(candidate);
  return candidate;
}

namespace {

class MethodTranslator {
public:
  MethodTranslator(ModuleTranslator &mt, const ClassFile &cf,
                   const MethodInfo &method, bool isKernel,
                   ArrayRef<Type> paramTypes)
      : mt(mt), cf(cf), method(method), isKernel(isKernel),
        paramTypes(paramTypes), ctx(&mt.getContext()), b(ctx) {
    std::string simple = cf.thisClass;
    if (size_t slash = simple.rfind('/'); slash != std::string::npos)
      simple = simple.substr(slash + 1);
    displayName = simple + "." + method.name;
    sourceFile = mt.getSourceFile(cf);
  }

  func::FuncOp translate(StringRef funcName);

private:
  // Diagnostics.
  Location loc(uint32_t pc) {
    std::optional<unsigned> line = method.getLine(pc);
    return getBytecodeLoc(ctx, displayName, sourceFile, line.value_or(0));
  }
  Location loc() { return loc(curPc); }
  /// Reports the method's first error; the translation stops at the end
  /// of the instruction (callers return right after failing, and values
  /// they still need are harmless placeholders).
  void fail(StringRef code, const Twine &message, const Twine &hint = "") {
    if (hadError)
      return;
    hadError = true;
    InFlightDiagnostic diag = emitError(loc());
    diag << code << ": " << message << " in " << displayName;
    if (!hint.isTriviallyEmpty())
      diag << "; " << hint;
  }
  /// A placeholder of `kind` after an error.
  SV dummy(VK kind) {
    SV v;
    v.kind = kind;
    Type t = scalarType(ctx, kind == VK::Cmp || kind > VK::Double ? VK::Int
                                                                  : kind);
    v.value = arith::ConstantOp::create(b, func ? func.getLoc() : loc(0),
                                        b.getZeroAttr(t));
    return v;
  }

  // The operand stack.
  SV pop() {
    if (stack.empty()) {
      fail("KG-E0199", "the operand stack underflows (malformed bytecode)");
      return dummy(VK::Int);
    }
    SV v = stack.back();
    stack.pop_back();
    return v;
  }
  Value popScalar(VK kind) {
    SV v = pop();
    if (v.kind == VK::Cmp)
      v = materializeCmp(v);
    if (v.kind != kind) {
      fail("KG-E0199", "the operand stack holds an unexpected value "
                       "(malformed or unsupported bytecode)");
      return dummy(kind).value;
    }
    return v.value;
  }
  void push(VK kind, Value value, int slot = -1) {
    SV v;
    v.kind = kind;
    v.value = value;
    v.slot = slot;
    stack.push_back(v);
  }
  void pushValue(Value value) {
    Type t = value.getType();
    if (t.isInteger(64))
      push(VK::Long, value);
    else if (t.isF32())
      push(VK::Float, value);
    else if (t.isF64())
      push(VK::Double, value);
    else
      push(VK::Int, value);
  }
  SV materializeCmp(const SV &v);

  // Constants.
  Value constInt(int32_t v) {
    return arith::ConstantIntOp::create(b, loc(), v, 32);
  }
  Value constLong(int64_t v) {
    return arith::ConstantIntOp::create(b, loc(), v, 64);
  }
  Value constFloat(float v) {
    return arith::ConstantFloatOp::create(b, loc(), b.getF32Type(),
                                          APFloat(v));
  }
  Value constDouble(double v) {
    return arith::ConstantFloatOp::create(b, loc(), b.getF64Type(),
                                          APFloat(v));
  }
  Value index(Value v) {
    return arith::IndexCastOp::create(b, loc(), b.getIndexType(), v);
  }

  // Locals.
  Value slotAlloca(unsigned slot, VK kind);
  void store(unsigned slot, const SV &v);
  void load(unsigned slot, VK kind);

  // Blocks.
  void computeReferenceLiveness();
  BlockState &blockAt(uint32_t pc);
  void branchTo(uint32_t pc, SmallVectorImpl<Value> &operands);
  Block *prepareSuccessor(uint32_t pc, SmallVectorImpl<Value> &operands);
  void translateBlock(uint32_t pc);
  void translateInstruction(const Instruction &insn);

  // Pieces.
  void arrayLoad(char elem);
  void arrayStore(char elem);
  void newArray(const Instruction &insn);
  bool writesPrivateArrayAcrossIterations(const SV &array);
  static bool helperWritesArgument(func::FuncOp helper, unsigned argNo);
  void checkConstantIndex(const SV &array, Value idx);
  bool failIfPrivateArrayEscapes(const SV &v, const Twine &where);
  Value loadElement(const SV &array, Value idx);
  void storeElement(const SV &array, Value idx, Value value);
  Value arrayLength(const SV &array);
  void binary(const Instruction &insn);
  void convert(uint8_t opcode);
  void conditional(const Instruction &insn);
  void invoke(const Instruction &insn);
  bool invokeMath(const MemberRef &ref, const MethodDescriptor &desc);
  bool invokeIntrinsicStatic(const MemberRef &ref, const MethodDescriptor &desc);
  bool invokeKernelContext(const MemberRef &ref, const MethodDescriptor &desc);
  bool invokeMma(const MemberRef &ref, const MethodDescriptor &desc);
  Value tileView(const SV &tile, Type element, StringRef member,
                 std::optional<bool> kPairs);
  void rewriteTiles();
  bool invokeHalfFloat(const MemberRef &ref, const MethodDescriptor &desc,
                       uint8_t opcode);
  bool invokeTornadoArray(const MemberRef &ref, const MethodDescriptor &desc);
  void invokeHelper(const MemberRef &ref, const MethodDescriptor &desc);
  void getStatic(const Instruction &insn);
  void getField(const Instruction &insn);
  Value foldNarrowedDouble(Value d);
  std::optional<StringRef> parallelVariable(const SV &v, uint32_t pc);
  bool groovyIndyCast(const Instruction &insn);
  bool invokeBoxing(const MemberRef &ref, const MethodDescriptor &desc);
  Value convertScalar(Value v, VK to);
  Value popcount(Value x);
  std::optional<std::pair<uint32_t, uint32_t>>
  matchConditionValue(const Instruction &insn);
  const Instruction *insnAt(uint32_t pc) {
    auto it = insnIndex.find(pc);
    return it == insnIndex.end() ? nullptr : &insns[it->second];
  }

  ModuleTranslator &mt;
  const ClassFile &cf;
  const MethodInfo &method;
  bool isKernel;
  /// translateMethod's parameter types (null: the descriptor's).
  SmallVector<Type> paramTypes;
  MLIRContext *ctx;
  OpBuilder b;
  std::string displayName, sourceFile;

  func::FuncOp func;
  Block *entry = nullptr;
  std::vector<Instruction> insns;
  std::map<uint32_t, size_t> insnIndex;
  std::vector<uint32_t> leaders;
  std::map<uint32_t, BlockState> blocks;
  /// The local slots whose reference value a block may read before any
  /// store to them (on some path from its start): only those must agree
  /// where control flow merges.
  std::map<uint32_t, llvm::BitVector> refLiveIn;
  std::vector<uint32_t> worklist;
  std::map<std::pair<unsigned, int>, Value> allocas;
  /// Hidden element-count parameters of buffer arguments (kgpu.size_of).
  std::map<unsigned, Value> sizeArgs;
  std::vector<LocalVariableAnnotation> parallelVars;
  uint32_t curPc = 0;
  bool hadError = false;
  std::vector<SV> stack;
  std::map<unsigned, SV> refs;
  /// The int[] local arrays that MMA members read as fp16 (or int8)
  /// tiles: the kgpu.alloc_local of the int array and the one of the same
  /// bytes as f16 (i8) elements that replaces it (rewriteTiles).
  struct Tile {
    Value view;
    /// TornadoVM's int8 B tile: bytes in pairs of k (kPairsIndex).
    bool kPairs = false;
    /// Whether an MMA load fixed kPairs (an asynchronous copy does not).
    bool fixed = false;
  };
  std::map<Operation *, Tile> tiles;
};

} // namespace

//===----------------------------------------------------------------------===//
// Method translation
//===----------------------------------------------------------------------===//

Value MethodTranslator::slotAlloca(unsigned slot, VK kind) {
  auto key = std::make_pair(slot, static_cast<int>(kind));
  auto it = allocas.find(key);
  if (it != allocas.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Value a = memref::AllocaOp::create(
      b, func.getLoc(), MemRefType::get({}, scalarType(ctx, kind)));
  allocas[key] = a;
  return a;
}

void MethodTranslator::store(unsigned slot, const SV &value) {
  SV v = value.kind == VK::Cmp ? materializeCmp(value) : value;
  if (v.isScalar()) {
    refs.erase(slot);
    memref::StoreOp::create(b, loc(), v.value, slotAlloca(slot, v.kind));
    return;
  }
  v.slot = -1;
  refs[slot] = v;
}

void MethodTranslator::load(unsigned slot, VK kind) {
  if (kind == VK::Array) {
    auto it = refs.find(slot);
    if (it == refs.end()) {
      fail("KG-E0120",
           llvm::formatv("local {0} holds no array or object kgpu knows "
                         "(an object other than a parameter, a local-memory "
                         "array or the KernelContext)",
                         slot),
           "hint: keep array and KernelContext locals bound to one "
           "parameter or one allocate*LocalArray result");
      return;
    }
    SV v = it->second;
    v.slot = slot;
    stack.push_back(v);
    return;
  }
  Value a = slotAlloca(slot, kind);
  push(kind, memref::LoadOp::create(b, loc(), a), slot);
}

SV MethodTranslator::materializeCmp(const SV &v) {
  Location l = loc();
  Value one = constInt(1), minusOne = constInt(-1), zero = constInt(0);
  Value gt, lt;
  if (v.cmpOpcode == op::lcmp) {
    gt = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, v.lhs, v.rhs);
    lt = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, v.lhs, v.rhs);
  } else {
    // fcmpg/dcmpg: NaN gives 1; fcmpl/dcmpl: NaN gives -1.
    bool nanIsGreater = v.cmpOpcode == op::fcmpg || v.cmpOpcode == op::dcmpg;
    gt = arith::CmpFOp::create(b, l,
                               nanIsGreater ? arith::CmpFPredicate::UGT
                                            : arith::CmpFPredicate::OGT,
                               v.lhs, v.rhs);
    lt = arith::CmpFOp::create(b, l,
                               nanIsGreater ? arith::CmpFPredicate::OLT
                                            : arith::CmpFPredicate::ULT,
                               v.lhs, v.rhs);
  }
  Value r = arith::SelectOp::create(
      b, l, gt, one, arith::SelectOp::create(b, l, lt, minusOne, zero));
  SV out;
  out.kind = VK::Int;
  out.value = r;
  return out;
}

void MethodTranslator::computeReferenceLiveness() {
  unsigned numSlots = method.code->maxLocals + 2;
  struct Info {
    llvm::BitVector use, def;
    std::vector<uint32_t> successors;
  };
  std::map<uint32_t, Info> info;
  for (size_t k = 0; k < leaders.size(); ++k) {
    uint32_t start = leaders[k];
    uint32_t end = k + 1 < leaders.size() ? leaders[k + 1] : UINT32_MAX;
    Info &block = info[start];
    block.use.resize(numSlots);
    block.def.resize(numSlots);
    auto it = insnIndex.find(start);
    if (it == insnIndex.end())
      continue;
    const Instruction *last = nullptr;
    for (size_t i = it->second; i < insns.size() && insns[i].pc < end; ++i) {
      const Instruction &insn = insns[i];
      last = &insn;
      uint8_t o = insn.opcode;
      unsigned slot = insn.local;
      if (slot + 1 >= numSlots)
        continue;
      if (o == op::aload || (o >= op::aload_0 && o <= op::aload_3)) {
        if (!block.def.test(slot))
          block.use.set(slot);
      } else if ((o >= op::istore && o <= op::astore) ||
                 (o >= op::istore_0 && o <= op::astore_3)) {
        block.def.set(slot);
        bool wide = o == op::lstore || o == op::dstore ||
                    (o >= op::lstore_0 && o <= op::lstore_3) ||
                    (o >= op::dstore_0 && o <= op::dstore_3);
        if (wide)
          block.def.set(slot + 1);
      }
    }
    if (!last)
      continue;
    block.successors = last->targets();
    if (!last->endsFlow() && end != UINT32_MAX)
      block.successors.push_back(end);
  }
  for (auto &[pc, block] : info)
    refLiveIn[pc] = block.use;
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = info.rbegin(); it != info.rend(); ++it) {
      llvm::BitVector out(numSlots);
      for (uint32_t succ : it->second.successors)
        if (auto s = refLiveIn.find(succ); s != refLiveIn.end())
          out |= s->second;
      out.reset(it->second.def);
      out |= it->second.use;
      llvm::BitVector &in = refLiveIn[it->first];
      if (out != in) {
        in = out;
        changed = true;
      }
    }
  }
}

BlockState &MethodTranslator::blockAt(uint32_t pc) {
  auto it = blocks.find(pc);
  if (it == blocks.end()) {
    fail("KG-E0199", llvm::formatv("a branch to bytecode offset {0}, which "
                                   "starts no basic block",
                                   pc));
    return blocks.begin()->second;
  }
  return it->second;
}

Block *MethodTranslator::prepareSuccessor(uint32_t pc,
                                          SmallVectorImpl<Value> &operands) {
  BlockState &target = blockAt(pc);
  if (hadError)
    return target.block;
  // Symbolic comparisons do not cross blocks.
  for (SV &v : stack)
    if (v.kind == VK::Cmp)
      v = materializeCmp(v);
  const llvm::BitVector *live = nullptr;
  if (auto it = refLiveIn.find(pc); it != refLiveIn.end())
    live = &it->second;
  auto isLive = [&](unsigned slot) {
    return !live || (slot < live->size() && live->test(slot));
  };
  SmallVector<Value> fragmentOperands;
  if (!target.seen) {
    target.seen = true;
    target.stack = stack;
    // A reference in a slot the block never reads before writing (a
    // private array of a branch that ended, a slot reused for another
    // array) is dropped: two paths may disagree on it.
    target.refs.clear();
    for (const auto &[slot, v] : refs)
      if (isLive(slot))
        target.refs.insert({slot, v});
    for (SV &v : target.stack) {
      v.slot = -1;
      if (v.isScalar())
        v.value = target.block->addArgument(scalarType(ctx, v.kind), loc());
    }
    // Fragments in locals: block arguments (the loop-carried accumulator).
    for (auto &[slot, v] : target.refs)
      if (v.kind == VK::Fragment) {
        fragmentOperands.push_back(v.value);
        v.value = target.block->addArgument(v.value.getType(), loc());
        target.fragmentSlots.push_back({slot, v.value.getType()});
      }
    worklist.push_back(pc);
  } else {
    if (target.stack.size() != stack.size()) {
      fail("KG-E0199", "the operand stack has different depths where control "
                       "flow merges (malformed bytecode)");
      return target.block;
    }
    for (auto [have, incoming] : llvm::zip(target.stack, stack))
      if (have.kind != incoming.kind ||
          (!have.isScalar() && !have.sameRef(incoming))) {
        fail("KG-E0120", "different arrays or objects meet where control "
                         "flow merges",
             "hint: a kernel's references must be known at compile time; "
             "write the two cases out instead of choosing an array");
        return target.block;
      }
    // The fragments of the block's fragment slots; a path where the slot
    // holds no fragment of that type passes a placeholder (Java's definite
    // assignment: the block does not read the slot then).
    for (auto [slot, want] : target.fragmentSlots) {
      auto incoming = refs.find(slot);
      if (incoming != refs.end() && incoming->second.kind == VK::Fragment &&
          incoming->second.value.getType() == want) {
        fragmentOperands.push_back(incoming->second.value);
        continue;
      }
      auto frag = cast<MmaFragmentType>(want);
      Value zero = arith::ConstantOp::create(
          b, loc(), b.getZeroAttr(frag.getElementType()));
      fragmentOperands.push_back(MmaFillOp::create(b, loc(), frag, zero));
    }
    // A reference local that differs on two paths is unknown after the
    // merge (an error only when it is used there).
    for (auto it = target.refs.begin(); it != target.refs.end();) {
      if (it->second.kind == VK::Fragment) {
        auto incoming = refs.find(it->first);
        if (incoming == refs.end() || incoming->second.kind != VK::Fragment ||
            incoming->second.value.getType() != it->second.value.getType()) {
          if (target.done) {
            ++it;
            continue;
          }
          it = target.refs.erase(it);
        } else {
          ++it;
        }
        continue;
      }
      auto incoming = refs.find(it->first);
      if (incoming == refs.end() || !incoming->second.sameRef(it->second)) {
        if (target.done) {
          fail("KG-E0120", "different arrays or objects meet in a local "
                           "variable where control flow merges",
               "hint: a kernel's references must be known at compile time");
          return target.block;
        }
        it = target.refs.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const SV &v : stack)
    if (v.isScalar())
      operands.push_back(v.value);
  operands.append(fragmentOperands.begin(), fragmentOperands.end());
  // The block's arguments and the operands agree in number and type (the
  // kinds matched above).
  return target.block;
}

void MethodTranslator::branchTo(uint32_t pc, SmallVectorImpl<Value> &operands) {
  Block *dest = prepareSuccessor(pc, operands);
  if (hadError)
    return;
  cf::BranchOp::create(b, loc(), dest, operands);
}

func::FuncOp MethodTranslator::translate(StringRef funcName) {
  Location methodLoc = loc(0);
  llvm::Expected<MethodDescriptor> desc =
      parseMethodDescriptor(method.descriptor);
  if (!desc) {
    llvm::consumeError(desc.takeError());
    fail("KG-E0199", "the method has a malformed descriptor");
    return nullptr;
  }
  if (!method.code) {
    fail("KG-E0199", "the method has no bytecode (abstract or native)");
    return nullptr;
  }
  const CodeAttribute &code = *method.code;
  llvm::Expected<std::vector<Instruction>> decoded = decodeCode(code);
  if (!decoded) {
    std::string message = llvm::toString(decoded.takeError());
    fail("KG-E0199", "malformed bytecode: " + message);
    return nullptr;
  }
  if (decoded->empty()) {
    fail("KG-E0199", "the method has no instructions");
    return nullptr;
  }
  // synchronized blocks come with an exception handler that releases the
  // monitor: report the monitor.
  for (const Instruction &insn : *decoded)
    if (insn.opcode == op::monitorenter) {
      curPc = insn.pc;
      fail("KG-E0103", "synchronized blocks (monitors) cannot run on a GPU",
           "hint: use KernelContext atomics or barriers");
      return nullptr;
    }
  if (!code.exceptionTable.empty()) {
    curPc = code.exceptionTable.front().handlerPc;
    fail("KG-E0102", "exception handlers (try/catch/finally) cannot run on a "
                     "GPU",
         "hint: remove the try statement from the kernel");
    return nullptr;
  }
  insns = std::move(*decoded);
  for (auto [i, insn] : llvm::enumerate(insns))
    insnIndex[insn.pc] = i;
  leaders = computeBlockLeaders(insns, code.exceptionTable);
  computeReferenceLiveness();
  parallelVars = method.getLocalVariableAnnotations(kParallelAnnotation);
  for (const std::string &var : mt.getMarkedLoopVariables(cf, method))
    for (const LocalVariableEntry &entry : code.localVariables)
      if (entry.name == var) {
        LocalVariableAnnotation a;
        a.startPc = entry.startPc;
        a.length = entry.length;
        a.index = entry.index;
        parallelVars.push_back(a);
      }

  // The signature.
  SmallVector<KernelParam> params;
  SmallVector<Type> argTypes;
  struct ParamSlot {
    unsigned slot;
    SV value;
    int arg; // -1: no function argument (KernelContext)
  };
  SmallVector<ParamSlot> paramSlots;
  unsigned slot = method.isStatic() ? 0 : 1;
  if (!method.isStatic()) {
    fail("KG-E0111", "an instance method cannot be a kernel or a helper",
         "hint: make the method static");
    return nullptr;
  }
  for (auto [i, type] : llvm::enumerate(desc->params)) {
    // The name from MethodParameters (javac -parameters, kotlinc), else
    // from the LocalVariableTable (javac -g), else argN.
    std::string name = "arg" + std::to_string(i);
    if (i < method.parameterNames.size() && !method.parameterNames[i].empty())
      name = method.parameterNames[i];
    else if (const LocalVariableEntry *var = method.findLocalVariable(slot, 0))
      name = var->name;
    SV v;
    int arg = -1;
    if (type.isPrimitive()) {
      v.kind = kindOfDescriptorChar(descriptorChar(type));
      arg = argTypes.size();
      argTypes.push_back(scalarType(ctx, v.kind));
      params.push_back({name, argTypes.back(), ArgKind::Scalar, std::nullopt});
    } else if (type.arrayDims == 1 && type.kind != FieldType::Object) {
      v.kind = VK::Array;
      v.elem = descriptorChar(type);
      arg = argTypes.size();
      // A helper translated for a caller's private array takes its type.
      argTypes.push_back(i < paramTypes.size() && paramTypes[i]
                             ? paramTypes[i]
                             : MemRefType::get({ShapedType::kDynamic},
                                               elementType(ctx, v.elem)));
      params.push_back({name, argTypes.back(), ArgKind::Buffer, std::nullopt});
    } else if (type.arrayDims == 0 && type.className == kKernelContext) {
      v.kind = VK::Context;
    } else if (type.arrayDims == 0 && type.className == kAtomicInteger) {
      // A global atomic counter (TornadoVM's AtomicInteger parameter): a
      // buffer of one int, elem 'A'.
      v.kind = VK::Array;
      v.elem = 'A';
      arg = argTypes.size();
      argTypes.push_back(
          MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 32)));
      params.push_back({name, argTypes.back(), ArgKind::Buffer, std::nullopt});
    } else if (char elem = type.arrayDims == 0
                               ? tornadoArrayElement(type.className)
                               : 0) {
      v.kind = VK::Array;
      v.elem = elem;
      arg = argTypes.size();
      argTypes.push_back(
          MemRefType::get({ShapedType::kDynamic}, elementType(ctx, elem)));
      params.push_back({name, argTypes.back(), ArgKind::Buffer, std::nullopt});
    } else {
      fail("KG-E0110",
           llvm::formatv("parameter '{0}' has type {1}, which a kernel cannot "
                         "take",
                         name, type.str()),
           "hint: kernels take primitives, one-dimensional primitive arrays, "
           "TornadoVM arrays (FloatArray, IntArray, ...) and a "
           "KernelContext");
      return nullptr;
    }
    paramSlots.push_back({slot, v, arg});
    slot += type.slots();
  }
  SmallVector<Type> results;
  if (desc->returnType.kind != FieldType::Void) {
    if (isKernel) {
      fail("KG-E0112", "a kernel must return void",
           "hint: write results into an array parameter");
      return nullptr;
    }
    if (!desc->returnType.isPrimitive()) {
      fail("KG-E0112", "a helper method can only return a primitive value");
      return nullptr;
    }
    results.push_back(scalarType(
        ctx, kindOfDescriptorChar(descriptorChar(desc->returnType))));
  }

  b.setInsertionPointToEnd(mt.getModule().getBody());
  if (isKernel) {
    func = createKernel(b, methodLoc, funcName, params);
  } else {
    func = createDeviceFunction(b, methodLoc, funcName,
                                b.getFunctionType(argTypes, results));
    if (llvm::any_of(paramTypes, [](Type t) { return bool(t); }))
      func->setAttr(kInlineAttrName, b.getUnitAttr());
  }
  for (auto [i, p] : llvm::enumerate(desc->params)) {
    int arg = paramSlots[i].arg;
    if (arg >= 0 &&
        method.hasParameterAnnotation(i, kReduceAnnotation) && isKernel)
      func.setArgAttr(arg, kJVMReduceAttrName, b.getUnitAttr());
  }
  if (isKernel && parallelVars.empty() &&
      llvm::none_of(paramSlots,
                    [](const ParamSlot &p) { return p.value.kind == VK::Context; }))
    func->setAttr(kJVMSingleThreadAttrName, b.getUnitAttr());
  entry = func.addEntryBlock();
  // One block per basic block of the bytecode (after the entry block, which
  // holds the allocas and the parameters).
  for (uint32_t pc : leaders) {
    BlockState state;
    state.block = new Block();
    func.getBody().push_back(state.block);
    blocks[pc] = std::move(state);
  }
  b.setInsertionPointToEnd(entry);
  curPc = 0;
  for (const ParamSlot &p : paramSlots) {
    SV v = p.value;
    if (p.arg >= 0)
      v.value = entry->getArgument(p.arg);
    store(p.slot, v);
  }
  SmallVector<Value> operands;
  branchTo(0, operands);

  while (!worklist.empty() && !hadError) {
    uint32_t pc = worklist.back();
    worklist.pop_back();
    translateBlock(pc);
  }
  if (!hadError)
    rewriteTiles();
  if (hadError) {
    func.erase();
    return nullptr;
  }
  // Blocks no path reaches.
  for (auto &[pc, state] : blocks)
    if (!state.seen)
      state.block->erase();
  return func;
}

void MethodTranslator::translateBlock(uint32_t pc) {
  BlockState &state = blocks[pc];
  state.done = true;
  stack = state.stack;
  refs = state.refs;
  b.setInsertionPointToEnd(state.block);
  auto next = std::upper_bound(leaders.begin(), leaders.end(), pc);
  uint32_t end = next == leaders.end() ? UINT32_MAX : *next;
  auto it = insnIndex.find(pc);
  if (it == insnIndex.end()) {
    fail("KG-E0199", "a basic block starts inside an instruction");
    return;
  }
  for (size_t i = it->second; i < insns.size(); ++i) {
    const Instruction &insn = insns[i];
    if (insn.pc >= end) {
      // Falls through into the next block.
      curPc = insn.pc;
      SmallVector<Value> operands;
      branchTo(insn.pc, operands);
      return;
    }
    curPc = insn.pc;
    translateInstruction(insn);
    if (hadError || insn.endsFlow() || insn.isConditionalBranch())
      return;
  }
  fail("KG-E0199", "control falls off the end of the bytecode");
  return;
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

void MethodTranslator::translateInstruction(const Instruction &insn) {
  Location l = loc();
  uint8_t o = insn.opcode;
  switch (o) {
  case op::nop:
    return;
  case op::aconst_null: {
    SV v;
    v.kind = VK::Null;
    stack.push_back(v);
    return;
  }
  case op::iconst_m1:
  case op::iconst_0:
  case op::iconst_1:
  case op::iconst_2:
  case op::iconst_3:
  case op::iconst_4:
  case op::iconst_5:
    return push(VK::Int, constInt(int(o) - op::iconst_0));
  case op::lconst_0:
  case op::lconst_1:
    return push(VK::Long, constLong(o - op::lconst_0));
  case op::fconst_0:
  case op::fconst_1:
  case op::fconst_2:
    return push(VK::Float, constFloat(float(o - op::fconst_0)));
  case op::dconst_0:
  case op::dconst_1:
    return push(VK::Double, constDouble(double(o - op::dconst_0)));
  case op::bipush:
  case op::sipush:
    return push(VK::Int, constInt(insn.value));
  case op::ldc:
  case op::ldc_w:
  case op::ldc2_w: {
    llvm::Expected<const CpEntry &> e = cf.getEntry(insn.index);
    if (!e) {
      llvm::consumeError(e.takeError());
      fail("KG-E0199", "ldc of a bad constant-pool index");
      return;
    }
    switch (e->tag) {
    case CpTag::Integer:
      return push(VK::Int, constInt(e->getInt()));
    case CpTag::Float:
      return push(VK::Float, constFloat(e->getFloat()));
    case CpTag::Long:
      return push(VK::Long, constLong(e->getLong()));
    case CpTag::Double:
      return push(VK::Double, constDouble(e->getDouble()));
    case CpTag::String: {
      SV v;
      v.kind = VK::String;
      stack.push_back(v);
      return;
    }
    case CpTag::Class: {
      llvm::Expected<StringRef> name = cf.getClassName(insn.index);
      SV v;
      v.kind = VK::ClassConst;
      if (name)
        v.cls = name->str();
      else
        llvm::consumeError(name.takeError());
      stack.push_back(v);
      return;
    }
    default:
      fail("KG-E0106", "a class, method-handle or dynamic constant (ldc) "
                       "cannot be used on a GPU");
      return;
    }
  }
  case op::iload:
  case op::iload_0:
  case op::iload_1:
  case op::iload_2:
  case op::iload_3:
    return load(insn.local, VK::Int);
  case op::lload:
  case op::lload_0:
  case op::lload_1:
  case op::lload_2:
  case op::lload_3:
    return load(insn.local, VK::Long);
  case op::fload:
  case op::fload_0:
  case op::fload_1:
  case op::fload_2:
  case op::fload_3:
    return load(insn.local, VK::Float);
  case op::dload:
  case op::dload_0:
  case op::dload_1:
  case op::dload_2:
  case op::dload_3:
    return load(insn.local, VK::Double);
  case op::aload:
  case op::aload_0:
  case op::aload_1:
  case op::aload_2:
  case op::aload_3:
    return load(insn.local, VK::Array);
  case op::istore:
  case op::istore_0:
  case op::istore_1:
  case op::istore_2:
  case op::istore_3:
  case op::lstore:
  case op::lstore_0:
  case op::lstore_1:
  case op::lstore_2:
  case op::lstore_3:
  case op::fstore:
  case op::fstore_0:
  case op::fstore_1:
  case op::fstore_2:
  case op::fstore_3:
  case op::dstore:
  case op::dstore_0:
  case op::dstore_1:
  case op::dstore_2:
  case op::dstore_3:
  case op::astore:
  case op::astore_0:
  case op::astore_1:
  case op::astore_2:
  case op::astore_3:
    return store(insn.local, pop());
  case op::iinc: {
    Value a = slotAlloca(insn.local, VK::Int);
    Value v = memref::LoadOp::create(b, l, a);
    Value r = arith::AddIOp::create(b, l, v, constInt(insn.value));
    memref::StoreOp::create(b, l, r, a);
    return;
  }
  case op::iaload:
    return arrayLoad('I');
  case op::laload:
    return arrayLoad('J');
  case op::faload:
    return arrayLoad('F');
  case op::daload:
    return arrayLoad('D');
  case op::baload:
    return arrayLoad('B');
  case op::caload:
    return arrayLoad('C');
  case op::saload:
    return arrayLoad('S');
  case op::iastore:
    return arrayStore('I');
  case op::lastore:
    return arrayStore('J');
  case op::fastore:
    return arrayStore('F');
  case op::dastore:
    return arrayStore('D');
  case op::bastore:
    return arrayStore('B');
  case op::castore:
    return arrayStore('C');
  case op::sastore:
    return arrayStore('S');
  case op::aaload:
  case op::aastore:
    if ((o == op::aaload && stack.size() >= 2 &&
         stack[stack.size() - 2].kind == VK::Fragment) ||
        (o == op::aastore && stack.size() >= 3 &&
         stack[stack.size() - 3].kind == VK::Fragment)) {
      fail("KG-E0121", "an MMA fragment cannot be indexed", kFragmentHint);
      return;
    }
    if (o == op::aastore && !stack.empty() &&
        failIfPrivateArrayEscapes(stack.back(),
                                  "is stored into an array of arrays"))
      return;
    fail("KG-E0113", "arrays of objects or of arrays (int[][], Float4[]) "
                     "cannot be used on a GPU",
         "hint: use a one-dimensional primitive array and compute the index");
    return;
  case op::arraylength: {
    SV a = pop();
    if (a.kind == VK::Fragment) {
      fail("KG-E0121", "an MMA fragment has no length a kernel can read",
           kFragmentHint);
      return;
    }
    if (a.kind != VK::Array) {
      fail("KG-E0199", "arraylength of something that is not an array");
      return;
    }
    return push(VK::Int, arrayLength(a));
  }
  case op::pop:
    pop();
    return;
  case op::pop2: {
    SV v = pop();
    if (!v.isWide())
      pop();
    return;
  }
  case op::dup: {
    SV v = pop();
    stack.push_back(v);
    stack.push_back(v);
    return;
  }
  case op::dup_x1: {
    SV v1 = pop(), v2 = pop();
    stack.push_back(v1);
    stack.push_back(v2);
    stack.push_back(v1);
    return;
  }
  case op::dup_x2: {
    SV v1 = pop(), v2 = pop();
    if (v2.isWide()) {
      stack.push_back(v1);
      stack.push_back(v2);
      stack.push_back(v1);
      return;
    }
    SV v3 = pop();
    stack.push_back(v1);
    stack.push_back(v3);
    stack.push_back(v2);
    stack.push_back(v1);
    return;
  }
  case op::dup2: {
    SV v1 = pop();
    if (v1.isWide()) {
      stack.push_back(v1);
      stack.push_back(v1);
      return;
    }
    SV v2 = pop();
    stack.push_back(v2);
    stack.push_back(v1);
    stack.push_back(v2);
    stack.push_back(v1);
    return;
  }
  case op::dup2_x1: {
    SV v1 = pop();
    if (v1.isWide()) {
      SV v2 = pop();
      stack.push_back(v1);
      stack.push_back(v2);
      stack.push_back(v1);
      return;
    }
    SV v2 = pop(), v3 = pop();
    stack.push_back(v2);
    stack.push_back(v1);
    stack.push_back(v3);
    stack.push_back(v2);
    stack.push_back(v1);
    return;
  }
  case op::dup2_x2: {
    SV v1 = pop();
    if (v1.isWide()) {
      SV v2 = pop();
      if (v2.isWide()) {
        stack.push_back(v1);
        stack.push_back(v2);
        stack.push_back(v1);
        return;
      }
      SV v3 = pop();
      stack.push_back(v1);
      stack.push_back(v3);
      stack.push_back(v2);
      stack.push_back(v1);
      return;
    }
    SV v2 = pop(), v3 = pop();
    if (v3.isWide()) {
      stack.push_back(v2);
      stack.push_back(v1);
      stack.push_back(v3);
      stack.push_back(v2);
      stack.push_back(v1);
      return;
    }
    SV v4 = pop();
    stack.push_back(v2);
    stack.push_back(v1);
    stack.push_back(v4);
    stack.push_back(v3);
    stack.push_back(v2);
    stack.push_back(v1);
    return;
  }
  case op::swap: {
    SV v1 = pop(), v2 = pop();
    stack.push_back(v1);
    stack.push_back(v2);
    return;
  }
  case op::iadd:
  case op::ladd:
  case op::fadd:
  case op::dadd:
  case op::isub:
  case op::lsub:
  case op::fsub:
  case op::dsub:
  case op::imul:
  case op::lmul:
  case op::fmul:
  case op::dmul:
  case op::idiv:
  case op::ldiv:
  case op::fdiv:
  case op::ddiv:
  case op::irem:
  case op::lrem:
  case op::frem:
  case op::drem:
  case op::ishl:
  case op::lshl:
  case op::ishr:
  case op::lshr:
  case op::iushr:
  case op::lushr:
  case op::iand:
  case op::land:
  case op::ior:
  case op::lor:
  case op::ixor:
  case op::lxor:
    return binary(insn);
  case op::ineg:
    return push(VK::Int,
                arith::SubIOp::create(b, l, constInt(0), popScalar(VK::Int)));
  case op::lneg:
    return push(VK::Long, arith::SubIOp::create(b, l, constLong(0),
                                                popScalar(VK::Long)));
  case op::fneg:
    return push(VK::Float, arith::NegFOp::create(b, l, popScalar(VK::Float)));
  case op::dneg:
    return push(VK::Double,
                arith::NegFOp::create(b, l, popScalar(VK::Double)));
  case op::i2l:
  case op::i2f:
  case op::i2d:
  case op::l2i:
  case op::l2f:
  case op::l2d:
  case op::f2i:
  case op::f2l:
  case op::f2d:
  case op::d2i:
  case op::d2l:
  case op::d2f:
  case op::i2b:
  case op::i2c:
  case op::i2s:
    return convert(o);
  case op::lcmp:
  case op::fcmpl:
  case op::fcmpg:
  case op::dcmpl:
  case op::dcmpg: {
    VK kind = o == op::lcmp                          ? VK::Long
              : (o == op::fcmpl || o == op::fcmpg) ? VK::Float
                                                   : VK::Double;
    SV v;
    v.kind = VK::Cmp;
    v.cmpOpcode = o;
    v.rhs = popScalar(kind);
    v.lhs = popScalar(kind);
    stack.push_back(v);
    return;
  }
  case op::ifeq:
  case op::ifne:
  case op::iflt:
  case op::ifge:
  case op::ifgt:
  case op::ifle:
  case op::if_icmpeq:
  case op::if_icmpne:
  case op::if_icmplt:
  case op::if_icmpge:
  case op::if_icmpgt:
  case op::if_icmple:
  case op::if_acmpeq:
  case op::if_acmpne:
  case op::ifnull:
  case op::ifnonnull:
    return conditional(insn);
  case op::goto_:
  case op::goto_w: {
    SmallVector<Value> operands;
    branchTo(insn.target, operands);
    return;
  }
  case op::tableswitch:
  case op::lookupswitch: {
    Value key = popScalar(VK::Int);
    SmallVector<Value> defaultOperands;
    Block *defaultDest = prepareSuccessor(insn.target, defaultOperands);
    SmallVector<int32_t> values;
    SmallVector<Block *> dests;
    SmallVector<SmallVector<Value>> caseOperands;
    for (auto [value, target] : insn.cases) {
      values.push_back(value);
      caseOperands.emplace_back();
      dests.push_back(prepareSuccessor(target, caseOperands.back()));
    }
    SmallVector<ValueRange> ranges;
    for (auto &ops : caseOperands)
      ranges.push_back(ops);
    cf::SwitchOp::create(b, l, key, defaultDest, defaultOperands,
                         ArrayRef<int32_t>(values), dests, ranges);
    return;
  }
  case op::ireturn:
  case op::lreturn:
  case op::freturn:
  case op::dreturn: {
    SV v = pop();
    if (v.kind == VK::Cmp)
      v = materializeCmp(v);
    func::ReturnOp::create(b, l, ValueRange{v.value});
    return;
  }
  case op::areturn:
    fail("KG-E0112", "a method cannot return an array or object on a GPU");
    return;
  case op::return_:
    func::ReturnOp::create(b, l);
    return;
  case op::getstatic:
    return getStatic(insn);
  case op::putstatic:
    if (!stack.empty() &&
        failIfPrivateArrayEscapes(stack.back(), "is stored into a field"))
      return;
    fail("KG-E0107", "a kernel cannot assign a static field",
         "hint: write results into an array parameter");
    return;
  case op::getfield:
    return getField(insn);
  case op::putfield:
    if (!stack.empty() &&
        failIfPrivateArrayEscapes(stack.back(), "is stored into a field"))
      return;
    fail("KG-E0107", "a kernel cannot assign a field of an object",
         "hint: write results into an array parameter");
    return;
  case op::invokevirtual:
  case op::invokespecial:
  case op::invokestatic:
  case op::invokeinterface:
    return invoke(insn);
  case op::invokedynamic:
    if (groovyIndyCast(insn))
      return;
    fail("KG-E0104", "invokedynamic (a lambda, a method reference or string "
                     "concatenation) cannot run on a GPU");
    return;
  case op::new_: {
    llvm::Expected<StringRef> name = cf.getClassName(insn.index);
    if (name && *name == kHalfFloat) {
      // `new HalfFloat; dup; <value>; invokespecial <init>`: a placeholder
      // that <init> replaces by the fp16 value (invokeHalfFloat).
      SV v;
      v.kind = VK::Boxed;
      v.elem = 'h';
      stack.push_back(v);
      return;
    }
    if (name && (name->ends_with("Exception") || name->ends_with("Error"))) {
      std::string display = name->str();
      std::replace(display.begin(), display.end(), '/', '.');
      fail("KG-E0102", "a kernel cannot throw exceptions (" + display + ")");
      return;
    }
    if (!name)
      llvm::consumeError(name.takeError());
    fail("KG-E0101", "a kernel cannot allocate objects",
         "hint: pass arrays as parameters; a private array is "
         "new T[constant] of a primitive T, work-group memory comes from "
         "KernelContext.allocate*LocalArray");
    return;
  }
  case op::newarray:
    return newArray(insn);
  case op::multianewarray:
    fail("KG-E0113",
         "arrays of arrays (new float[4][4]) cannot be used on "
         "a GPU",
         "hint: use a one-dimensional array and compute the index "
         "(new float[16], a[i * 4 + j])");
    return;
  case op::anewarray: {
    llvm::Expected<StringRef> name = cf.getClassName(insn.index);
    bool ofArrays = name && name->starts_with("[");
    if (!name)
      llvm::consumeError(name.takeError());
    if (ofArrays) {
      fail("KG-E0113",
           "arrays of arrays (new float[4][]) cannot be used on "
           "a GPU",
           "hint: use a one-dimensional array and compute the index");
      return;
    }
    fail("KG-E0101", "a kernel cannot allocate arrays of objects",
         "hint: private arrays are arrays of primitives (new float[8])");
    return;
  }
  case op::athrow:
    fail("KG-E0102", "a kernel cannot throw exceptions");
    return;
  case op::checkcast:
    return; // A reference kgpu knows keeps its type.
  case op::instanceof:
    fail("KG-E0106", "instanceof needs run-time types, which a GPU does not "
                     "have");
    return;
  case op::monitorenter:
  case op::monitorexit:
    fail("KG-E0103", "synchronized blocks (monitors) cannot run on a GPU",
         "hint: use KernelContext atomics or barriers");
    return;
  default:
    fail("KG-E0199", llvm::formatv("the bytecode instruction '{0}' is not "
                                   "supported",
                                   insn.name()));
    return;
  }
}

Value MethodTranslator::loadElement(const SV &array, Value idx) {
  Location l = loc();
  Value v = memref::LoadOp::create(b, l, array.value, ValueRange{index(idx)});
  // A private array of small elements holds them as ints, already
  // narrowed and extended by the store.
  if (v.getType().isInteger(32))
    return v;
  switch (array.elem) {
  case 'B':
  case 'S':
    return arith::ExtSIOp::create(b, l, b.getI32Type(), v);
  case 'Z':
  case 'C':
    return arith::ExtUIOp::create(b, l, b.getI32Type(), v);
  default:
    return v;
  }
}

void MethodTranslator::storeElement(const SV &array, Value idx, Value value) {
  Location l = loc();
  Type elem = cast<MemRefType>(array.value.getType()).getElementType();
  if (elem.isInteger(32) && (array.elem == 'B' || array.elem == 'S' ||
                             array.elem == 'C' || array.elem == 'Z')) {
    // A private array of byte, short, char or boolean elements: ints holding
    // the value Java's store keeps (JVMS bastore/castore/sastore: the low 8
    // or 16 bits, sign- or zero-extended on load; a boolean its low bit).
    if (array.elem == 'Z') {
      value = arith::AndIOp::create(b, l, value, constInt(1));
    } else {
      Type narrow = b.getIntegerType(array.elem == 'B' ? 8 : 16);
      Value t = arith::TruncIOp::create(b, l, narrow, value);
      value = array.elem == 'C'
                  ? arith::ExtUIOp::create(b, l, elem, t).getResult()
                  : arith::ExtSIOp::create(b, l, elem, t).getResult();
    }
  }
  if (elem != value.getType())
    value = arith::TruncIOp::create(b, l, elem, value);
  memref::StoreOp::create(b, l, value, array.value, ValueRange{index(idx)});
}

Value MethodTranslator::arrayLength(const SV &array) {
  Location l = loc();
  auto type = cast<MemRefType>(array.value.getType());
  if (type.hasStaticShape())
    return constInt(type.getDimSize(0));
  // A kernel's buffer parameter: its element count is a hidden i64
  // parameter the runtime fills in (kgpu.size_of, as --check-bounds uses),
  // because SPIR-V has no memref.dim of a buffer. Elsewhere memref.dim.
  auto arg = dyn_cast<BlockArgument>(array.value);
  if (isKernel && arg && arg.getOwner() == entry) {
    unsigned argNo = arg.getArgNumber();
    auto it = sizeArgs.find(argNo);
    if (it == sizeArgs.end())
      it = sizeArgs.insert({argNo, getOrAddBufferSizeArgument(func, argNo)})
               .first;
    return arith::TruncIOp::create(b, l, b.getI32Type(), it->second);
  }
  Value dim = memref::DimOp::create(b, l, array.value, 0);
  return arith::IndexCastOp::create(b, l, b.getI32Type(), dim);
}

void MethodTranslator::arrayLoad(char elem) {
  Value idx = popScalar(VK::Int);
  SV array = pop();
  if (array.kind == VK::Fragment) {
    fail("KG-E0121", "an MMA fragment cannot be indexed", kFragmentHint);
    return;
  }
  if (array.kind != VK::Array) {
    fail("KG-E0199", "an array load from something that is not an array");
    return;
  }
  checkConstantIndex(array, idx);
  pushValue(loadElement(array, idx));
}

void MethodTranslator::arrayStore(char elem) {
  SV value = pop();
  if (value.kind == VK::Cmp)
    value = materializeCmp(value);
  Value idx = popScalar(VK::Int);
  SV array = pop();
  if (array.kind == VK::Fragment) {
    fail("KG-E0121", "an MMA fragment cannot be indexed", kFragmentHint);
    return;
  }
  if (array.kind != VK::Array || !value.isScalar()) {
    fail("KG-E0199", "an array store into something that is not an array");
    return;
  }
  if (writesPrivateArrayAcrossIterations(array))
    return;
  checkConstantIndex(array, idx);
  storeElement(array, idx, value.value);
}

bool MethodTranslator::writesPrivateArrayAcrossIterations(const SV &array) {
  if (!array.isPrivateArray() || array.allocPc < 0)
    return false;
  for (const LocalVariableAnnotation &p : parallelVars) {
    auto inLoop = [&](int64_t pc) {
      return pc >= p.startPc && pc < int64_t(p.startPc) + p.length;
    };
    if (inLoop(curPc) && !inLoop(array.allocPc)) {
      fail("KG-E0302",
           "a private array created before a @Parallel loop is written in "
           "the loop: on the JVM its elements carry values from one "
           "iteration to the next, on a GPU every work-item has a copy of "
           "its own",
           "hint: create the array in the loop body, or write one element "
           "per iteration into an array parameter");
      return true;
    }
  }
  return false;
}

void MethodTranslator::checkConstantIndex(const SV &array, Value idx) {
  auto type = dyn_cast<MemRefType>(array.value.getType());
  APInt c;
  if (!type || !type.hasStaticShape() || type.getRank() != 1 ||
      !matchPattern(idx, m_ConstantInt(&c)))
    return;
  int64_t i = c.getSExtValue(), n = type.getDimSize(0);
  if (i >= 0 && i < n)
    return;
  emitWarning(loc()) << "the constant index " << i
                     << " is out of the bounds of this array of " << n
                     << " elements in " << displayName
                     << " (Java throws ArrayIndexOutOfBoundsException; a "
                        "GPU does not check: the access is undefined, and "
                        "--check-bounds reports it)";
}

void MethodTranslator::newArray(const Instruction &insn) {
  char elem = 0;
  switch (insn.value) {
  case T_BOOLEAN:
    elem = 'Z';
    break;
  case T_CHAR:
    elem = 'C';
    break;
  case T_FLOAT:
    elem = 'F';
    break;
  case T_DOUBLE:
    elem = 'D';
    break;
  case T_BYTE:
    elem = 'B';
    break;
  case T_SHORT:
    elem = 'S';
    break;
  case T_INT:
    elem = 'I';
    break;
  case T_LONG:
    elem = 'J';
    break;
  default:
    break;
  }
  Value length = popScalar(VK::Int);
  if (hadError)
    return;
  if (!elem) {
    fail("KG-E0199", "newarray of an invalid element type");
    return;
  }
  // kgc's limit for arrays (docs/kgc.md).
  constexpr int64_t kMaxElements = int64_t(1) << 24;
  APInt n;
  if (!matchPattern(length, m_ConstantInt(&n))) {
    fail("KG-E0123",
         "the length of a private array (new T[n]) must be a compile-time "
         "constant",
         "hint: use a literal, a static final int or a final local variable "
         "initialised with a constant; pass data of a run-time size as an "
         "array parameter");
    return;
  }
  int64_t count = n.getSExtValue();
  if (count <= 0 || count > kMaxElements) {
    fail("KG-E0123",
         llvm::formatv("a private array of {0} elements: its length must be "
                       "from 1 to {1}",
                       count, kMaxElements));
    return;
  }
  Location l = loc();
  // byte, short, char and boolean elements are held as ints (storeElement
  // narrows them as Java does): a target without 8- and 16-bit private
  // memory (Vulkan without Int8/Int16) takes them as they are.
  Type elemType = elem == 'B' || elem == 'S' || elem == 'C' || elem == 'Z'
                      ? b.getI32Type()
                      : elementType(ctx, elem);
  Value array;
  {
    // Private memory of the work-item, for the whole function (as kgc's
    // private arrays); the elements are zeroed where newarray runs.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(entry);
    array = memref::AllocaOp::create(b, l, MemRefType::get({count}, elemType));
  }
  // Java's new array is all zeros, each time newarray runs (in a loop:
  // in every iteration).
  Value zero = arith::ConstantOp::create(b, l, b.getZeroAttr(elemType));
  if (count <= 64) {
    for (int64_t k = 0; k < count; ++k)
      memref::StoreOp::create(
          b, l, zero, array,
          ValueRange{arith::ConstantIndexOp::create(b, l, k)});
  } else {
    Value lb = arith::ConstantIndexOp::create(b, l, 0);
    Value ub = arith::ConstantIndexOp::create(b, l, count);
    Value one = arith::ConstantIndexOp::create(b, l, 1);
    scf::ForOp::create(b, l, lb, ub, one, ValueRange{},
                       [&](OpBuilder &nb, Location nl, Value iv, ValueRange) {
                         memref::StoreOp::create(nb, nl, zero, array,
                                                 ValueRange{iv});
                         scf::YieldOp::create(nb, nl);
                       });
  }
  SV v;
  v.kind = VK::Array;
  v.elem = elem;
  v.value = array;
  v.allocPc = curPc;
  stack.push_back(v);
}

bool MethodTranslator::failIfPrivateArrayEscapes(const SV &v,
                                                 const Twine &where) {
  if (!v.isPrivateArray())
    return false;
  fail("KG-E0124",
       "a private array " + where +
           ": a private array belongs to one work-item and cannot leave "
           "the kernel and the static helpers compiled with it",
       "hint: keep it in the kernel and its helpers; copy what must leave "
       "into an array parameter");
  return true;
}

void MethodTranslator::binary(const Instruction &insn) {
  Location l = loc();
  uint8_t o = insn.opcode;
  bool isShift = o >= op::ishl && o <= op::lushr;
  VK kind;
  switch ((o - op::iadd) % 4) {
  case 0:
    kind = VK::Int;
    break;
  case 1:
    kind = VK::Long;
    break;
  case 2:
    kind = VK::Float;
    break;
  default:
    kind = VK::Double;
    break;
  }
  if (isShift || o >= op::iand)
    kind = ((o - op::ishl) % 2 == 0) ? VK::Int : VK::Long;
  Value rhs = popScalar(isShift ? VK::Int : kind);
  Value lhs = popScalar(kind);
  Value r;
  switch (o) {
  case op::iadd:
  case op::ladd:
    r = arith::AddIOp::create(b, l, lhs, rhs);
    break;
  case op::fadd:
  case op::dadd:
    r = arith::AddFOp::create(b, l, lhs, rhs);
    break;
  case op::isub:
  case op::lsub:
    r = arith::SubIOp::create(b, l, lhs, rhs);
    break;
  case op::fsub:
  case op::dsub:
    r = arith::SubFOp::create(b, l, lhs, rhs);
    break;
  case op::imul:
  case op::lmul:
    r = arith::MulIOp::create(b, l, lhs, rhs);
    break;
  case op::fmul:
  case op::dmul:
    r = arith::MulFOp::create(b, l, lhs, rhs);
    break;
  case op::idiv:
  case op::ldiv:
    r = IntDivOp::create(b, l, lhs, rhs);
    break;
  case op::fdiv:
  case op::ddiv:
    r = arith::DivFOp::create(b, l, lhs, rhs);
    break;
  case op::irem:
  case op::lrem:
    r = IntRemOp::create(b, l, lhs, rhs);
    break;
  case op::frem:
  case op::drem:
    r = arith::RemFOp::create(b, l, lhs, rhs);
    break;
  case op::ishl:
  case op::lshl:
  case op::ishr:
  case op::lshr:
  case op::iushr:
  case op::lushr: {
    if (kind == VK::Long)
      rhs = arith::ExtSIOp::create(b, l, b.getI64Type(), rhs);
    ShiftKind sk = (o == op::ishl || o == op::lshl)   ? ShiftKind::Shl
                   : (o == op::ishr || o == op::lshr) ? ShiftKind::ShrS
                                                      : ShiftKind::ShrU;
    r = ShiftOp::create(b, l, sk, lhs, rhs);
    break;
  }
  case op::iand:
  case op::land:
    r = arith::AndIOp::create(b, l, lhs, rhs);
    break;
  case op::ior:
  case op::lor:
    r = arith::OrIOp::create(b, l, lhs, rhs);
    break;
  default:
    r = arith::XOrIOp::create(b, l, lhs, rhs);
    break;
  }
  push(kind, r);
}

/// `d2f(op(f2d a, f2d b))` for op in + - * / and sqrt is exactly the float
/// operation (a double has more than twice a float's precision): the float
/// op, or null.
Value MethodTranslator::foldNarrowedDouble(Value d) {
  Operation *def = d.getDefiningOp();
  if (!def || !isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
                   math::SqrtOp>(def))
    return {};
  SmallVector<Value> floats;
  for (Value operand : def->getOperands()) {
    auto ext = operand.getDefiningOp<arith::ExtFOp>();
    if (!ext || !ext.getIn().getType().isF32())
      return {};
    floats.push_back(ext.getIn());
  }
  Location l = loc();
  if (isa<arith::AddFOp>(def))
    return arith::AddFOp::create(b, l, floats[0], floats[1]);
  if (isa<arith::SubFOp>(def))
    return arith::SubFOp::create(b, l, floats[0], floats[1]);
  if (isa<arith::MulFOp>(def))
    return arith::MulFOp::create(b, l, floats[0], floats[1]);
  if (isa<arith::DivFOp>(def))
    return arith::DivFOp::create(b, l, floats[0], floats[1]);
  return math::SqrtOp::create(b, l, floats[0]);
}

void MethodTranslator::convert(uint8_t o) {
  Location l = loc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type(), f32 = b.getF32Type(),
       f64 = b.getF64Type();
  switch (o) {
  case op::i2l:
    return push(VK::Long,
                arith::ExtSIOp::create(b, l, i64, popScalar(VK::Int)));
  case op::i2f:
    return push(VK::Float,
                arith::SIToFPOp::create(b, l, f32, popScalar(VK::Int)));
  case op::i2d:
    return push(VK::Double,
                arith::SIToFPOp::create(b, l, f64, popScalar(VK::Int)));
  case op::l2i:
    return push(VK::Int,
                arith::TruncIOp::create(b, l, i32, popScalar(VK::Long)));
  case op::l2f:
    return push(VK::Float,
                arith::SIToFPOp::create(b, l, f32, popScalar(VK::Long)));
  case op::l2d:
    return push(VK::Double,
                arith::SIToFPOp::create(b, l, f64, popScalar(VK::Long)));
  case op::f2i:
    return push(VK::Int,
                FPToSISatOp::create(b, l, i32, popScalar(VK::Float)));
  case op::f2l:
    return push(VK::Long,
                FPToSISatOp::create(b, l, i64, popScalar(VK::Float)));
  case op::d2i:
    return push(VK::Int,
                FPToSISatOp::create(b, l, i32, popScalar(VK::Double)));
  case op::d2l:
    return push(VK::Long,
                FPToSISatOp::create(b, l, i64, popScalar(VK::Double)));
  case op::f2d:
    return push(VK::Double,
                arith::ExtFOp::create(b, l, f64, popScalar(VK::Float)));
  case op::d2f: {
    Value d = popScalar(VK::Double);
    if (Value folded = foldNarrowedDouble(d))
      return push(VK::Float, folded);
    return push(VK::Float, arith::TruncFOp::create(b, l, f32, d));
  }
  case op::i2b:
  case op::i2c:
  case op::i2s: {
    Value v = popScalar(VK::Int);
    Type narrow = b.getIntegerType(o == op::i2b ? 8 : 16);
    Value t = arith::TruncIOp::create(b, l, narrow, v);
    Value r = o == op::i2c ? arith::ExtUIOp::create(b, l, i32, t).getResult()
                           : arith::ExtSIOp::create(b, l, i32, t).getResult();
    return push(VK::Int, r);
  }
  default:
    return;
  }
}

std::optional<StringRef> MethodTranslator::parallelVariable(const SV &v,
                                                             uint32_t pc) {
  if (v.slot < 0)
    return std::nullopt;
  for (const LocalVariableAnnotation &a : parallelVars) {
    if (a.index != unsigned(v.slot))
      continue;
    // javac starts the range at the loop's test; Kotlin and the Groovy
    // marker (LocalVariableTable) may start it a little earlier.
    if (pc + 1 < a.startPc || pc >= uint32_t(a.startPc) + a.length)
      continue;
    if (const LocalVariableEntry *var =
            method.findLocalVariable(a.index, a.startPc))
      return StringRef(var->name);
    return StringRef("?");
  }
  return std::nullopt;
}

/// Where the two outcomes of `insn` go when it computes a 0/1 value that an
/// ifeq/ifne then tests (Groovy's loop conditions): (taken, fall-through),
/// or nothing.
std::optional<std::pair<uint32_t, uint32_t>>
MethodTranslator::matchConditionValue(const Instruction &insn) {
  auto constant = [](const Instruction *i) -> std::optional<int> {
    if (i && (i->opcode == op::iconst_0 || i->opcode == op::iconst_1))
      return i->opcode - op::iconst_0;
    return std::nullopt;
  };
  const Instruction *fallConst = insnAt(insn.pc + insn.length);
  const Instruction *takenConst = insnAt(insn.target);
  std::optional<int> vf = constant(fallConst), vt = constant(takenConst);
  if (!vf || !vt || *vf == *vt)
    return std::nullopt;
  const Instruction *jump = insnAt(fallConst->pc + fallConst->length);
  if (!jump || jump->opcode != op::goto_ ||
      jump->target != takenConst->pc + takenConst->length)
    return std::nullopt;
  const Instruction *test = insnAt(jump->target);
  if (!test || (test->opcode != op::ifeq && test->opcode != op::ifne))
    return std::nullopt;
  // Which value leaves through the test's target.
  auto exits = [&](int v) { return (test->opcode == op::ifeq) == (v == 0); };
  uint32_t exit = test->target, cont = test->pc + test->length;
  return std::make_pair(exits(*vt) ? exit : cont, exits(*vf) ? exit : cont);
}

static arith::CmpIPredicate invert(arith::CmpIPredicate p) {
  return arith::invertPredicate(p);
}

static arith::CmpIPredicate swapOperands(arith::CmpIPredicate p) {
  switch (p) {
  case arith::CmpIPredicate::slt:
    return arith::CmpIPredicate::sgt;
  case arith::CmpIPredicate::sgt:
    return arith::CmpIPredicate::slt;
  case arith::CmpIPredicate::sle:
    return arith::CmpIPredicate::sge;
  case arith::CmpIPredicate::sge:
    return arith::CmpIPredicate::sle;
  default:
    return p;
  }
}

void MethodTranslator::conditional(const Instruction &insn) {
  Location l = loc();
  uint8_t o = insn.opcode;
  Value cond;
  SV lhsSV, rhsSV;
  arith::CmpIPredicate pred = arith::CmpIPredicate::eq;
  auto predicateOf = [](uint8_t rel) {
    switch (rel) {
    case 0:
      return arith::CmpIPredicate::eq;
    case 1:
      return arith::CmpIPredicate::ne;
    case 2:
      return arith::CmpIPredicate::slt;
    case 3:
      return arith::CmpIPredicate::sge;
    case 4:
      return arith::CmpIPredicate::sgt;
    default:
      return arith::CmpIPredicate::sle;
    }
  };
  if (o == op::ifnull || o == op::ifnonnull || o == op::if_acmpeq ||
      o == op::if_acmpne) {
    // References kgpu knows are never null and equal only to themselves.
    bool result;
    if (o == op::ifnull || o == op::ifnonnull) {
      SV v = pop();
      bool isNull = v.kind == VK::Null;
      result = (o == op::ifnull) == isNull;
    } else {
      SV r = pop(), q = pop();
      bool same = r.sameRef(q);
      result = (o == op::if_acmpeq) == same;
    }
    SmallVector<Value> operands;
    branchTo(result ? insn.target : insn.pc + insn.length, operands);
    return;
  }
  if (o >= op::ifeq && o <= op::ifle) {
    SV v = pop();
    pred = predicateOf(o - op::ifeq);
    if (v.kind == VK::Cmp) {
      if (v.cmpOpcode == op::lcmp) {
        lhsSV.kind = rhsSV.kind = VK::Long;
        lhsSV.value = v.lhs;
        rhsSV.value = v.rhs;
      } else {
        // result OP 0 with NaN giving +1 (g) or -1 (l): unordered where
        // that value satisfies OP.
        int nanResult = (v.cmpOpcode == op::fcmpg || v.cmpOpcode == op::dcmpg)
                            ? 1
                            : -1;
        bool nanTrue;
        arith::CmpFPredicate fo, fu;
        switch (pred) {
        case arith::CmpIPredicate::eq:
          nanTrue = nanResult == 0;
          fo = arith::CmpFPredicate::OEQ;
          fu = arith::CmpFPredicate::UEQ;
          break;
        case arith::CmpIPredicate::ne:
          nanTrue = nanResult != 0;
          fo = arith::CmpFPredicate::ONE;
          fu = arith::CmpFPredicate::UNE;
          break;
        case arith::CmpIPredicate::slt:
          nanTrue = nanResult < 0;
          fo = arith::CmpFPredicate::OLT;
          fu = arith::CmpFPredicate::ULT;
          break;
        case arith::CmpIPredicate::sge:
          nanTrue = nanResult >= 0;
          fo = arith::CmpFPredicate::OGE;
          fu = arith::CmpFPredicate::UGE;
          break;
        case arith::CmpIPredicate::sgt:
          nanTrue = nanResult > 0;
          fo = arith::CmpFPredicate::OGT;
          fu = arith::CmpFPredicate::UGT;
          break;
        default:
          nanTrue = nanResult <= 0;
          fo = arith::CmpFPredicate::OLE;
          fu = arith::CmpFPredicate::ULE;
          break;
        }
        cond = arith::CmpFOp::create(b, l, nanTrue ? fu : fo, v.lhs, v.rhs);
      }
    } else {
      if (v.kind != VK::Int) {
        fail("KG-E0199", "a conditional branch on a non-int value");
        return;
      }
      lhsSV = v;
      rhsSV.kind = VK::Int;
      rhsSV.value = constInt(0);
    }
  } else {
    rhsSV = pop();
    lhsSV = pop();
    if (lhsSV.kind == VK::Cmp)
      lhsSV = materializeCmp(lhsSV);
    if (rhsSV.kind == VK::Cmp)
      rhsSV = materializeCmp(rhsSV);
    pred = predicateOf(o - op::if_icmpeq);
  }

  uint32_t taken = insn.target, fallthrough = insn.pc + insn.length;
  // Groovy's conditions as values: `if<c> L1; iconst_a; goto L2; L1:
  // iconst_b; L2: ifeq/ifne EXIT` is one branch on <c> to EXIT or past L2.
  if (std::optional<std::pair<uint32_t, uint32_t>> dests =
          matchConditionValue(insn)) {
    taken = dests->first;
    fallthrough = dests->second;
  }
  if (!cond) {
    // A @Parallel loop's exit test: `i < bound` with the body as the true
    // successor (the form kgpu-jvm-raise-parallel-loops uplifts).
    std::optional<StringRef> var;
    bool varOnLeft = true;
    if ((var = parallelVariable(lhsSV, insn.pc)))
      varOnLeft = true;
    else if ((var = parallelVariable(rhsSV, insn.pc)))
      varOnLeft = false;
    if (var) {
      // Which successor stays in the loop: the exit leaves the variable's
      // range.
      const LocalVariableAnnotation *range = nullptr;
      int slotNo = varOnLeft ? lhsSV.slot : rhsSV.slot;
      for (const LocalVariableAnnotation &a : parallelVars)
        if (a.index == unsigned(slotNo) && insn.pc + 1 >= a.startPc &&
            insn.pc < uint32_t(a.startPc) + a.length)
          range = &a;
      auto inRange = [&](uint32_t pc) {
        return pc >= range->startPc && pc < uint32_t(range->startPc) + range->length;
      };
      bool takenExits = !inRange(taken) && inRange(fallthrough);
      bool fallExits = inRange(taken) && !inRange(fallthrough);
      if (takenExits || fallExits) {
        // The condition for staying in the loop.
        arith::CmpIPredicate stay = takenExits ? invert(pred) : pred;
        Value iv = varOnLeft ? lhsSV.value : rhsSV.value;
        Value bound = varOnLeft ? rhsSV.value : lhsSV.value;
        if (!varOnLeft)
          stay = swapOperands(stay);
        if (stay == arith::CmpIPredicate::sle) {
          // i <= n as i < n + 1.
          bound = arith::AddIOp::create(b, l, bound, constInt(1));
          stay = arith::CmpIPredicate::slt;
        }
        if (stay != arith::CmpIPredicate::slt) {
          fail("KG-E0301",
               llvm::formatv("the @Parallel loop over '{0}' must count up to "
                             "its bound (`{0} < n` or `{0} <= n`)",
                             *var),
               "hint: write the loop as `for (int i = start; i < end; i += "
               "step)`");
          return;
        }
        auto cmp =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, iv, bound);
        cmp->setAttr(kJVMParallelAttrName, b.getStringAttr(*var));
        uint32_t body = takenExits ? fallthrough : taken;
        uint32_t exit = takenExits ? taken : fallthrough;
        SmallVector<Value> bodyOps, exitOps;
        Block *bodyBlock = prepareSuccessor(body, bodyOps);
        Block *exitBlock = prepareSuccessor(exit, exitOps);
        cf::CondBranchOp::create(b, l, cmp, bodyBlock, bodyOps, exitBlock,
                                 exitOps);
        return;
      }
    }
    if (lhsSV.kind != rhsSV.kind || !lhsSV.isScalar()) {
      fail("KG-E0199", "a comparison of values of different kinds");
      return;
    }
    cond = arith::CmpIOp::create(b, l, pred, lhsSV.value, rhsSV.value);
  }
  SmallVector<Value> takenOps, fallOps;
  Block *takenBlock = prepareSuccessor(taken, takenOps);
  Block *fallBlock = prepareSuccessor(fallthrough, fallOps);
  cf::CondBranchOp::create(b, l, cond, takenBlock, takenOps, fallBlock,
                           fallOps);
}

//===----------------------------------------------------------------------===//
// Fields
//===----------------------------------------------------------------------===//

void MethodTranslator::getStatic(const Instruction &insn) {
  llvm::Expected<MemberRef> ref = cf.resolveMemberRef(insn.index);
  if (!ref) {
    llvm::consumeError(ref.takeError());
    fail("KG-E0199", "getstatic of a bad constant-pool index");
    return;
  }
  if (ref->className == kMMAShape) {
    SV v;
    v.kind = VK::MmaShape;
    v.idKind = ref->name == "M16N8K16" ? 16 : ref->name == "M16N8K32" ? 32 : 0;
    if (!v.idKind) {
      fail("KG-E0109", "MMAShape." + ref->name + " is not supported by kgpu",
           "hint: kernels use MMAShape.M16N8K16 and MMAShape.M16N8K32");
      return;
    }
    stack.push_back(v);
    return;
  }
  const ClassFile *owner = &cf;
  if (ref->className != cf.thisClass) {
    llvm::Expected<const ClassFile *> found = mt.getClassPath().find(
        ref->className);
    if (!found) {
      llvm::consumeError(found.takeError());
      owner = nullptr;
    } else {
      owner = *found;
    }
  }
  if (owner) {
    const llvm::StringMap<StaticConstant> &constants = mt.getConstants(*owner);
    auto it = constants.find(ref->name);
    if (it != constants.end() && it->second.descriptor == ref->descriptor) {
      const JvmConstant &c = it->second.value;
      switch (c.kind) {
      case JvmConstant::Int:
        return push(VK::Int, constInt(c.i));
      case JvmConstant::Long:
        return push(VK::Long, constLong(c.l));
      case JvmConstant::Float:
        return push(VK::Float, constFloat(c.f));
      case JvmConstant::Double:
        return push(VK::Double, constDouble(c.d));
      }
    }
  }
  std::string display = ref->className + "." + ref->name;
  std::replace(display.begin(), display.end(), '/', '.');
  fail("KG-E0107",
       "the static field " + display +
           " is not a constant kgpu can evaluate",
       "hint: kernels read only static final fields with a constant value; "
       "pass other values as parameters");
  return;
}

void MethodTranslator::getField(const Instruction &insn) {
  llvm::Expected<MemberRef> ref = cf.resolveMemberRef(insn.index);
  if (!ref) {
    llvm::consumeError(ref.takeError());
    fail("KG-E0199", "getfield of a bad constant-pool index");
    return;
  }
  SV object = pop();
  if (object.kind == VK::Context && ref->className == kKernelContext) {
    StringRef name = ref->name;
    int kind = -1, dim = 0;
    static const struct {
      const char *prefix;
      int kind;
    } ids[] = {{"globalId", 0}, {"localId", 1}, {"groupId", 2},
               {"globalGroupSize", 3}, {"localGroupSize", 4}};
    for (const auto &id : ids) {
      StringRef rest = name;
      if (!rest.consume_front(id.prefix) || rest.size() != 1)
        continue;
      char d = llvm::toLower(rest[0]);
      if (d < 'x' || d > 'z')
        continue;
      kind = id.kind;
      dim = d - 'x';
    }
    if (kind >= 0) {
      SV v;
      v.kind = VK::BoxedId;
      v.idKind = kind;
      v.dim = dim;
      stack.push_back(v);
      return;
    }
    fail("KG-E0109", "KernelContext." + name + " is not supported by kgpu");
    return;
  }
  fail("KG-E0107", "a kernel cannot read fields of objects (" + ref->name +
                       ")",
       "hint: pass the value or the array as a parameter");
  return;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

void MethodTranslator::invoke(const Instruction &insn) {
  llvm::Expected<MemberRef> ref = cf.resolveMemberRef(insn.index);
  if (!ref) {
    llvm::consumeError(ref.takeError());
    fail("KG-E0199", "a call through a bad constant-pool index");
    return;
  }
  llvm::Expected<MethodDescriptor> desc =
      parseMethodDescriptor(ref->descriptor);
  if (!desc) {
    llvm::consumeError(desc.takeError());
    fail("KG-E0199", "a call with a malformed descriptor");
    return;
  }
  StringRef owner = ref->className;
  std::string display = (owner + "." + ref->name).str();
  std::replace(display.begin(), display.end(), '/', '.');
  uint8_t o = insn.opcode;
  bool libraryOwner =
      owner.starts_with("java/") || owner.starts_with("kotlin/") ||
      owner.starts_with("groovy/") || owner.starts_with("org/codehaus/") ||
      owner.starts_with("org/apache/groovy/") ||
      owner.starts_with("uk/ac/manchester/tornado/") || owner.starts_with("[");

  // A private array may go to a static helper of the input (compiled with
  // the kernel, inlined), Groovy's array accessors and Kotlin's null
  // checks; anything else would take it out of the work-item.
  bool takesPrivateArrays =
      (o == op::invokestatic && !libraryOwner) ||
      owner == "org/codehaus/groovy/runtime/BytecodeInterface8" ||
      owner == "kotlin/jvm/internal/Intrinsics";
  if (!takesPrivateArrays) {
    size_t operands = desc->params.size() + (o == op::invokestatic ? 0 : 1);
    for (size_t k = 0; k < operands && k < stack.size(); ++k)
      if (failIfPrivateArrayEscapes(stack[stack.size() - 1 - k],
                                    "is passed to " + display +
                                        ", which is not compiled with the "
                                        "kernel"))
        return;
  }

  if (invokeBoxing(*ref, *desc))
    return;
  if (owner == kAtomicInteger && o == op::invokevirtual) {
    // incrementAndGet, getAndIncrement, decrementAndGet, getAndDecrement,
    // get on an AtomicInteger parameter: element 0 of its buffer.
    StringRef name = ref->name;
    if (!desc->params.empty()) {
      fail("KG-E0109", display + ref->descriptor + " is not supported by kgpu",
           "hint: kernels use incrementAndGet, getAndIncrement, "
           "decrementAndGet, getAndDecrement and get");
      return;
    }
    SV counter = pop();
    if (counter.kind != VK::Array || counter.elem != 'A') {
      if (!hadError)
        fail("KG-E0106", display + " on an AtomicInteger that is not a "
                                   "kernel parameter",
             "hint: pass the AtomicInteger as a parameter");
      return;
    }
    Location l = loc();
    Value zero = arith::ConstantIndexOp::create(b, l, 0);
    if (name == "get" || name == "intValue") {
      push(VK::Int, memref::LoadOp::create(b, l, counter.value,
                                           ValueRange{zero}));
      return;
    }
    int delta = 0;
    bool returnsNew = false;
    if (name == "incrementAndGet")
      delta = 1, returnsNew = true;
    else if (name == "getAndIncrement")
      delta = 1;
    else if (name == "decrementAndGet")
      delta = -1, returnsNew = true;
    else if (name == "getAndDecrement")
      delta = -1;
    if (delta == 0) {
      fail("KG-E0109", display + ref->descriptor + " is not supported by kgpu",
           "hint: kernels use incrementAndGet, getAndIncrement, "
           "decrementAndGet, getAndDecrement and get");
      return;
    }
    Value one = constInt(delta);
    Value old = emitAtomic(b, l, SourceAtomic::Add, Signedness::Signed,
                           counter.value, ValueRange{zero}, one);
    push(VK::Int, returnsNew ? arith::AddIOp::create(b, l, old, one).getResult()
                             : old);
    return;
  }
  if (owner == kHalfFloat) {
    if (invokeHalfFloat(*ref, *desc, o) || hadError)
      return;
    fail("KG-E0109", display + ref->descriptor + " is not supported by kgpu",
         "hint: kernels use new HalfFloat(float|short), getFloat32, "
         "getHalfFloatValue and HalfFloat.add/sub/mult/div");
    return;
  }
  if (o == op::invokestatic) {
    if (invokeMath(*ref, *desc) || invokeIntrinsicStatic(*ref, *desc))
      return;
    // Groovy @CompileStatic's array accessors: plain element accesses.
    if (owner == "org/codehaus/groovy/runtime/BytecodeInterface8" &&
        !desc->params.empty() && desc->params[0].arrayDims == 1 &&
        desc->params[0].kind != FieldType::Object) {
      char elem = descriptorChar(desc->params[0]);
      if (StringRef(ref->name).ends_with("ArrayGet") && desc->params.size() == 2)
        return arrayLoad(elem);
      if (StringRef(ref->name).ends_with("ArraySet") && desc->params.size() == 3)
        return arrayStore(elem);
    }
    if (libraryOwner) {
      fail("KG-E0109", display + " is not supported on a GPU",
           "hint: docs/jvm.md lists the library methods kernels can call");
      return;
    }
    return invokeHelper(*ref, *desc);
  }
  if (o == op::invokevirtual &&
      (owner == "java/lang/Integer" || owner == "java/lang/Number") &&
      ref->name == "intValue" && !stack.empty() &&
      stack.back().kind == VK::BoxedId) {
    SV id = pop();
    Location l = loc();
    Dimension d = static_cast<Dimension>(id.dim);
    Value v;
    switch (id.idKind) {
    case 0:
      v = GlobalIdOp::create(b, l, d);
      break;
    case 1:
      v = LocalIdOp::create(b, l, d);
      break;
    case 2:
      v = GroupIdOp::create(b, l, d);
      break;
    case 3:
      v = GlobalSizeOp::create(b, l, d);
      break;
    default:
      v = LocalSizeOp::create(b, l, d);
      break;
    }
    return push(VK::Int, fromIndex(b, l, v, b.getI32Type(),
                                   Signedness::Signed));
  }
  if (owner == kKernelContext) {
    if (invokeKernelContext(*ref, *desc))
      return;
    if (invokeMma(*ref, *desc) || hadError)
      return;
    fail("KG-E0109", "KernelContext." + ref->name + ref->descriptor +
                         " is not supported by kgpu",
         "hint: docs/jvm.md lists the KernelContext members kgpu compiles");
    return;
  }
  if (tornadoArrayElement(owner)) {
    if (invokeTornadoArray(*ref, *desc))
      return;
    fail("KG-E0109", display + " is not supported in a kernel",
         "hint: kernels use get, set, getSize, init and clear");
    return;
  }
  if (o == op::invokespecial && ref->name == "<init>") {
    fail("KG-E0101", "a kernel cannot allocate objects (" + display + ")",
         "hint: pass arrays as parameters");
    return;
  }
  if (owner.starts_with("java/lang/String") ||
      owner.starts_with("java/lang/StringBuilder")) {
    fail("KG-E0105", "strings cannot be used on a GPU (" + display + ")");
    return;
  }
  fail("KG-E0106",
       "the call of " + display +
           " on an object is not supported on a GPU (virtual and interface "
           "calls need objects)",
       "hint: call static methods, or the KernelContext and TornadoVM "
       "array methods");
  return;
}

/// `v` converted as Java's primitive widening/narrowing does to `to`.
Value MethodTranslator::convertScalar(Value v, VK to) {
  Location l = loc();
  Type t = scalarType(ctx, to);
  Type from = v.getType();
  if (from == t)
    return v;
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(t);
  if (!fromFloat && !toFloat)
    return from.getIntOrFloatBitWidth() < t.getIntOrFloatBitWidth()
               ? arith::ExtSIOp::create(b, l, t, v).getResult()
               : arith::TruncIOp::create(b, l, t, v).getResult();
  if (!fromFloat)
    return arith::SIToFPOp::create(b, l, t, v);
  if (!toFloat)
    return FPToSISatOp::create(b, l, t, v);
  return from.getIntOrFloatBitWidth() < t.getIntOrFloatBitWidth()
             ? arith::ExtFOp::create(b, l, t, v).getResult()
             : arith::TruncFOp::create(b, l, t, v).getResult();
}

static VK kindOfBoxClass(StringRef cls) {
  return llvm::StringSwitch<VK>(cls)
      .Case("java/lang/Long", VK::Long)
      .Case("java/lang/Float", VK::Float)
      .Case("java/lang/Double", VK::Double)
      .Default(VK::Int);
}

static bool isBoxClass(StringRef cls) {
  return cls == "java/lang/Integer" || cls == "java/lang/Long" ||
         cls == "java/lang/Float" || cls == "java/lang/Double" ||
         cls == "java/lang/Short" || cls == "java/lang/Byte" ||
         cls == "java/lang/Character" || cls == "java/lang/Boolean" ||
         cls == "java/lang/Number";
}

/// Boxing and unboxing (Integer.valueOf, intValue, ...), and the Groovy
/// runtime's Number arithmetic on boxed values that @CompileStatic code
/// calls (intdiv, remainder, the *Unbox conversions).
bool MethodTranslator::invokeBoxing(const MemberRef &ref,
                                    const MethodDescriptor &desc) {
  StringRef owner = ref.className, name = ref.name;
  Location l = loc();
  auto boxed = [&](Value v) {
    SV out;
    out.kind = VK::Boxed;
    out.value = v;
    stack.push_back(out);
  };
  if (isBoxClass(owner) && name == "valueOf" && desc.params.size() == 1 &&
      desc.params[0].isPrimitive()) {
    SV v = pop();
    if (v.kind == VK::Cmp)
      v = materializeCmp(v);
    if (!v.isScalar())
      return false;
    boxed(v.value);
    return true;
  }
  auto unboxTarget = [](StringRef n) -> std::optional<VK> {
    if (n == "intValue" || n == "shortValue" || n == "byteValue" ||
        n == "intUnbox" || n == "shortUnbox" || n == "byteUnbox" ||
        n == "charUnbox" || n == "booleanUnbox" || n == "charValue" ||
        n == "booleanValue")
      return VK::Int;
    if (n == "longValue" || n == "longUnbox")
      return VK::Long;
    if (n == "floatValue" || n == "floatUnbox")
      return VK::Float;
    if (n == "doubleValue" || n == "doubleUnbox")
      return VK::Double;
    return std::nullopt;
  };
  bool isUnboxCall =
      (isBoxClass(owner) && desc.params.empty()) ||
      (owner == "org/codehaus/groovy/runtime/typehandling/"
                "DefaultTypeTransformation" &&
       desc.params.size() == 1);
  if (isUnboxCall) {
    std::optional<VK> to = unboxTarget(name);
    if (!to || stack.empty() || stack.back().kind != VK::Boxed)
      return false;
    SV v = pop();
    Value r = convertScalar(v.value, *to);
    if (name == "shortValue" || name == "shortUnbox" || name == "byteValue" ||
        name == "byteUnbox" || name == "charValue" || name == "charUnbox") {
      Type narrow = b.getIntegerType(name.starts_with("byte") ? 8 : 16);
      Value t = arith::TruncIOp::create(b, l, narrow, r);
      r = name.starts_with("char")
              ? arith::ExtUIOp::create(b, l, b.getI32Type(), t).getResult()
              : arith::ExtSIOp::create(b, l, b.getI32Type(), t).getResult();
    }
    push(*to, r);
    return true;
  }
  bool groovyMath =
      (owner == "org/codehaus/groovy/runtime/DefaultGroovyMethods" &&
       (name == "intdiv" || name == "mod")) ||
      (owner == "org/codehaus/groovy/runtime/typehandling/NumberMath" &&
       (name == "remainder" || name == "intdiv" || name == "mod"));
  if (groovyMath && desc.params.size() == 2 && stack.size() >= 2 &&
      stack[stack.size() - 1].kind == VK::Boxed &&
      stack[stack.size() - 2].kind == VK::Boxed) {
    SV y = pop(), x = pop();
    Type tx = x.value.getType(), ty = y.value.getType();
    if (!tx.isInteger() || !ty.isInteger())
      return false;
    // Integer and Long operands: the wider type.
    VK kind = tx.isInteger(64) || ty.isInteger(64) ? VK::Long : VK::Int;
    Value a = convertScalar(x.value, kind), c = convertScalar(y.value, kind);
    Value r;
    if (name == "intdiv")
      r = IntDivOp::create(b, l, a, c);
    else if (name == "remainder")
      r = IntRemOp::create(b, l, a, c);
    else {
      // Groovy's mod: the result has the divisor's sign... as floorMod.
      Value rem = IntRemOp::create(b, l, a, c);
      Value zero = arith::ConstantIntOp::create(b, l, a.getType(), 0);
      Value signsDiffer = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::slt,
          arith::XOrIOp::create(b, l, rem, c), zero);
      Value nonZero =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, rem, zero);
      r = arith::SelectOp::create(
          b, l, arith::AndIOp::create(b, l, signsDiffer, nonZero),
          arith::AddIOp::create(b, l, rem, c), rem);
    }
    boxed(r);
    return true;
  }
  return false;
}

/// Groovy's casts through invokedynamic (`x as int` on a Number): the value
/// and a class constant in, the value converted to that class out.
bool MethodTranslator::groovyIndyCast(const Instruction &insn) {
  llvm::Expected<DynamicRef> ref = cf.resolveDynamic(insn.index);
  if (!ref) {
    llvm::consumeError(ref.takeError());
    return false;
  }
  llvm::Expected<MethodDescriptor> desc = parseMethodDescriptor(ref->descriptor);
  if (!desc) {
    llvm::consumeError(desc.takeError());
    return false;
  }
  if (desc->params.size() != 2 || stack.size() < 2 ||
      stack.back().kind != VK::ClassConst ||
      stack[stack.size() - 2].kind != VK::Boxed || !ref->bootstrap)
    return false;
  llvm::Expected<MethodHandleRef> handle =
      cf.resolveMethodHandle(ref->bootstrap->methodRef);
  if (!handle) {
    llvm::consumeError(handle.takeError());
    return false;
  }
  if (!StringRef(handle->member.className).contains("groovy"))
    return false;
  SV cls = pop();
  SV v = pop();
  if (!isBoxClass(cls.cls))
    return false;
  SV out;
  out.kind = VK::Boxed;
  out.value = convertScalar(v.value, kindOfBoxClass(cls.cls));
  stack.push_back(out);
  return true;
}

/// Population count with shifts, ands and adds (exact on every target).
Value MethodTranslator::popcount(Value x) {
  Location l = loc();
  Type t = x.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  auto c = [&](uint64_t v) -> Value {
    return arith::ConstantIntOp::create(b, l, t, int64_t(v));
  };
  auto shr = [&](Value v, unsigned n) -> Value {
    return arith::ShRUIOp::create(b, l, v, c(n));
  };
  uint64_t m1 = 0x5555555555555555ULL, m2 = 0x3333333333333333ULL,
           m4 = 0x0f0f0f0f0f0f0f0fULL, h01 = 0x0101010101010101ULL;
  Value v = arith::SubIOp::create(
      b, l, x, arith::AndIOp::create(b, l, shr(x, 1), c(m1)));
  v = arith::AddIOp::create(b, l, arith::AndIOp::create(b, l, v, c(m2)),
                            arith::AndIOp::create(b, l, shr(v, 2), c(m2)));
  v = arith::AndIOp::create(b, l, arith::AddIOp::create(b, l, v, shr(v, 4)),
                            c(m4));
  return shr(arith::MulIOp::create(b, l, v, c(h01)), w - 8);
}

/// java.lang.Math, StrictMath, TornadoMath and kotlin.math.
bool MethodTranslator::invokeMath(const MemberRef &ref,
                                  const MethodDescriptor &desc) {
  StringRef owner = ref.className;
  bool isMath = owner == "java/lang/Math" || owner == "java/lang/StrictMath" ||
                owner == kTornadoMath || owner == "kotlin/math/MathKt";
  if (!isMath)
    return false;
  StringRef name = ref.name;
  Location l = loc();
  if (desc.params.empty()) {
    if (name == "floatPI") {
      push(VK::Float, constFloat(float(M_PI)));
      return true;
    }
    if (name == "PI") {
      push(VK::Double, constDouble(M_PI));
      return true;
    }
    return false;
  }
  char t = descriptorChar(desc.params[0]);
  VK kind = kindOfDescriptorChar(t);
  bool isFloat = kind == VK::Float || kind == VK::Double;
  // All parameters of the same primitive type.
  for (const FieldType &p : desc.params)
    if (!p.isPrimitive() || kindOfDescriptorChar(descriptorChar(p)) != kind)
      return false;
  if (desc.returnType.kind == FieldType::Void)
    return false;
  unsigned n = desc.params.size();
  SmallVector<Value, 3> args(n);
  // Check the name before popping.
  static const char *const unaryFloat[] = {
      "sqrt", "exp",  "log",  "log10", "sin",   "cos",  "tan",   "asin",
      "acos", "atan", "sinh", "cosh",  "tanh",  "cbrt", "floor", "ceil",
      "rint", "abs",  "log2", "exp2",  "expm1", "log1p", "signum",
      "toRadians", "toDegrees", "fract", "asinh", "acosh", "atanh", "round"};
  static const char *const binaryFloat[] = {"pow", "atan2", "min", "max",
                                            "hypot", "IEEEremainder",
                                            "copySign"};
  static const char *const intOps[] = {"abs", "min", "max", "clamp",
                                       "floorDiv", "floorMod"};
  bool known = false;
  if (isFloat && n == 1)
    known = llvm::is_contained(unaryFloat, name);
  else if (isFloat && n == 2)
    known = llvm::is_contained(binaryFloat, name);
  else if (isFloat && n == 3)
    known = name == "fma" || name == "clamp";
  else if (!isFloat && n >= 1 && n <= 3)
    known = llvm::is_contained(intOps, name) &&
            (n == 1 ? name == "abs" : n == 2 ? name != "clamp" && name != "abs"
                                             : name == "clamp");
  if (!known)
    return false;
  for (unsigned i = n; i-- > 0;)
    args[i] = popScalar(kind);
  Value x = args[0];
  Value r;
  Type type = x.getType();
  auto fconst = [&](double v) -> Value {
    return arith::ConstantFloatOp::create(
        b, l, cast<FloatType>(type),
        APFloat(cast<FloatType>(type).getFloatSemantics(), std::to_string(v)));
  };
  auto fconstExact = [&](double v) -> Value {
    APFloat f(v);
    bool lost;
    f.convert(cast<FloatType>(type).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    return arith::ConstantFloatOp::create(b, l, cast<FloatType>(type), f);
  };
  (void)fconst;
  if (isFloat) {
    if (name == "sqrt")
      r = math::SqrtOp::create(b, l, x);
    else if (name == "exp")
      r = math::ExpOp::create(b, l, x);
    else if (name == "exp2")
      r = math::Exp2Op::create(b, l, x);
    else if (name == "expm1")
      r = math::ExpM1Op::create(b, l, x);
    else if (name == "log")
      r = math::LogOp::create(b, l, x);
    else if (name == "log10")
      r = math::Log10Op::create(b, l, x);
    else if (name == "log2")
      r = math::Log2Op::create(b, l, x);
    else if (name == "log1p")
      r = math::Log1pOp::create(b, l, x);
    else if (name == "sin")
      r = math::SinOp::create(b, l, x);
    else if (name == "cos")
      r = math::CosOp::create(b, l, x);
    else if (name == "tan")
      r = math::TanOp::create(b, l, x);
    else if (name == "asin")
      r = math::AsinOp::create(b, l, x);
    else if (name == "acos")
      r = math::AcosOp::create(b, l, x);
    else if (name == "atan")
      r = math::AtanOp::create(b, l, x);
    else if (name == "sinh")
      r = math::SinhOp::create(b, l, x);
    else if (name == "cosh")
      r = math::CoshOp::create(b, l, x);
    else if (name == "tanh")
      r = math::TanhOp::create(b, l, x);
    else if (name == "asinh")
      r = math::AsinhOp::create(b, l, x);
    else if (name == "acosh")
      r = math::AcoshOp::create(b, l, x);
    else if (name == "atanh")
      r = math::AtanhOp::create(b, l, x);
    else if (name == "cbrt")
      r = math::CbrtOp::create(b, l, x);
    else if (name == "floor")
      r = math::FloorOp::create(b, l, x);
    else if (name == "ceil")
      r = math::CeilOp::create(b, l, x);
    else if (name == "rint")
      r = math::RoundEvenOp::create(b, l, x);
    else if (name == "abs")
      r = math::AbsFOp::create(b, l, x);
    else if (name == "fract") {
      // TornadoMath.fract: x - floor(x).
      r = arith::SubFOp::create(b, l, x, math::FloorOp::create(b, l, x));
    } else if (name == "toRadians")
      r = arith::MulFOp::create(b, l, x, fconstExact(M_PI / 180.0));
    else if (name == "toDegrees")
      r = arith::MulFOp::create(b, l, x, fconstExact(180.0 / M_PI));
    else if (name == "signum") {
      // NaN and +-0 are returned as they are; else +-1.
      Value zero = fconstExact(0.0);
      Value isZeroOrNaN =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::UEQ, x, zero);
      Value sign = math::CopySignOp::create(b, l, fconstExact(1.0), x);
      r = arith::SelectOp::create(b, l, isZeroOrNaN, x, sign);
    } else if (name == "round") {
      // Java: floor(x + 1/2) without the rounding of x + 1/2; NaN -> 0;
      // saturating. (floor(x) + (x - floor(x) >= 0.5).)
      Value fl = math::FloorOp::create(b, l, x);
      Value frac = arith::SubFOp::create(b, l, x, fl);
      Value up = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE, frac,
                                       fconstExact(0.5));
      Value rounded = arith::SelectOp::create(
          b, l, up, arith::AddFOp::create(b, l, fl, fconstExact(1.0)), fl);
      Type it = kind == VK::Float ? b.getI32Type() : b.getI64Type();
      r = FPToSISatOp::create(b, l, it, rounded);
      push(kind == VK::Float ? VK::Int : VK::Long, r);
      return true;
    } else if (name == "pow")
      r = math::PowFOp::create(b, l, x, args[1]);
    else if (name == "atan2")
      r = math::Atan2Op::create(b, l, x, args[1]);
    else if (name == "min")
      r = JvmMinOp::create(b, l, x, args[1]);
    else if (name == "max")
      r = JvmMaxOp::create(b, l, x, args[1]);
    else if (name == "copySign")
      r = math::CopySignOp::create(b, l, x, args[1]);
    else if (name == "hypot") {
      r = math::SqrtOp::create(
          b, l,
          arith::AddFOp::create(b, l, arith::MulFOp::create(b, l, x, x),
                                arith::MulFOp::create(b, l, args[1], args[1])));
    } else if (name == "IEEEremainder") {
      return false;
    } else if (name == "fma")
      r = math::FmaOp::create(b, l, x, args[1], args[2]);
    else if (name == "clamp")
      r = JvmMinOp::create(b, l, JvmMaxOp::create(b, l, x, args[1]), args[2]);
  } else {
    if (name == "abs") {
      Value zero = arith::ConstantIntOp::create(b, l, type, 0);
      Value neg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, x,
                                        zero);
      r = arith::SelectOp::create(b, l, neg,
                                  arith::SubIOp::create(b, l, zero, x), x);
    } else if (name == "min")
      r = arith::MinSIOp::create(b, l, x, args[1]);
    else if (name == "max")
      r = arith::MaxSIOp::create(b, l, x, args[1]);
    else if (name == "clamp")
      r = arith::MinSIOp::create(b, l, arith::MaxSIOp::create(b, l, x, args[1]),
                                 args[2]);
    else if (name == "floorDiv")
      r = arith::FloorDivSIOp::create(b, l, x, args[1]);
    else if (name == "floorMod") {
      Value rem = IntRemOp::create(b, l, x, args[1]);
      Value zero = arith::ConstantIntOp::create(b, l, type, 0);
      Value signsDiffer = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::slt,
          arith::XOrIOp::create(b, l, rem, args[1]), zero);
      Value nonZero =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, rem, zero);
      Value fix = arith::AndIOp::create(b, l, signsDiffer, nonZero);
      r = arith::SelectOp::create(b, l, fix,
                                  arith::AddIOp::create(b, l, rem, args[1]),
                                  rem);
    }
  }
  if (!r)
    return false;
  // Kotlin's and TornadoMath's float overloads return float; Math's double.
  pushValue(r);
  return true;
}

/// Integer/Long/Float/Double bit intrinsics and Kotlin's null checks.
bool MethodTranslator::invokeIntrinsicStatic(const MemberRef &ref,
                                             const MethodDescriptor &desc) {
  StringRef owner = ref.className, name = ref.name;
  Location l = loc();
  if (owner == "kotlin/jvm/internal/Intrinsics" &&
      (name.starts_with("checkNotNull") ||
       name.starts_with("checkParameterIsNotNull") ||
       name.starts_with("checkExpressionValueIsNotNull"))) {
    // A kernel's arrays are never null.
    for (size_t i = 0; i < desc.params.size(); ++i)
      pop();
    return true;
  }
  bool isInt = owner == "java/lang/Integer", isLong = owner == "java/lang/Long";
  if ((isInt || isLong) && desc.params.size() == 1 &&
      desc.params[0].isPrimitive()) {
    VK kind = isInt ? VK::Int : VK::Long;
    // With shifts and adds, not math.ctpop/ctlz/cttz, which the SPIR-V
    // target does not lower.
    if (name != "bitCount" && name != "numberOfLeadingZeros" &&
        name != "numberOfTrailingZeros")
      return false;
    Value x = popScalar(kind);
    Value r;
    Type t = x.getType();
    unsigned w = t.getIntOrFloatBitWidth();
    if (name == "bitCount") {
      r = popcount(x);
    } else if (name == "numberOfTrailingZeros") {
      // popcount((x & -x) - 1): 32 (64) for x == 0.
      Value one = arith::ConstantIntOp::create(b, l, t, 1);
      Value zero = arith::ConstantIntOp::create(b, l, t, 0);
      Value lowest = arith::AndIOp::create(
          b, l, x, arith::SubIOp::create(b, l, zero, x));
      r = popcount(arith::SubIOp::create(b, l, lowest, one));
    } else {
      // w - popcount(x smeared right).
      Value v = x;
      for (unsigned s = 1; s < w; s *= 2)
        v = arith::OrIOp::create(
            b, l, v,
            arith::ShRUIOp::create(b, l, v,
                                   arith::ConstantIntOp::create(b, l, t, s)));
      r = arith::SubIOp::create(b, l, arith::ConstantIntOp::create(b, l, t, w),
                                popcount(v));
    }
    // Java returns int for every one of these.
    if (isLong)
      r = arith::TruncIOp::create(b, l, b.getI32Type(), r);
    push(VK::Int, r);
    return true;
  }
  if ((isInt || isLong) && desc.params.size() == 2 &&
      (name == "min" || name == "max" || name == "sum")) {
    VK kind = isInt ? VK::Int : VK::Long;
    Value y = popScalar(kind), x = popScalar(kind);
    Value r = name == "min"   ? arith::MinSIOp::create(b, l, x, y).getResult()
              : name == "max" ? arith::MaxSIOp::create(b, l, x, y).getResult()
                              : arith::AddIOp::create(b, l, x, y).getResult();
    push(kind, r);
    return true;
  }
  if (owner == "java/lang/Float" || owner == "java/lang/Double") {
    bool isF = owner == "java/lang/Float";
    Type ft = isF ? b.getF32Type() : b.getF64Type();
    Type it = isF ? b.getI32Type() : b.getI64Type();
    VK fk = isF ? VK::Float : VK::Double, ik = isF ? VK::Int : VK::Long;
    if (name == "floatToRawIntBits" || name == "doubleToRawLongBits") {
      push(ik, arith::BitcastOp::create(b, l, it, popScalar(fk)));
      return true;
    }
    if (name == "intBitsToFloat" || name == "longBitsToDouble") {
      push(fk, arith::BitcastOp::create(b, l, ft, popScalar(ik)));
      return true;
    }
    if (name == "floatToIntBits" || name == "doubleToLongBits") {
      Value x = popScalar(fk);
      Value bits = arith::BitcastOp::create(b, l, it, x);
      Value isNaN =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
      Value canonical = arith::ConstantIntOp::create(
          b, l, it, isF ? 0x7fc00000 : 0x7ff8000000000000LL);
      push(ik, arith::SelectOp::create(b, l, isNaN, canonical, bits));
      return true;
    }
    if (name == "isNaN") {
      Value x = popScalar(fk);
      Value isNaN =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
      push(VK::Int, arith::ExtUIOp::create(b, l, b.getI32Type(), isNaN));
      return true;
    }
    if (name == "min" || name == "max") {
      Value y = popScalar(fk), x = popScalar(fk);
      push(fk, name == "min" ? JvmMinOp::create(b, l, x, y).getResult()
                             : JvmMaxOp::create(b, l, x, y).getResult());
      return true;
    }
  }
  return false;
}

bool MethodTranslator::invokeKernelContext(const MemberRef &ref,
                                           const MethodDescriptor &desc) {
  StringRef name = ref.name;
  Location l = loc();
  auto popContext = [&] {
    SV c = pop();
    if (c.kind != VK::Context) {
      fail("KG-E0106", "a KernelContext method called on another object");
      return;
    }
  };
  if ((name == "localBarrier" || name == "globalBarrier") &&
      desc.params.empty()) {
    popContext();
    if (!isKernel) {
      fail("KG-E0114", "a barrier in a helper method is not supported",
           "hint: call the barrier in the kernel method itself");
      return true;
    }
    BarrierOp::create(b, l,
                      name == "localBarrier" ? MemFence::Local
                                             : MemFence::Global);
    return true;
  }
  if (name.consume_front("allocate") && name.consume_back("LocalArray") &&
      desc.params.size() == 1) {
    char elem = llvm::StringSwitch<char>(name)
                    .Case("Int", 'I')
                    .Case("Long", 'J')
                    .Case("Float", 'F')
                    .Case("Double", 'D')
                    .Case("Byte", 'B')
                    .Default(0);
    if (!elem)
      return false;
    Value size = popScalar(VK::Int);
    popContext();
    APInt n;
    if (!matchPattern(size, m_ConstantInt(&n)) || n.getSExtValue() <= 0 ||
        n.getSExtValue() > (1 << 20)) {
      fail("KG-E0115", "the size of a local array must be a positive "
                       "constant",
           "hint: use a literal or a static final int");
      return true;
    }
    if (!isKernel) {
      fail("KG-E0114", "local arrays can only be allocated in the kernel "
                       "method itself");
      return true;
    }
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(entry);
    auto type = MemRefType::get({n.getSExtValue()}, elementType(ctx, elem),
                                MemRefLayoutAttrInterface(),
                                b.getI64IntegerAttr(3));
    SV v;
    v.kind = VK::Array;
    v.elem = elem;
    v.value = AllocLocalOp::create(b, l, type);
    stack.push_back(v);
    return true;
  }
  name = ref.name;
  if (name.starts_with("atomic") && desc.params.size() == 3) {
    SourceAtomic atomicOp;
    if (name == "atomicAdd")
      atomicOp = SourceAtomic::Add;
    else if (name == "atomicSub")
      atomicOp = SourceAtomic::Sub;
    else if (name == "atomicMin")
      atomicOp = SourceAtomic::Min;
    else if (name == "atomicMax")
      atomicOp = SourceAtomic::Max;
    else if (name == "atomicAnd")
      atomicOp = SourceAtomic::And;
    else if (name == "atomicOr")
      atomicOp = SourceAtomic::Or;
    else if (name == "atomicXor")
      atomicOp = SourceAtomic::Xor;
    else if (name == "atomicExchange" || name == "atomicXchg")
      atomicOp = SourceAtomic::Xchg;
    else
      return false;
    SV value = pop();
    if (value.kind == VK::Cmp)
      value = materializeCmp(value);
    Value idx = popScalar(VK::Int);
    SV array = pop();
    popContext();
    if (array.kind != VK::Array || !value.isScalar()) {
      fail("KG-E0109", "KernelContext." + ref.name +
                           " needs an array, an index and a value");
      return true;
    }
    Value old = emitAtomic(b, l, atomicOp, Signedness::Signed, array.value,
                           ValueRange{index(idx)}, value.value);
    if (desc.returnType.kind != FieldType::Void)
      pushValue(old);
    return true;
  }
  if (name == "simdSum" && desc.params.size() == 1) {
    SV v = pop();
    popContext();
    pushValue(emitSubgroupReduce(b, l, SourceReduction::Add,
                                 Signedness::Signed, v.value));
    return true;
  }
  if (name == "simdShuffleDown" && desc.params.size() == 2) {
    Value delta = popScalar(VK::Int);
    SV v = pop();
    popContext();
    pushValue(emitShuffle(b, l, ShuffleMode::Down, v.value, delta));
    return true;
  }
  if (name == "simdBroadcastFirst" && desc.params.size() == 1) {
    SV v = pop();
    popContext();
    pushValue(emitShuffle(b, l, ShuffleMode::Idx, v.value, constInt(0)));
    return true;
  }
  return false;
}

/// TornadoVM's int8 B tile (32 x 8, k x n) holds B(k, n) at byte
/// (k / 2) * 16 + n * 2 + k % 2 (pairs of k, which ldmatrix.trans reads as
/// b16); kgpu keeps the tile column by column (byte n * 32 + k), which
/// kgpu.mma_load reads: the view index of tile byte `o` (bytes past the
/// 256 of the tile stay where they are).
static Value kPairsIndex(OpBuilder &b, Location l, Value o) {
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, l, v); };
  Value kr = arith::ShRUIOp::create(b, l, o, c(4));
  Value w = arith::AndIOp::create(b, l, o, c(15));
  Value n = arith::ShRUIOp::create(b, l, w, c(1));
  Value h = arith::AndIOp::create(b, l, w, c(1));
  Value k =
      arith::AddIOp::create(b, l, arith::ShLIOp::create(b, l, kr, c(1)), h);
  Value moved =
      arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, n, c(32)), k);
  Value inTile =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, o, c(256));
  return arith::SelectOp::create(b, l, inTile, moved, o);
}

/// TornadoVM's tensor-core members (docs/jvm.md, "Tensor cores"): per
/// SIMD group, m16n8k16 with fp16 A and B and an f32 accumulator. The
/// fragments become !kgpu.mma values; the int[] local tiles (two fp16 per
/// int) are read through an f16 view of the same local memory.
bool MethodTranslator::invokeMma(const MemberRef &ref,
                                 const MethodDescriptor &desc) {
  StringRef name = ref.name;
  Location l = loc();
  Type f16 = b.getF16Type(), f32 = b.getF32Type();
  auto fragType = [&](MmaRole role, Type element) {
    return MmaFragmentType::get(ctx, MmaShape::m16n8k16, role, element);
  };
  auto pushFragment = [&](Value v) {
    SV out;
    out.kind = VK::Fragment;
    out.value = v;
    stack.push_back(out);
  };
  auto popContext = [&] {
    if (pop().kind != VK::Context)
      fail("KG-E0106", "a KernelContext method called on another object");
  };
  // A fragment operand of `member` of the given type.
  auto popFragment = [&](StringRef what, MmaFragmentType want) -> Value {
    SV v = pop();
    if (hadError)
      return nullptr;
    if (v.kind != VK::Fragment || v.value.getType() != want) {
      fail("KG-E0121",
           llvm::formatv(
               "KernelContext.{0} takes {1} as its operand, got {2}", name,
               what, v.kind == VK::Fragment ? "another fragment" : "an array"),
           kFragmentHint);
      return nullptr;
    }
    return v.value;
  };
  // The constant K argument of a load.
  auto checkK = [&](Value k, int64_t want) {
    APInt n;
    if (!matchPattern(k, m_ConstantInt(&n)) || n.getSExtValue() != want)
      fail("KG-E0122",
           llvm::formatv("the K of KernelContext.{0} must be the constant "
                         "{1} (the m16n8k16 tile's depth)",
                         name, want),
           "hint: pass 16, as TornadoVM's WMMA_K");
  };

  if (name == "mmaFragment" && desc.params.size() == 1 &&
      desc.params[0].kind == FieldType::Float) {
    Value v = popScalar(VK::Float);
    popContext();
    if (hadError)
      return true;
    pushFragment(MmaFillOp::create(b, l, fragType(MmaRole::Acc, f32), v));
    return true;
  }
  if ((name == "mmaLoadA" || name == "mmaLoadB") &&
      (desc.params.size() == 2 || desc.params.size() == 3) &&
      desc.params[0].arrayDims == 1 && desc.params[0].kind == FieldType::Int) {
    Value byteOffset = desc.params.size() == 3 ? popScalar(VK::Int) : nullptr;
    Value k = popScalar(VK::Int);
    SV tile = pop();
    popContext();
    if (hadError)
      return true;
    checkK(k, 16);
    Value view = tileView(tile, f16, name, /*kPairs=*/false);
    if (hadError)
      return true;
    // The tile's first fp16: byteOffset / 2.
    Value offset = arith::ConstantIndexOp::create(b, l, 0);
    if (byteOffset)
      offset = index(arith::ShRSIOp::create(b, l, byteOffset, constInt(1)));
    bool isA = name == "mmaLoadA";
    // A: 16 x 16 row by row; B: 16 x 8 (k x n) row by row.
    Value leadDim = arith::ConstantIndexOp::create(b, l, isA ? 16 : 8);
    pushFragment(MmaLoadOp::create(
        b, l, fragType(isA ? MmaRole::A : MmaRole::B, f16), view,
        ValueRange{offset}, leadDim, /*colMajor=*/false));
    return true;
  }
  if (name == "mma" && desc.params.size() == 4) {
    SV shape = pop();
    Value c = popFragment("the accumulator of mmaFragment or mma",
                          fragType(MmaRole::Acc, f32));
    Value fb = popFragment("the B fragment of mmaLoadB (second operand)",
                           fragType(MmaRole::B, f16));
    Value fa = popFragment("the A fragment of mmaLoadA (first operand)",
                           fragType(MmaRole::A, f16));
    popContext();
    if (hadError)
      return true;
    if (shape.kind != VK::MmaShape || shape.idKind != 16) {
      fail("KG-E0122",
           "KernelContext.mma with fp16 fragments takes the constant "
           "MMAShape.M16N8K16",
           "hint: pass MMAShape.M16N8K16 itself, not a variable");
      return true;
    }
    pushFragment(MmaComputeOp::create(b, l, fa, fb, c));
    return true;
  }
  if (name == "mmaStore" && desc.params.size() == 5) {
    Value dimN = popScalar(VK::Int);
    Value tileCol = popScalar(VK::Int);
    Value tileRow = popScalar(VK::Int);
    SV out = pop();
    Value d = popFragment("the accumulator of mma or mmaFragment",
                          fragType(MmaRole::Acc, f32));
    popContext();
    if (hadError)
      return true;
    if (out.kind != VK::Array || !isGlobalMemRef(out.value.getType()) ||
        cast<MemRefType>(out.value.getType()).getElementType() != f32) {
      fail("KG-E0122", "KernelContext.mmaStore stores into a FloatArray "
                       "parameter");
      return true;
    }
    // Row tileRow, column tileCol of the row-major matrix with rows of
    // dimN floats (Java int arithmetic).
    Value first = arith::AddIOp::create(
        b, l, arith::MulIOp::create(b, l, tileRow, dimN), tileCol);
    MmaStoreOp::create(b, l, d, out.value, ValueRange{index(first)},
                       index(dimN), /*colMajor=*/false);
    return true;
  }
  if (name == "asyncCopyToLocal" && desc.params.size() == 4) {
    Value srcIndex = popScalar(VK::Int);
    SV src = pop();
    Value dstIndex = popScalar(VK::Int);
    SV dst = pop();
    popContext();
    if (hadError)
      return true;
    Type element = src.kind == VK::Array
                       ? cast<MemRefType>(src.value.getType()).getElementType()
                       : Type();
    if (src.kind != VK::Array || !isGlobalMemRef(src.value.getType()) ||
        (element != f16 && !element.isInteger(8))) {
      fail("KG-E0122", "KernelContext.asyncCopyToLocal copies from a "
                       "HalfFloatArray or ByteArray parameter");
      return true;
    }
    Value view = tileView(dst, element, name, std::nullopt);
    if (hadError)
      return true;
    // One int of the tile: two fp16 or four bytes.
    int64_t perInt = element == f16 ? 2 : 4;
    Value at = index(arith::MulIOp::create(b, l, dstIndex, constInt(perInt)));
    AsyncCopyOp::create(b, l, src.value, ValueRange{index(srcIndex)}, view,
                        ValueRange{at}, perInt);
    return true;
  }
  if (name == "asyncCopyCommit" && desc.params.empty()) {
    popContext();
    AsyncCommitOp::create(b, l);
    return true;
  }
  if (name == "asyncCopyWaitGroup" && desc.params.size() == 1) {
    Value groups = popScalar(VK::Int);
    popContext();
    APInt n;
    if (!matchPattern(groups, m_ConstantInt(&n)) || n.isNegative()) {
      fail("KG-E0122",
           "the argument of KernelContext.asyncCopyWaitGroup "
           "must be a constant of at least 0",
           "hint: use a literal or a static final int");
      return true;
    }
    AsyncWaitOp::create(b, l, n.getSExtValue());
    return true;
  }
  // int8: m16n8k32, s8 x s8 + s32 -> s32.
  auto fragType8 = [&](MmaRole role, Type element) {
    return MmaFragmentType::get(ctx, MmaShape::m16n8k32, role, element);
  };
  Type i8 = b.getI8Type(), i32 = b.getI32Type();
  if (name == "mmaFragmentInt" && desc.params.size() == 1) {
    Value v = popScalar(VK::Int);
    popContext();
    if (hadError)
      return true;
    pushFragment(MmaFillOp::create(b, l, fragType8(MmaRole::Acc, i32), v));
    return true;
  }
  if ((name == "mmaLoadAInt8" || name == "mmaLoadBInt8") &&
      desc.params.size() == 2) {
    Value k = popScalar(VK::Int);
    SV tile = pop();
    popContext();
    if (hadError)
      return true;
    APInt kv;
    if (!matchPattern(k, m_ConstantInt(&kv)) || kv.getSExtValue() != 32) {
      fail("KG-E0122",
           "the K of KernelContext." + name +
               " must be the constant 32 (the m16n8k32 tile's depth)",
           "hint: pass 32, as TornadoVM's WMMA_K for int8");
      return true;
    }
    bool isA = name == "mmaLoadAInt8";
    Value view = tileView(tile, i8, name, /*kPairs=*/!isA);
    if (hadError)
      return true;
    // A: 16 x 32 row by row; B: 32 x 8 column by column (the view).
    pushFragment(MmaLoadOp::create(
        b, l, fragType8(isA ? MmaRole::A : MmaRole::B, i8), view,
        ValueRange{arith::ConstantIndexOp::create(b, l, 0)},
        arith::ConstantIndexOp::create(b, l, 32), /*colMajor=*/!isA));
    return true;
  }
  if (name == "mmaInt8" && desc.params.size() == 4) {
    SV shape = pop();
    Value c = popFragment("the accumulator of mmaFragmentInt or mmaInt8",
                          fragType8(MmaRole::Acc, i32));
    Value fb = popFragment("the B fragment of mmaLoadBInt8 (second operand)",
                           fragType8(MmaRole::B, i8));
    Value fa = popFragment("the A fragment of mmaLoadAInt8 (first operand)",
                           fragType8(MmaRole::A, i8));
    popContext();
    if (hadError)
      return true;
    if (shape.kind != VK::MmaShape || shape.idKind != 32) {
      fail("KG-E0122",
           "KernelContext.mmaInt8 takes the constant MMAShape.M16N8K32",
           "hint: pass MMAShape.M16N8K32 itself, not a variable");
      return true;
    }
    pushFragment(MmaComputeOp::create(b, l, fa, fb, c));
    return true;
  }
  if (name == "mmaStoreInt" && desc.params.size() == 5) {
    Value stride = popScalar(VK::Int);
    Value col = popScalar(VK::Int);
    Value row = popScalar(VK::Int);
    SV out = pop();
    Value d = popFragment("the accumulator of mmaInt8 or mmaFragmentInt",
                          fragType8(MmaRole::Acc, i32));
    popContext();
    if (hadError)
      return true;
    if (out.kind != VK::Array || !isGlobalMemRef(out.value.getType()) ||
        cast<MemRefType>(out.value.getType()).getElementType() != i32) {
      fail("KG-E0122", "KernelContext.mmaStoreInt stores into an IntArray "
                       "parameter");
      return true;
    }
    Value first = arith::AddIOp::create(
        b, l, arith::MulIOp::create(b, l, row, stride), col);
    MmaStoreOp::create(b, l, d, out.value, ValueRange{index(first)},
                       index(stride), /*colMajor=*/false);
    return true;
  }
  return false;
}

/// The f16 (or i8) view of the int[] local array `tile`: a local array of
/// the same bytes that replaces it (rewriteTiles moves the int accesses
/// onto it).
Value MethodTranslator::tileView(const SV &tile, Type element, StringRef member,
                                 std::optional<bool> kPairs) {
  auto alloc = tile.kind == VK::Array && tile.elem == 'I'
                   ? tile.value.getDefiningOp<AllocLocalOp>()
                   : AllocLocalOp();
  if (!alloc) {
    fail("KG-E0122",
         "KernelContext." + member +
             " works on an int[] local array (kc.allocateIntLocalArray)",
         "hint: stage the tile in an int[] local array, two fp16 per int");
    return nullptr;
  }
  auto it = tiles.find(alloc);
  if (it != tiles.end()) {
    if (cast<MemRefType>(it->second.view.getType()).getElementType() !=
        element) {
      fail("KG-E0122", "an int[] local array used both as an fp16 and as "
                       "an int8 tile by KernelContext." +
                           member);
      return nullptr;
    }
    if (kPairs) {
      if (it->second.fixed && it->second.kPairs != *kPairs) {
        fail("KG-E0122", "an int[] local array used both as an int8 B tile "
                         "(mmaLoadBInt8) and as another tile by "
                         "KernelContext." +
                             member);
        return nullptr;
      }
      it->second.kPairs = *kPairs;
      it->second.fixed = true;
    }
    return it->second.view;
  }
  auto type = cast<MemRefType>(alloc.getType());
  int64_t perInt = element.isF16() ? 2 : 4;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(alloc);
  Value view = AllocLocalOp::create(
      b, alloc.getLoc(),
      MemRefType::get({type.getDimSize(0) * perInt}, element,
                      MemRefLayoutAttrInterface(), type.getMemorySpace()));
  tiles[alloc] = Tile{view, kPairs.value_or(false), kPairs.has_value()};
  return view;
}

/// Moves the int accesses of every MMA tile onto its f16 (i8) view: an int
/// at index i is the elements 2i, 2i + 1 (4i .. 4i + 3), the first in the
/// low bits, as on a little-endian GPU.
void MethodTranslator::rewriteTiles() {
  for (auto &[op, tile] : tiles) {
    auto alloc = cast<AllocLocalOp>(op);
    Value view = tile.view;
    bool kPairs = tile.kPairs;
    if (kPairs) {
      // The asynchronous copies into the tile: four bytes each, which the
      // tile's layout does not keep together: byte copies.
      for (Operation *user : llvm::make_early_inc_range(view.getUsers())) {
        auto copy = dyn_cast<AsyncCopyOp>(user);
        if (!copy)
          continue;
        Location l = copy.getLoc();
        b.setInsertionPoint(copy);
        for (int64_t part = 0; part < copy.getCount(); ++part) {
          Value p = arith::ConstantIndexOp::create(b, l, part);
          Value v =
              memref::LoadOp::create(b, l, copy.getSrc(),
                                     ValueRange{arith::AddIOp::create(
                                         b, l, copy.getSrcIndices()[0], p)});
          Value o = arith::AddIOp::create(b, l, copy.getDstIndices()[0], p);
          memref::StoreOp::create(b, l, v, view,
                                  ValueRange{kPairsIndex(b, l, o)});
        }
        copy.erase();
      }
    }
    Type element = cast<MemRefType>(view.getType()).getElementType();
    unsigned bits = element.getIntOrFloatBitWidth();
    int64_t perInt = 32 / bits;
    Type bitsType = b.getIntegerType(bits), i32 = b.getI32Type();
    for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses())) {
      Operation *user = use.getOwner();
      Location l = user->getLoc();
      b.setInsertionPoint(user);
      auto elementIndex = [&](Value i, int64_t part) -> Value {
        Value base = arith::MulIOp::create(
            b, l, i, arith::ConstantIndexOp::create(b, l, perInt));
        Value o = arith::AddIOp::create(
            b, l, base, arith::ConstantIndexOp::create(b, l, part));
        return kPairs ? kPairsIndex(b, l, o) : o;
      };
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        Value word;
        for (int64_t part = 0; part < perInt; ++part) {
          Value e = memref::LoadOp::create(
              b, l, view, ValueRange{elementIndex(load.getIndices()[0], part)});
          Value bitsValue =
              element.isF16() ? arith::BitcastOp::create(b, l, bitsType, e) : e;
          Value wide = arith::ExtUIOp::create(b, l, i32, bitsValue);
          if (part)
            wide = arith::ShLIOp::create(
                b, l, wide,
                arith::ConstantIntOp::create(b, l, part * bits, 32));
          word = word ? arith::OrIOp::create(b, l, word, wide) : wide;
        }
        load.replaceAllUsesWith(word);
        load.erase();
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getMemref() == alloc.getResult()) {
        for (int64_t part = 0; part < perInt; ++part) {
          Value shifted = store.getValue();
          if (part)
            shifted = arith::ShRUIOp::create(
                b, l, shifted,
                arith::ConstantIntOp::create(b, l, part * bits, 32));
          Value e = arith::TruncIOp::create(b, l, bitsType, shifted);
          if (element.isF16())
            e = arith::BitcastOp::create(b, l, element, e);
          memref::StoreOp::create(
              b, l, e, view,
              ValueRange{elementIndex(store.getIndices()[0], part)});
        }
        store.erase();
        continue;
      }
      curPc = 0;
      hadError = true;
      emitError(l) << "KG-E0122: an int[] local array that KernelContext "
                      "MMA members read as a tile is only read and written "
                      "by index (aTile[i]) in "
                   << displayName
                   << "; hint: stage other data in another local array";
      return;
    }
    alloc.erase();
  }
  tiles.clear();
}

/// TornadoVM's HalfFloat: an fp16 value (a VK::Boxed with elem 'H').
/// Arithmetic as the API documents it: in float, rounded to fp16 (round to
/// nearest even; exact fp16 results for + - * /).
bool MethodTranslator::invokeHalfFloat(const MemberRef &ref,
                                       const MethodDescriptor &desc,
                                       uint8_t opcode) {
  StringRef name = ref.name;
  Location l = loc();
  Type f16 = b.getF16Type(), f32 = b.getF32Type();
  auto popHalf = [&]() -> Value {
    if (stack.empty() || stack.back().kind != VK::Boxed ||
        stack.back().elem != 'H' || !stack.back().value)
      return nullptr;
    Value v = stack.back().value;
    stack.pop_back();
    return v;
  };
  auto pushHalf = [&](Value v) {
    SV out;
    out.kind = VK::Boxed;
    out.elem = 'H';
    out.value = v;
    stack.push_back(out);
  };
  if (opcode == op::invokespecial && name == "<init>" &&
      desc.params.size() == 1) {
    if (stack.size() < 2)
      return false;
    SV arg = pop();
    if (arg.kind == VK::Cmp)
      arg = materializeCmp(arg);
    Value half;
    if (desc.params[0].kind == FieldType::Float && arg.kind == VK::Float)
      half = arith::TruncFOp::create(b, l, f16, arg.value);
    else if (desc.params[0].kind == FieldType::Short && arg.kind == VK::Int)
      half = arith::BitcastOp::create(
          b, l, f16, arith::TruncIOp::create(b, l, b.getI16Type(), arg.value));
    if (!half)
      return false;
    SV self = pop();
    if (self.kind != VK::Boxed || self.elem != 'h')
      return false;
    // The copies `dup` left on the stack are the new object.
    for (SV &entry : stack)
      if (entry.kind == VK::Boxed && entry.elem == 'h') {
        entry.elem = 'H';
        entry.value = half;
      }
    return true;
  }
  if (opcode == op::invokevirtual && desc.params.empty()) {
    if (name == "getFloat32") {
      Value h = popHalf();
      if (!h)
        return false;
      push(VK::Float, arith::ExtFOp::create(b, l, f32, h));
      return true;
    }
    if (name == "getHalfFloatValue") {
      Value h = popHalf();
      if (!h)
        return false;
      Value bits = arith::BitcastOp::create(b, l, b.getI16Type(), h);
      push(VK::Int, arith::ExtSIOp::create(b, l, b.getI32Type(), bits));
      return true;
    }
    return false;
  }
  if (opcode == op::invokestatic && desc.params.size() == 2 &&
      (name == "add" || name == "sub" || name == "mult" || name == "div")) {
    Value rhs = popHalf();
    Value lhs = rhs ? popHalf() : nullptr;
    if (!lhs)
      return false;
    Value x = arith::ExtFOp::create(b, l, f32, lhs);
    Value y = arith::ExtFOp::create(b, l, f32, rhs);
    Value r;
    if (name == "add")
      r = arith::AddFOp::create(b, l, x, y);
    else if (name == "sub")
      r = arith::SubFOp::create(b, l, x, y);
    else if (name == "mult")
      r = arith::MulFOp::create(b, l, x, y);
    else
      r = arith::DivFOp::create(b, l, x, y);
    pushHalf(arith::TruncFOp::create(b, l, f16, r));
    return true;
  }
  return false;
}

bool MethodTranslator::invokeTornadoArray(const MemberRef &ref,
                                          const MethodDescriptor &desc) {
  StringRef name = ref.name;
  Location l = loc();
  if (name == "get" && desc.params.size() == 1) {
    Value idx = popScalar(VK::Int);
    SV array = pop();
    if (array.kind != VK::Array)
      return false;
    if (array.elem == 'H') {
      // A HalfFloat: the fp16 value, boxed.
      SV v;
      v.kind = VK::Boxed;
      v.elem = 'H';
      v.value = memref::LoadOp::create(b, l, array.value,
                                       ValueRange{index(idx)});
      stack.push_back(v);
      return true;
    }
    pushValue(loadElement(array, idx));
    return true;
  }
  if (name == "set" && desc.params.size() == 2) {
    SV value = pop();
    if (value.kind == VK::Cmp)
      value = materializeCmp(value);
    Value idx = popScalar(VK::Int);
    SV array = pop();
    if (array.kind == VK::Array && array.elem == 'H' &&
        value.kind == VK::Boxed && value.elem == 'H' && value.value) {
      memref::StoreOp::create(b, l, value.value, array.value,
                              ValueRange{index(idx)});
      return true;
    }
    if (array.kind != VK::Array || !value.isScalar() || array.elem == 'H')
      return false;
    storeElement(array, idx, value.value);
    return true;
  }
  if ((name == "getSize" || name == "size") && desc.params.empty()) {
    SV array = pop();
    if (array.kind != VK::Array)
      return false;
    push(VK::Int, arrayLength(array));
    return true;
  }
  if ((name == "init" && desc.params.size() == 1) ||
      (name == "clear" && desc.params.empty())) {
    Value value;
    if (name == "init") {
      SV v = pop();
      if (v.kind == VK::Cmp)
        v = materializeCmp(v);
      value = v.value;
    }
    SV array = pop();
    if (array.kind != VK::Array)
      return false;
    Type elem = cast<MemRefType>(array.value.getType()).getElementType();
    if (!value)
      value = isa<FloatType>(elem)
                  ? arith::ConstantFloatOp::create(
                        b, l, cast<FloatType>(elem),
                        APFloat::getZero(
                            cast<FloatType>(elem).getFloatSemantics()))
                        .getResult()
                  : arith::ConstantIntOp::create(b, l, elem, 0).getResult();
    else if (value.getType() != elem)
      value = arith::TruncIOp::create(b, l, elem, value);
    Value lb = arith::ConstantIndexOp::create(b, l, 0);
    Value ub = memref::DimOp::create(b, l, array.value, 0);
    Value one = arith::ConstantIndexOp::create(b, l, 1);
    scf::ForOp::create(b, l, lb, ub, one, ValueRange{},
                       [&](OpBuilder &nb, Location nl, Value iv, ValueRange) {
                         memref::StoreOp::create(nb, nl, value, array.value,
                                                 ValueRange{iv});
                         scf::YieldOp::create(nb, nl);
                       });
    return true;
  }
  return false;
}

/// Whether `helper` may write its memref argument `argNo`: a store to it,
/// or a call that takes it (conservatively).
bool MethodTranslator::helperWritesArgument(func::FuncOp helper,
                                            unsigned argNo) {
  if (argNo >= helper.getNumArguments())
    return false;
  Value arg = helper.getArgument(argNo);
  for (Operation *user : arg.getUsers())
    if (isa<func::CallOp>(user) ||
        (isa<memref::StoreOp>(user) &&
         cast<memref::StoreOp>(user).getMemRef() == arg))
      return true;
  return false;
}

void MethodTranslator::invokeHelper(const MemberRef &ref,
                                    const MethodDescriptor &desc) {
  std::string display = ref.className + "." + ref.name;
  std::replace(display.begin(), display.end(), '/', '.');
  // A private array argument: the helper is translated for its type (a
  // static memref) and inlined (ModuleTranslator::inlinePrivateArrayHelpers).
  size_t numParams = desc.params.size();
  SmallVector<Type> paramTypes(numParams);
  bool anyPrivate = false;
  for (size_t i = 0; i < numParams && numParams <= stack.size(); ++i) {
    const SV &v = stack[stack.size() - numParams + i];
    if (v.isPrivateArray()) {
      paramTypes[i] = v.value.getType();
      anyPrivate = true;
    }
  }
  if (!anyPrivate)
    paramTypes.clear();
  FailureOr<func::FuncOp> callee =
      mt.getHelper(ref.className, ref.name, ref.descriptor, loc(), paramTypes);
  if (failed(callee)) {
    hadError = true; // getHelper reported why
    return;
  }
  // Arguments: scalars and arrays in order; the KernelContext disappears.
  SmallVector<Value> args;
  std::vector<SV> popped;
  for (size_t i = 0; i < desc.params.size(); ++i)
    popped.push_back(pop());
  std::reverse(popped.begin(), popped.end());
  for (SV &v : popped) {
    // A private array made before a @Parallel loop and written by a helper
    // called in the loop carries values across iterations on the JVM.
    if (v.isPrivateArray() && helperWritesArgument(*callee, args.size()) &&
        writesPrivateArrayAcrossIterations(v))
      return;
    if (v.kind == VK::Cmp)
      v = materializeCmp(v);
    if (v.kind == VK::Context || v.kind == VK::String || v.kind == VK::Null)
      continue;
    if (v.kind == VK::Fragment) {
      fail("KG-E0121", "an MMA fragment cannot be passed to " + display,
           kFragmentHint);
      return;
    }
    if (v.kind == VK::BoxedId) {
      fail("KG-E0109", "a boxed KernelContext id passed to " + display,
           "hint: pass kc.globalIdx (an int) after intValue()");
      return;
    }
    args.push_back(v.value);
  }
  FunctionType type = callee->getFunctionType();
  if (type.getNumInputs() != args.size()) {
    fail("KG-E0199", "a call of " + display + " with the wrong arguments");
    return;
  }
  for (auto [arg, expected] : llvm::zip(args, type.getInputs()))
    if (arg.getType() != expected) {
      fail("KG-E0116",
           "the call of " + display +
               " passes an array of another memory (a local array to a "
               "helper that takes a global array, or the reverse)",
           "hint: inline the helper, or use one helper per memory");
      return;
    }
  auto call = func::CallOp::create(b, loc(), *callee, args);
  for (Value r : call.getResults())
    pushValue(r);
}

//===----------------------------------------------------------------------===//
// Helpers and kernels
//===----------------------------------------------------------------------===//

FailureOr<func::FuncOp> ModuleTranslator::getHelper(StringRef className,
                                                    StringRef name,
                                                    StringRef descriptor,
                                                    Location callLoc,
                                                    ArrayRef<Type> paramTypes) {
  std::string key = (className + "." + name + descriptor).str();
  // One translation per set of private array arguments.
  for (Type t : paramTypes) {
    llvm::raw_string_ostream os(key);
    os << "|";
    if (t)
      t.print(os);
  }
  auto it = helpers.find(key);
  if (it != helpers.end()) {
    if (!it->second) {
      emitError(callLoc) << "KG-E0108: the call of "
                         << (className + "." + name).str()
                         << " is recursive; a GPU has no call stack for "
                            "recursion; hint: write it as a loop";
      return failure();
    }
    return it->second;
  }
  llvm::Expected<const ClassFile *> owner = classPath.find(className);
  const ClassFile *cf = nullptr;
  if (owner)
    cf = *owner;
  else
    llvm::consumeError(owner.takeError());
  const MethodInfo *method = cf ? cf->findMethod(name, descriptor) : nullptr;
  if (!method) {
    std::string display = (className + "." + name).str();
    std::replace(display.begin(), display.end(), '/', '.');
    emitError(callLoc) << "KG-E0117: the called method " << display
                       << descriptor
                       << " is not in the input; hint: compile its class "
                          "into the same directory or .jar";
    return failure();
  }
  helpers[key] = nullptr; // in progress: recursion
  FailureOr<func::FuncOp> func =
      translateMethod(*cf, *method, false, paramTypes);
  if (failed(func)) {
    helpers.erase(key);
    return failure();
  }
  helpers[key] = *func;
  return *func;
}

FailureOr<func::FuncOp>
ModuleTranslator::translateMethod(const ClassFile &cf, const MethodInfo &method,
                                  bool isKernel, ArrayRef<Type> paramTypes) {
  MethodTranslator translator(*this, cf, method, isKernel, paramTypes);
  std::string simple = cf.thisClass;
  if (size_t slash = simple.rfind('/'); slash != std::string::npos)
    simple = simple.substr(slash + 1);
  std::string name = uniqueName(isKernel ? method.name : simple + "_" + method.name);
  func::FuncOp func = translator.translate(name);
  if (!func)
    return failure();
  return func;
}

std::vector<std::string>
ModuleTranslator::getMarkedLoopVariables(const ClassFile &cf,
                                         const MethodInfo &method) {
  std::vector<std::string> vars;
  const Annotation *marker = method.findAnnotation(kParallelLoopsAnnotation);
  if (!marker)
    return vars;
  const ElementValue *value = marker->find("value");
  if (!value)
    return vars;
  auto addString = [&](const ElementValue &v) {
    if (v.tag != 's')
      return;
    llvm::Expected<StringRef> s = cf.getUtf8(v.index);
    if (s)
      vars.push_back(s->str());
    else
      llvm::consumeError(s.takeError());
  };
  if (value->tag == '[')
    for (const ElementValue &e : value->elements)
      addString(e);
  else
    addString(*value);
  return vars;
}

void ModuleTranslator::inlinePrivateArrayHelpers() {
  auto marked = [](func::FuncOp f) { return f && f->hasAttr(kInlineAttrName); };
  SymbolTable symbols(module);
  while (true) {
    // A call of a marked helper in a function that is not marked (the
    // marked ones are erased below; their calls are inlined with them).
    func::CallOp call;
    func::FuncOp callee;
    for (auto caller : module.getOps<func::FuncOp>()) {
      if (marked(caller))
        continue;
      caller.walk([&](func::CallOp c) {
        auto f = symbols.lookup<func::FuncOp>(c.getCallee());
        if (!marked(f) || f.isExternal())
          return WalkResult::advance();
        call = c;
        callee = f;
        return WalkResult::interrupt();
      });
      if (call)
        break;
    }
    if (!call)
      break;
    // The frontend's CFG form: split the caller's block at the call, clone
    // the helper's blocks in between, its returns become branches to the
    // rest of the block (whose arguments are the call's results).
    Block *before = call->getBlock();
    Region *region = before->getParent();
    Block *after = before->splitBlock(std::next(call->getIterator()));
    for (Type t : call.getResultTypes())
      after->addArgument(t, call.getLoc());
    call.replaceAllUsesWith(after->getArguments());
    IRMapping mapping;
    for (auto [arg, operand] :
         llvm::zip(callee.getArguments(), call.getOperands()))
      mapping.map(arg, operand);
    callee.getBody().cloneInto(region, after->getIterator(), mapping);
    Block *inlinedEntry = mapping.lookup(&callee.getBody().front());
    Block &callerEntry = region->front();
    SmallVector<Operation *> allocas;
    SmallVector<func::ReturnOp> returns;
    for (Block *block = inlinedEntry; block != after;
         block = block->getNextNode())
      for (Operation &op : *block) {
        if (auto alloca = dyn_cast<memref::AllocaOp>(op);
            alloca && alloca->getNumOperands() == 0)
          allocas.push_back(alloca);
        else if (auto ret = dyn_cast<func::ReturnOp>(op))
          returns.push_back(ret);
      }
    // The helper's slots and private arrays: allocated once per caller
    // (every one is written before it is read: slots by the bytecode
    // verifier's rules, arrays by their zeroing at newarray).
    for (Operation *alloca : allocas)
      alloca->moveBefore(&callerEntry, callerEntry.begin());
    for (func::ReturnOp ret : returns) {
      OpBuilder rb(ret);
      cf::BranchOp::create(rb, ret.getLoc(), after, ret.getOperands());
      ret.erase();
    }
    OpBuilder cb(call);
    cf::BranchOp::create(cb, call.getLoc(), inlinedEntry);
    call.erase();
  }
  for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (marked(f))
      f.erase();
}
