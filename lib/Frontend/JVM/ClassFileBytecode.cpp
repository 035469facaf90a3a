//===- ClassFileBytecode.cpp - JVM bytecode decoding ----------------------===//

#include "kgpu/Frontend/JVM/ClassFileBytecode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace kgpu::jvm;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace {

const char *const kNames[256] = {
    "nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1", "iconst_2",
    "iconst_3", "iconst_4", "iconst_5", "lconst_0", "lconst_1", "fconst_0",
    "fconst_1", "fconst_2", "dconst_0", "dconst_1", "bipush", "sipush", "ldc",
    "ldc_w", "ldc2_w", "iload", "lload", "fload", "dload", "aload", "iload_0",
    "iload_1", "iload_2", "iload_3", "lload_0", "lload_1", "lload_2",
    "lload_3", "fload_0", "fload_1", "fload_2", "fload_3", "dload_0",
    "dload_1", "dload_2", "dload_3", "aload_0", "aload_1", "aload_2",
    "aload_3", "iaload", "laload", "faload", "daload", "aaload", "baload",
    "caload", "saload", "istore", "lstore", "fstore", "dstore", "astore",
    "istore_0", "istore_1", "istore_2", "istore_3", "lstore_0", "lstore_1",
    "lstore_2", "lstore_3", "fstore_0", "fstore_1", "fstore_2", "fstore_3",
    "dstore_0", "dstore_1", "dstore_2", "dstore_3", "astore_0", "astore_1",
    "astore_2", "astore_3", "iastore", "lastore", "fastore", "dastore",
    "aastore", "bastore", "castore", "sastore", "pop", "pop2", "dup",
    "dup_x1", "dup_x2", "dup2", "dup2_x1", "dup2_x2", "swap", "iadd", "ladd",
    "fadd", "dadd", "isub", "lsub", "fsub", "dsub", "imul", "lmul", "fmul",
    "dmul", "idiv", "ldiv", "fdiv", "ddiv", "irem", "lrem", "frem", "drem",
    "ineg", "lneg", "fneg", "dneg", "ishl", "lshl", "ishr", "lshr", "iushr",
    "lushr", "iand", "land", "ior", "lor", "ixor", "lxor", "iinc", "i2l",
    "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l",
    "d2f", "i2b", "i2c", "i2s", "lcmp", "fcmpl", "fcmpg", "dcmpl", "dcmpg",
    "ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle", "if_icmpeq", "if_icmpne",
    "if_icmplt", "if_icmpge", "if_icmpgt", "if_icmple", "if_acmpeq",
    "if_acmpne", "goto", "jsr", "ret", "tableswitch", "lookupswitch",
    "ireturn", "lreturn", "freturn", "dreturn", "areturn", "return",
    "getstatic", "putstatic", "getfield", "putfield", "invokevirtual",
    "invokespecial", "invokestatic", "invokeinterface", "invokedynamic",
    "new", "newarray", "anewarray", "arraylength", "athrow", "checkcast",
    "instanceof", "monitorenter", "monitorexit", "wide", "multianewarray",
    "ifnull", "ifnonnull", "goto_w", "jsr_w"};

Error codeError(uint32_t pc, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "bytecode offset " + llvm::Twine(pc) + ": " +
                                     msg);
}

uint16_t rd2(llvm::ArrayRef<uint8_t> c, uint32_t at) {
  return uint16_t((c[at] << 8) | c[at + 1]);
}
int32_t rd4(llvm::ArrayRef<uint8_t> c, uint32_t at) {
  return int32_t((uint32_t(c[at]) << 24) | (uint32_t(c[at + 1]) << 16) |
                 (uint32_t(c[at + 2]) << 8) | uint32_t(c[at + 3]));
}

} // namespace

StringRef kgpu::jvm::opcodeName(uint8_t opcode) {
  if (opcode <= op::jsr_w)
    return kNames[opcode];
  return "<invalid>";
}

bool Instruction::isConditionalBranch() const {
  return (opcode >= op::ifeq && opcode <= op::if_acmpne) ||
         opcode == op::ifnull || opcode == op::ifnonnull;
}

bool Instruction::isBranch() const {
  return isConditionalBranch() || opcode == op::goto_ ||
         opcode == op::goto_w || opcode == op::jsr || opcode == op::jsr_w;
}

bool Instruction::endsFlow() const {
  return (opcode >= op::ireturn && opcode <= op::return_) ||
         opcode == op::athrow || opcode == op::goto_ || opcode == op::goto_w ||
         opcode == op::ret || isSwitch();
}

std::vector<uint32_t> Instruction::targets() const {
  std::vector<uint32_t> out;
  if (isBranch()) {
    out.push_back(target);
  } else if (isSwitch()) {
    out.push_back(target);
    for (const auto &c : cases)
      out.push_back(c.second);
  }
  return out;
}

Expected<Instruction> kgpu::jvm::decodeInstruction(llvm::ArrayRef<uint8_t> code,
                                                   uint32_t pc) {
  uint32_t size = code.size();
  if (pc >= size)
    return codeError(pc, "no instruction: past the end of the code");
  Instruction in;
  in.pc = pc;
  uint8_t opc = code[pc];
  in.opcode = opc;
  auto need = [&](uint32_t n) -> Error {
    if (uint64_t(pc) + n > size)
      return codeError(pc, llvm::formatv("{0} needs {1} byte(s), the code "
                                         "has {2} left",
                                         opcodeName(opc), n, size - pc)
                               .str());
    return Error::success();
  };
  auto branch = [&](int64_t offset) -> Error {
    int64_t t = int64_t(pc) + offset;
    if (t < 0 || t >= int64_t(size))
      return codeError(pc, llvm::formatv("{0}: branch target {1} outside "
                                         "the code (length {2})",
                                         opcodeName(in.opcode), t, size)
                               .str());
    return Error::success();
  };

  if (opc > op::jsr_w)
    return codeError(pc, llvm::formatv("invalid opcode {0:x-2}", opc).str());

  // wide: a modified iload..aload, istore..astore, ret (4 bytes) or iinc (6).
  if (opc == op::wide) {
    if (Error e = need(2))
      return std::move(e);
    uint8_t inner = code[pc + 1];
    in.opcode = inner;
    in.wide = true;
    bool isLoadStore = (inner >= op::iload && inner <= op::aload) ||
                       (inner >= op::istore && inner <= op::astore) ||
                       inner == op::ret;
    if (isLoadStore) {
      if (Error e = need(4))
        return std::move(e);
      in.local = rd2(code, pc + 2);
      in.length = 4;
    } else if (inner == op::iinc) {
      if (Error e = need(6))
        return std::move(e);
      in.local = rd2(code, pc + 2);
      in.value = int16_t(rd2(code, pc + 4));
      in.length = 6;
    } else {
      return codeError(pc, llvm::formatv("wide before {0}, which it cannot "
                                         "modify",
                                         opcodeName(inner))
                               .str());
    }
    return in;
  }

  // The _N forms of loads and stores.
  if (opc >= op::iload_0 && opc <= op::aload_3) {
    in.local = (opc - op::iload_0) % 4;
    return in;
  }
  if (opc >= op::istore_0 && opc <= op::astore_3) {
    in.local = (opc - op::istore_0) % 4;
    return in;
  }

  switch (opc) {
  case op::bipush:
    if (Error e = need(2))
      return std::move(e);
    in.value = int8_t(code[pc + 1]);
    in.length = 2;
    return in;
  case op::sipush:
    if (Error e = need(3))
      return std::move(e);
    in.value = int16_t(rd2(code, pc + 1));
    in.length = 3;
    return in;
  case op::ldc:
    if (Error e = need(2))
      return std::move(e);
    in.index = code[pc + 1];
    in.length = 2;
    return in;
  case op::iload:
  case op::lload:
  case op::fload:
  case op::dload:
  case op::aload:
  case op::istore:
  case op::lstore:
  case op::fstore:
  case op::dstore:
  case op::astore:
  case op::ret:
    if (Error e = need(2))
      return std::move(e);
    in.local = code[pc + 1];
    in.length = 2;
    return in;
  case op::newarray:
    if (Error e = need(2))
      return std::move(e);
    in.value = code[pc + 1];
    in.length = 2;
    if (in.value < T_BOOLEAN || in.value > T_LONG)
      return codeError(pc, llvm::formatv("newarray: invalid element type "
                                         "code {0}",
                                         in.value)
                               .str());
    return in;
  case op::iinc:
    if (Error e = need(3))
      return std::move(e);
    in.local = code[pc + 1];
    in.value = int8_t(code[pc + 2]);
    in.length = 3;
    return in;
  case op::ldc_w:
  case op::ldc2_w:
  case op::getstatic:
  case op::putstatic:
  case op::getfield:
  case op::putfield:
  case op::invokevirtual:
  case op::invokespecial:
  case op::invokestatic:
  case op::new_:
  case op::anewarray:
  case op::checkcast:
  case op::instanceof:
    if (Error e = need(3))
      return std::move(e);
    in.index = rd2(code, pc + 1);
    in.length = 3;
    return in;
  case op::multianewarray:
    if (Error e = need(4))
      return std::move(e);
    in.index = rd2(code, pc + 1);
    in.value = code[pc + 3];
    in.length = 4;
    if (in.value == 0)
      return codeError(pc, "multianewarray with 0 dimensions");
    return in;
  case op::invokeinterface:
    if (Error e = need(5))
      return std::move(e);
    in.index = rd2(code, pc + 1);
    in.value = code[pc + 3];
    in.length = 5;
    if (in.value == 0 || code[pc + 4] != 0)
      return codeError(pc, "invokeinterface: count must be non-zero and the "
                           "fourth operand byte zero");
    return in;
  case op::invokedynamic:
    if (Error e = need(5))
      return std::move(e);
    in.index = rd2(code, pc + 1);
    in.length = 5;
    if (code[pc + 3] != 0 || code[pc + 4] != 0)
      return codeError(pc, "invokedynamic: the third and fourth operand bytes "
                           "must be zero");
    return in;
  case op::goto_w:
  case op::jsr_w: {
    if (Error e = need(5))
      return std::move(e);
    int32_t off = rd4(code, pc + 1);
    if (Error e = branch(off))
      return std::move(e);
    in.target = uint32_t(int64_t(pc) + off);
    in.length = 5;
    return in;
  }
  case op::tableswitch:
  case op::lookupswitch: {
    // 0-3 padding bytes so that the operands start at a multiple of 4 from
    // the start of the code.
    uint32_t base = (pc + 4) & ~3u;
    uint32_t head = base - pc;
    if (Error e = need(head + 12 - (opc == op::lookupswitch ? 4 : 0)))
      return std::move(e);
    int32_t def = rd4(code, base);
    if (Error e = branch(def))
      return std::move(e);
    in.target = uint32_t(int64_t(pc) + def);
    if (opc == op::tableswitch) {
      in.low = rd4(code, base + 4);
      in.high = rd4(code, base + 8);
      if (in.low > in.high)
        return codeError(pc, llvm::formatv("tableswitch: low {0} > high {1}",
                                           in.low, in.high)
                                 .str());
      uint64_t n = uint64_t(int64_t(in.high) - in.low) + 1;
      if (Error e = need(uint32_t(std::min<uint64_t>(
              uint64_t(head) + 12 + 4 * n, UINT32_MAX))))
        return std::move(e);
      in.cases.reserve(n);
      for (uint64_t k = 0; k < n; ++k) {
        int32_t off = rd4(code, base + 12 + 4 * uint32_t(k));
        if (Error e = branch(off))
          return std::move(e);
        in.cases.push_back(
            {int32_t(int64_t(in.low) + int64_t(k)), uint32_t(int64_t(pc) + off)});
      }
      in.length = head + 12 + 4 * uint32_t(n);
    } else {
      int32_t npairs = rd4(code, base + 4);
      if (npairs < 0)
        return codeError(pc, "lookupswitch: negative npairs");
      if (Error e = need(uint32_t(std::min<uint64_t>(
              uint64_t(head) + 8 + 8 * uint64_t(npairs), UINT32_MAX))))
        return std::move(e);
      in.cases.reserve(npairs);
      for (int32_t k = 0; k < npairs; ++k) {
        uint32_t at = base + 8 + 8 * uint32_t(k);
        int32_t match = rd4(code, at);
        int32_t off = rd4(code, at + 4);
        if (Error e = branch(off))
          return std::move(e);
        if (k > 0 && match <= in.cases.back().first)
          return codeError(pc, "lookupswitch: match values not sorted "
                               "increasingly");
        in.cases.push_back({match, uint32_t(int64_t(pc) + off)});
      }
      in.length = head + 8 + 8 * uint32_t(npairs);
    }
    return in;
  }
  default:
    break;
  }
  // Two-byte-offset branches.
  if ((opc >= op::ifeq && opc <= op::jsr) || opc == op::ifnull ||
      opc == op::ifnonnull) {
    if (Error e = need(3))
      return std::move(e);
    int16_t off = int16_t(rd2(code, pc + 1));
    if (Error e = branch(off))
      return std::move(e);
    in.target = uint32_t(int64_t(pc) + off);
    in.length = 3;
    return in;
  }
  // Everything else has no operands.
  return in;
}

Expected<Instruction> InstructionIterator::next() {
  auto in = decodeInstruction(code, pc);
  if (!in) {
    failed = true;
    return in.takeError();
  }
  pc += in->length;
  return in;
}

Expected<std::vector<Instruction>>
kgpu::jvm::decodeCode(llvm::ArrayRef<uint8_t> code) {
  std::vector<Instruction> out;
  std::vector<bool> starts(code.size() + 1, false);
  uint32_t pc = 0;
  while (pc < code.size()) {
    auto in = decodeInstruction(code, pc);
    if (!in)
      return in.takeError();
    starts[pc] = true;
    pc += in->length;
    out.push_back(std::move(*in));
  }
  if (pc != code.size())
    return codeError(out.back().pc, "the last instruction runs past the end "
                                    "of the code");
  for (const Instruction &in : out)
    for (uint32_t t : in.targets())
      if (!starts[t])
        return codeError(in.pc, llvm::formatv("{0}: branch target {1} is "
                                              "inside an instruction",
                                              in.name(), t)
                                    .str());
  return out;
}

Expected<std::vector<Instruction>>
kgpu::jvm::decodeCode(const CodeAttribute &code) {
  auto insns = decodeCode(code.code);
  if (!insns)
    return insns.takeError();
  std::vector<bool> starts(code.code.size() + 1, false);
  for (const Instruction &in : *insns)
    starts[in.pc] = true;
  starts[code.code.size()] = true; // end_pc may be the code length
  for (size_t i = 0; i < code.exceptionTable.size(); ++i) {
    const ExceptionTableEntry &e = code.exceptionTable[i];
    if (e.endPc > code.code.size() || e.handlerPc >= code.code.size() ||
        !starts[e.startPc] || !starts[e.endPc] || !starts[e.handlerPc] ||
        e.handlerPc == code.code.size())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "exception table entry %zu: [%u, %u) -> %u does not start and end "
          "on instructions",
          i, unsigned(e.startPc), unsigned(e.endPc), unsigned(e.handlerPc));
  }
  return insns;
}

std::vector<uint32_t>
kgpu::jvm::computeBlockLeaders(llvm::ArrayRef<Instruction> insns,
                               llvm::ArrayRef<ExceptionTableEntry> excs) {
  std::vector<uint32_t> leaders;
  if (insns.empty())
    return leaders;
  uint32_t codeEnd = insns.back().pc + insns.back().length;
  leaders.push_back(0);
  for (const Instruction &in : insns) {
    for (uint32_t t : in.targets())
      leaders.push_back(t);
    bool splitsAfter = in.isBranch() || in.endsFlow();
    if (splitsAfter && in.pc + in.length < codeEnd)
      leaders.push_back(in.pc + in.length);
  }
  for (const ExceptionTableEntry &e : excs) {
    leaders.push_back(e.handlerPc);
    leaders.push_back(e.startPc);
    if (e.endPc < codeEnd)
      leaders.push_back(e.endPc);
  }
  llvm::sort(leaders);
  leaders.erase(std::unique(leaders.begin(), leaders.end()), leaders.end());
  return leaders;
}
