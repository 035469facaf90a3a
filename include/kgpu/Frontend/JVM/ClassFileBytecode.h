//===- ClassFileBytecode.h - JVM bytecode decoding --------------*- C++ -*-===//
//
// Decoding of a Code attribute's bytes into instructions (JVMS chapter 6):
// every opcode including `wide`, the padded tableswitch/lookupswitch and the
// operands of invokeinterface/invokedynamic, with branch targets checked to
// lie on an instruction inside the code; and the basic-block leaders of a
// method (branch and switch targets, fall-throughs, exception handlers).
// LLVM Support only.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_CLASSFILEBYTECODE_H
#define KGPU_FRONTEND_JVM_CLASSFILEBYTECODE_H

#include "kgpu/Frontend/JVM/ClassFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace kgpu::jvm {

/// JVM opcodes (JVMS 6.5), by their mnemonic.
namespace op {
enum Opcode : uint8_t {
  nop = 0x00, aconst_null = 0x01, iconst_m1 = 0x02, iconst_0 = 0x03,
  iconst_1 = 0x04, iconst_2 = 0x05, iconst_3 = 0x06, iconst_4 = 0x07,
  iconst_5 = 0x08, lconst_0 = 0x09, lconst_1 = 0x0a, fconst_0 = 0x0b,
  fconst_1 = 0x0c, fconst_2 = 0x0d, dconst_0 = 0x0e, dconst_1 = 0x0f,
  bipush = 0x10, sipush = 0x11, ldc = 0x12, ldc_w = 0x13, ldc2_w = 0x14,
  iload = 0x15, lload = 0x16, fload = 0x17, dload = 0x18, aload = 0x19,
  iload_0 = 0x1a, iload_1 = 0x1b, iload_2 = 0x1c, iload_3 = 0x1d,
  lload_0 = 0x1e, lload_1 = 0x1f, lload_2 = 0x20, lload_3 = 0x21,
  fload_0 = 0x22, fload_1 = 0x23, fload_2 = 0x24, fload_3 = 0x25,
  dload_0 = 0x26, dload_1 = 0x27, dload_2 = 0x28, dload_3 = 0x29,
  aload_0 = 0x2a, aload_1 = 0x2b, aload_2 = 0x2c, aload_3 = 0x2d,
  iaload = 0x2e, laload = 0x2f, faload = 0x30, daload = 0x31, aaload = 0x32,
  baload = 0x33, caload = 0x34, saload = 0x35,
  istore = 0x36, lstore = 0x37, fstore = 0x38, dstore = 0x39, astore = 0x3a,
  istore_0 = 0x3b, istore_1 = 0x3c, istore_2 = 0x3d, istore_3 = 0x3e,
  lstore_0 = 0x3f, lstore_1 = 0x40, lstore_2 = 0x41, lstore_3 = 0x42,
  fstore_0 = 0x43, fstore_1 = 0x44, fstore_2 = 0x45, fstore_3 = 0x46,
  dstore_0 = 0x47, dstore_1 = 0x48, dstore_2 = 0x49, dstore_3 = 0x4a,
  astore_0 = 0x4b, astore_1 = 0x4c, astore_2 = 0x4d, astore_3 = 0x4e,
  iastore = 0x4f, lastore = 0x50, fastore = 0x51, dastore = 0x52,
  aastore = 0x53, bastore = 0x54, castore = 0x55, sastore = 0x56,
  pop = 0x57, pop2 = 0x58, dup = 0x59, dup_x1 = 0x5a, dup_x2 = 0x5b,
  dup2 = 0x5c, dup2_x1 = 0x5d, dup2_x2 = 0x5e, swap = 0x5f,
  iadd = 0x60, ladd = 0x61, fadd = 0x62, dadd = 0x63,
  isub = 0x64, lsub = 0x65, fsub = 0x66, dsub = 0x67,
  imul = 0x68, lmul = 0x69, fmul = 0x6a, dmul = 0x6b,
  idiv = 0x6c, ldiv = 0x6d, fdiv = 0x6e, ddiv = 0x6f,
  irem = 0x70, lrem = 0x71, frem = 0x72, drem = 0x73,
  ineg = 0x74, lneg = 0x75, fneg = 0x76, dneg = 0x77,
  ishl = 0x78, lshl = 0x79, ishr = 0x7a, lshr = 0x7b, iushr = 0x7c,
  lushr = 0x7d, iand = 0x7e, land = 0x7f, ior = 0x80, lor = 0x81,
  ixor = 0x82, lxor = 0x83, iinc = 0x84,
  i2l = 0x85, i2f = 0x86, i2d = 0x87, l2i = 0x88, l2f = 0x89, l2d = 0x8a,
  f2i = 0x8b, f2l = 0x8c, f2d = 0x8d, d2i = 0x8e, d2l = 0x8f, d2f = 0x90,
  i2b = 0x91, i2c = 0x92, i2s = 0x93,
  lcmp = 0x94, fcmpl = 0x95, fcmpg = 0x96, dcmpl = 0x97, dcmpg = 0x98,
  ifeq = 0x99, ifne = 0x9a, iflt = 0x9b, ifge = 0x9c, ifgt = 0x9d,
  ifle = 0x9e, if_icmpeq = 0x9f, if_icmpne = 0xa0, if_icmplt = 0xa1,
  if_icmpge = 0xa2, if_icmpgt = 0xa3, if_icmple = 0xa4, if_acmpeq = 0xa5,
  if_acmpne = 0xa6, goto_ = 0xa7, jsr = 0xa8, ret = 0xa9,
  tableswitch = 0xaa, lookupswitch = 0xab,
  ireturn = 0xac, lreturn = 0xad, freturn = 0xae, dreturn = 0xaf,
  areturn = 0xb0, return_ = 0xb1,
  getstatic = 0xb2, putstatic = 0xb3, getfield = 0xb4, putfield = 0xb5,
  invokevirtual = 0xb6, invokespecial = 0xb7, invokestatic = 0xb8,
  invokeinterface = 0xb9, invokedynamic = 0xba, new_ = 0xbb,
  newarray = 0xbc, anewarray = 0xbd, arraylength = 0xbe, athrow = 0xbf,
  checkcast = 0xc0, instanceof = 0xc1, monitorenter = 0xc2,
  monitorexit = 0xc3, wide = 0xc4, multianewarray = 0xc5, ifnull = 0xc6,
  ifnonnull = 0xc7, goto_w = 0xc8, jsr_w = 0xc9,
};
} // namespace op

/// `newarray` element type codes (JVMS 6.5.newarray).
enum ArrayTypeCode : uint8_t {
  T_BOOLEAN = 4, T_CHAR = 5, T_FLOAT = 6, T_DOUBLE = 7,
  T_BYTE = 8, T_SHORT = 9, T_INT = 10, T_LONG = 11,
};

/// The mnemonic of an opcode ("iload", "goto", ...); "<invalid>" for the
/// unassigned ones (0xcb-0xff).
llvm::StringRef opcodeName(uint8_t opcode);

/// One decoded instruction. The meaning of the operands by opcode:
///   bipush, sipush                 `value`: the sign-extended constant
///   ldc, ldc_w, ldc2_w, get/putstatic, get/putfield, invoke*, new,
///   anewarray, checkcast, instanceof, multianewarray
///                                  `index`: the constant-pool index
///   xload, xstore, ret (incl. _N forms and wide)
///                                  `local`: the slot
///   iinc (incl. wide)              `local`, `value`: the increment
///   newarray                       `value`: the ArrayTypeCode
///   multianewarray                 `value`: the dimensions
///   invokeinterface                `value`: the count operand
///   if*, goto(_w), jsr(_w)         `target`: the absolute branch target
///   tableswitch                    `low`, `high`, `target` = default,
///                                  `cases` = (low + k, target_k)
///   lookupswitch                   `target` = default, `cases` =
///                                  (match, target) in file order
/// For the _N forms (iload_2, istore_0, ...) `local` is set too, so a user
/// can switch on the kind only.
struct Instruction {
  uint32_t pc = 0;
  uint8_t opcode = 0;
  /// Whether the instruction has the `wide` prefix (then `pc` is the
  /// prefix's offset and `opcode` the modified instruction).
  bool wide = false;
  /// Total length in bytes, including a `wide` prefix and switch padding.
  uint32_t length = 1;
  uint16_t index = 0;
  uint16_t local = 0;
  int32_t value = 0;
  uint32_t target = 0;
  int32_t low = 0;
  int32_t high = 0;
  std::vector<std::pair<int32_t, uint32_t>> cases;

  llvm::StringRef name() const { return opcodeName(opcode); }
  /// if*, goto, goto_w, jsr, jsr_w (one target in `target`).
  bool isBranch() const;
  bool isConditionalBranch() const;
  bool isSwitch() const {
    return opcode == op::tableswitch || opcode == op::lookupswitch;
  }
  /// return, xreturn, athrow, goto(_w), ret, switches: control does not
  /// fall through to the next instruction.
  bool endsFlow() const;
  /// Every explicit successor target (branch target, switch default and
  /// cases), not the fall-through.
  std::vector<uint32_t> targets() const;
};

/// Decodes the instruction at `pc` of `code`. Branch targets are checked to
/// lie inside the code (not that they start an instruction: decodeCode does
/// that). Errors name the bytecode offset.
llvm::Expected<Instruction> decodeInstruction(llvm::ArrayRef<uint8_t> code,
                                              uint32_t pc);

/// Decodes a whole method body: every instruction in order; checks that the
/// last one ends exactly at the end of the code and that every branch and
/// switch target starts an instruction.
llvm::Expected<std::vector<Instruction>>
decodeCode(llvm::ArrayRef<uint8_t> code);

/// The same, with exception-table ranges and handlers checked to start
/// instructions too (`end_pc` may also be the code length).
llvm::Expected<std::vector<Instruction>> decodeCode(const CodeAttribute &code);

/// A forward iterator over the instructions of a code array, for callers
/// that want to stop early:
///   for (InstructionIterator it(code); !it.atEnd(); ) {
///     auto insn = it.next();  // Expected<Instruction>
///     if (!insn) ...
///   }
class InstructionIterator {
public:
  explicit InstructionIterator(llvm::ArrayRef<uint8_t> code) : code(code) {}
  bool atEnd() const { return failed || pc >= code.size(); }
  uint32_t getPc() const { return pc; }
  llvm::Expected<Instruction> next();

private:
  llvm::ArrayRef<uint8_t> code;
  uint32_t pc = 0;
  bool failed = false;
};

/// The basic-block leaders of a method, sorted: pc 0, every branch and
/// switch target, the instruction after every branch, switch, return,
/// athrow or ret, every exception handler, and every exception range's
/// start and end (so that a range covers whole blocks). `insns` must come
/// from decodeCode over the same code.
std::vector<uint32_t>
computeBlockLeaders(llvm::ArrayRef<Instruction> insns,
                    llvm::ArrayRef<ExceptionTableEntry> exceptionTable = {});

} // namespace kgpu::jvm

#endif // KGPU_FRONTEND_JVM_CLASSFILEBYTECODE_H
