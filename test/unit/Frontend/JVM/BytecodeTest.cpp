//===- BytecodeTest.cpp - JVM bytecode decoding tests ---------------------===//

#include "kgpu/Frontend/JVM/ClassFileBytecode.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>

using namespace kgpu::jvm;

namespace {

ClassFile load(llvm::StringRef variant, llvm::StringRef name) {
  std::string path = (llvm::Twine(KGPU_JVM_CLASSES_DIR) + "/classes-" +
                      variant + "/" + name + ".class")
                         .str();
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    ADD_FAILURE() << "cannot read " << path;
    return ClassFile();
  }
  auto cf = parseClassFile((*buf)->getBuffer(), path);
  if (!cf) {
    ADD_FAILURE() << llvm::toString(cf.takeError());
    return ClassFile();
  }
  return std::move(*cf);
}

std::vector<Instruction> decode(const MethodInfo *m) {
  EXPECT_NE(m, nullptr);
  if (!m || !m->code)
    return {};
  auto insns = decodeCode(*m->code);
  if (!insns) {
    ADD_FAILURE() << llvm::toString(insns.takeError());
    return {};
  }
  return std::move(*insns);
}

std::string decodeError(std::vector<uint8_t> code) {
  auto r = decodeCode(code);
  if (r)
    return "";
  return llvm::toString(r.takeError());
}

TEST(BytecodeTest, EveryMethodOfEveryClassDecodes) {
  for (const char *variant :
       {"javac17", "javac17-nodebug", "javac17-release8"})
    for (const char *cls :
         {"kgpu/readertest/Everything", "kgpu/readertest/Everything$Inner",
          "kgpu/readertest/Everything$Color", "kgpu/readertest/Constants"}) {
      ClassFile cf = load(variant, cls);
      for (const MethodInfo &m : cf.methods) {
        if (!m.code)
          continue;
        std::vector<Instruction> insns = decode(&m);
        ASSERT_FALSE(insns.empty()) << cls << "." << m.name;
        uint32_t pc = 0;
        for (const Instruction &in : insns) {
          EXPECT_EQ(in.pc, pc);
          EXPECT_NE(in.name(), "<invalid>");
          pc += in.length;
        }
        EXPECT_EQ(pc, m.code->code.size());
        // The iterator gives the same sequence.
        InstructionIterator it(m.code->code);
        size_t k = 0;
        while (!it.atEnd()) {
          auto in = it.next();
          ASSERT_TRUE(bool(in));
          ASSERT_LT(k, insns.size());
          EXPECT_EQ(in->pc, insns[k].pc);
          EXPECT_EQ(in->opcode, insns[k].opcode);
          ++k;
        }
        EXPECT_EQ(k, insns.size());
      }
    }
}

TEST(BytecodeTest, Switches) {
  ClassFile cf = load("javac17", "kgpu/readertest/Everything");
  std::vector<Instruction> insns = decode(cf.findMethod("switches"));
  const Instruction *table = nullptr, *lookup = nullptr;
  for (const Instruction &in : insns) {
    if (in.opcode == op::tableswitch)
      table = &in;
    if (in.opcode == op::lookupswitch)
      lookup = &in;
  }
  ASSERT_NE(table, nullptr);
  ASSERT_NE(lookup, nullptr);
  EXPECT_EQ(table->low, 0);
  EXPECT_EQ(table->high, 3);
  ASSERT_EQ(table->cases.size(), 4u);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(table->cases[k].first, k);
  // Operands are 4-aligned from the start of the code.
  EXPECT_EQ(table->length, ((table->pc + 4) & ~3u) - table->pc + 12 + 16);
  ASSERT_EQ(lookup->cases.size(), 3u);
  EXPECT_EQ(lookup->cases[0].first, -100000);
  EXPECT_EQ(lookup->cases[1].first, 7);
  EXPECT_EQ(lookup->cases[2].first, 1000000);
  EXPECT_TRUE(table->isSwitch() && table->endsFlow());
  EXPECT_EQ(table->targets().size(), 5u); // default + 4
  // Every target is the start of an instruction.
  std::set<uint32_t> starts;
  for (const Instruction &in : insns)
    starts.insert(in.pc);
  for (uint32_t t : table->targets())
    EXPECT_TRUE(starts.count(t));
  for (uint32_t t : lookup->targets())
    EXPECT_TRUE(starts.count(t));
  // wide iinc: r += 1000.
  bool sawWide = false;
  for (const Instruction &in : insns)
    if (in.wide) {
      EXPECT_EQ(in.opcode, op::iinc);
      EXPECT_EQ(in.value, 1000);
      EXPECT_EQ(in.length, 6u);
      sawWide = true;
    }
  EXPECT_TRUE(sawWide);
  // newarray double, multianewarray int[][]; lstore/lload of slot 1 (the
  // long parameter).
  bool sawNewarray = false, sawMulti = false;
  for (const Instruction &in : insns) {
    if (in.opcode == op::newarray) {
      EXPECT_EQ(in.value, T_DOUBLE);
      sawNewarray = true;
    }
    if (in.opcode == op::multianewarray) {
      EXPECT_EQ(in.value, 2);
      auto cls = cf.getClassName(in.index);
      ASSERT_TRUE(bool(cls));
      EXPECT_EQ(*cls, "[[I");
      sawMulti = true;
    }
  }
  EXPECT_TRUE(sawNewarray && sawMulti);
}

TEST(BytecodeTest, InvokeOperands) {
  ClassFile cf = load("javac17", "kgpu/readertest/Everything");
  bool sawInterface = false;
  for (const Instruction &in : decode(cf.findMethod("generic")))
    if (in.opcode == op::invokeinterface) {
      auto r = cf.resolveMemberRef(in.index);
      ASSERT_TRUE(bool(r));
      EXPECT_EQ(r->tag, CpTag::InterfaceMethodref);
      EXPECT_GE(in.value, 1);
      EXPECT_EQ(in.length, 5u);
      sawInterface = true;
    }
  EXPECT_TRUE(sawInterface);
  bool sawIndy = false;
  for (const Instruction &in : decode(cf.findMethod("lambda")))
    if (in.opcode == op::invokedynamic) {
      auto e = cf.getEntry(in.index, CpTag::InvokeDynamic);
      ASSERT_TRUE(bool(e));
      EXPECT_LT(e->index1, cf.bootstrapMethods.size());
      EXPECT_EQ(in.length, 5u);
      sawIndy = true;
    }
  EXPECT_TRUE(sawIndy);
  // A static call with its Methodref, the _N forms' slots.
  std::vector<Instruction> add = decode(cf.findMethod("vectorAdd"));
  ASSERT_FALSE(add.empty());
  EXPECT_EQ(add[0].opcode, op::iconst_0);
  EXPECT_EQ(add[1].opcode, op::istore_3);
  EXPECT_EQ(add[1].local, 3);
}

TEST(BytecodeTest, BlockLeaders) {
  ClassFile cf = load("javac17", "kgpu/readertest/Everything");
  const MethodInfo *m = cf.findMethod("vectorAdd");
  std::vector<Instruction> insns = decode(m);
  std::vector<uint32_t> leaders = computeBlockLeaders(insns);
  ASSERT_FALSE(leaders.empty());
  EXPECT_EQ(leaders[0], 0u);
  EXPECT_TRUE(std::is_sorted(leaders.begin(), leaders.end()));
  // The loop header (the @Parallel range's start, the loop test) and the
  // exit (the return) are leaders.
  auto par = m->getLocalVariableAnnotations(kParallelAnnotation);
  ASSERT_EQ(par.size(), 1u);
  EXPECT_TRUE(std::count(leaders.begin(), leaders.end(), par[0].startPc));
  EXPECT_TRUE(std::count(leaders.begin(), leaders.end(), insns.back().pc));
  // for loop: entry, header, body, exit.
  EXPECT_EQ(leaders.size(), 4u);
  // Exception handlers and range boundaries.
  const MethodInfo *c = cf.findMethod("caught");
  std::vector<Instruction> ci = decode(c);
  std::vector<uint32_t> cl = computeBlockLeaders(ci, c->code->exceptionTable);
  for (const ExceptionTableEntry &e : c->code->exceptionTable) {
    EXPECT_TRUE(std::count(cl.begin(), cl.end(), e.handlerPc));
    EXPECT_TRUE(std::count(cl.begin(), cl.end(), e.startPc));
  }
  EXPECT_TRUE(computeBlockLeaders({}).empty());
}

TEST(BytecodeTest, HandMadeSwitchPadding) {
  // A tableswitch at offsets 0..3: 3..0 padding bytes. Cases jump to the
  // return after it.
  for (unsigned at = 0; at < 4; ++at) {
    std::vector<uint8_t> code(at, op::nop);
    uint32_t sw = at;
    code.push_back(op::tableswitch);
    while (code.size() % 4)
      code.push_back(0);
    uint32_t len = uint32_t(code.size()) - sw + 12 + 8; // two cases
    auto put4 = [&](int32_t v) {
      for (int s = 24; s >= 0; s -= 8)
        code.push_back(uint8_t(uint32_t(v) >> s));
    };
    put4(int32_t(len)); // default -> return
    put4(5);            // low
    put4(6);            // high
    put4(int32_t(len));
    put4(int32_t(len));
    code.push_back(op::return_);
    auto r = decodeCode(code);
    ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
    const Instruction &t = (*r)[at];
    EXPECT_EQ(t.opcode, op::tableswitch);
    EXPECT_EQ(t.length, len);
    EXPECT_EQ(t.target, sw + len);
    ASSERT_EQ(t.cases.size(), 2u);
    EXPECT_EQ(t.cases[1].first, 6);
    // Truncating the switch anywhere is an error.
    for (size_t n = sw + 1; n < sw + len; ++n) {
      std::vector<uint8_t> cut(code.begin(), code.begin() + n);
      EXPECT_NE(decodeError(cut), "") << at << " " << n;
    }
  }
}

TEST(BytecodeTest, MalformedCode) {
  // Branch before the start, past the end, into an operand.
  EXPECT_NE(decodeError({op::goto_, 0xFF, 0xFF}).find("outside the code"),
            std::string::npos);
  EXPECT_NE(decodeError({op::ifeq, 0x00, 0x10, op::return_})
                .find("outside the code"),
            std::string::npos);
  EXPECT_NE(decodeError({op::goto_, 0x00, 0x02, op::return_})
                .find("inside an instruction"),
            std::string::npos)
      << decodeError({op::goto_, 0x00, 0x02, op::return_});
  // Truncated operands.
  EXPECT_NE(decodeError({op::sipush, 1}).find("needs 3 byte(s)"),
            std::string::npos);
  EXPECT_NE(decodeError({op::invokeinterface, 0, 1, 1}), "");
  EXPECT_NE(decodeError({op::goto_w, 0, 0}), "");
  // Invalid opcodes, wide before a non-local instruction.
  EXPECT_NE(decodeError({0xCB}).find("invalid opcode cb"), std::string::npos);
  EXPECT_NE(decodeError({0xFF}).find("invalid opcode ff"), std::string::npos);
  EXPECT_NE(decodeError({op::wide, op::iadd}).find("wide before iadd"),
            std::string::npos);
  EXPECT_NE(decodeError({op::wide, op::iload, 0}), "");
  // Operand checks.
  EXPECT_NE(decodeError({op::newarray, 3}).find("element type"),
            std::string::npos);
  EXPECT_NE(decodeError({op::invokeinterface, 0, 1, 0, 0}), "");
  EXPECT_NE(decodeError({op::invokedynamic, 0, 1, 0, 1}), "");
  EXPECT_NE(decodeError({op::multianewarray, 0, 1, 0}), "");
  // A huge tableswitch range with nothing behind it: an error, quickly and
  // without allocating 2^32 cases.
  std::vector<uint8_t> huge = {op::tableswitch, 0, 0, 0, 0, 0, 0, 0,
                               0x80,            0, 0, 0, 0x7F, 0xFF, 0xFF,
                               0xFF};
  EXPECT_NE(decodeError(huge), "");
  // low > high; negative npairs; unsorted lookupswitch.
  EXPECT_NE(decodeError({op::tableswitch, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0,
                         0, 0, 0})
                .find("low 1 > high 0"),
            std::string::npos);
  EXPECT_NE(decodeError({op::lookupswitch, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF,
                         0xFF, 0xFF})
                .find("negative npairs"),
            std::string::npos);
  std::vector<uint8_t> unsorted = {op::lookupswitch, 0, 0, 0, 0, 0, 0, 28,
                                   0, 0, 0, 2,        0, 0, 0, 5, 0, 0, 0, 28,
                                   0, 0, 0, 5,        0, 0, 0, 28, op::return_};
  EXPECT_NE(decodeError(unsorted).find("not sorted"), std::string::npos)
      << decodeError(unsorted);
  // The iterator stops after an error.
  std::vector<uint8_t> bad = {op::nop, 0xFE, op::return_};
  InstructionIterator it(bad);
  EXPECT_TRUE(bool(it.next()));
  auto e = it.next();
  EXPECT_FALSE(bool(e));
  llvm::consumeError(e.takeError());
  EXPECT_TRUE(it.atEnd());
  // Exception ranges that split an instruction.
  CodeAttribute code;
  code.code = {op::sipush, 0, 1, op::return_};
  code.exceptionTable.push_back({1, 3, 3, 0});
  auto r = decodeCode(code);
  EXPECT_FALSE(bool(r));
  llvm::consumeError(r.takeError());
  code.exceptionTable[0] = {0, 4, 3, 0};
  auto ok = decodeCode(code);
  EXPECT_TRUE(bool(ok));
  if (!ok)
    llvm::consumeError(ok.takeError());
}

TEST(BytecodeTest, OpcodeNames) {
  EXPECT_EQ(opcodeName(op::goto_), "goto");
  EXPECT_EQ(opcodeName(op::return_), "return");
  EXPECT_EQ(opcodeName(op::invokedynamic), "invokedynamic");
  EXPECT_EQ(opcodeName(op::jsr_w), "jsr_w");
  EXPECT_EQ(opcodeName(0xCA), "<invalid>");
  // Every assigned opcode decodes with enough operand bytes (zeros) or
  // fails with a message, never crashes.
  for (unsigned o = 0; o < 256; ++o) {
    std::vector<uint8_t> code(40, 0);
    code[0] = uint8_t(o);
    auto in = decodeInstruction(code, 0);
    if (!in)
      llvm::consumeError(in.takeError());
  }
}

} // namespace
