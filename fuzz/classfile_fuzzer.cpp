//===- classfile_fuzzer.cpp - libFuzzer entry point for the JVM reader ----===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Runs the JVM class-file reader on arbitrary bytes and, when they parse,
// everything the frontend does with a class afterwards: every accessor
// over every constant-pool entry and member, the descriptors, bytecode
// decoding and block leaders of every method, and the <clinit> constant
// evaluator. Malformed input must only ever give an llvm::Error: any crash,
// hang, leak or sanitizer report is a bug.
//
// Build and run: `fuzz/run-classfile-fuzzer.sh [runs]` (clang-22, libFuzzer,
// ASan + UBSan), seeded with class files javac compiles from the reader's
// test inputs and the hand-made malformed files.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/ClassFile.h"
#include "kgpu/Frontend/JVM/ClassFileBytecode.h"
#include "kgpu/Frontend/JVM/StaticInit.h"

#include <cstddef>
#include <cstdint>

using namespace kgpu::jvm;

template <typename T> static void drop(llvm::Expected<T> v) {
  if (!v)
    llvm::consumeError(v.takeError());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  auto cfOrErr = parseClassFile(llvm::ArrayRef<uint8_t>(data, size), "fuzz");
  if (!cfOrErr) {
    llvm::consumeError(cfOrErr.takeError());
    return 0;
  }
  ClassFile &cf = *cfOrErr;
  for (size_t i = 0; i < cf.constantPool.size() + 2; ++i) {
    auto idx = uint16_t(i);
    drop(cf.getEntry(idx));
    drop(cf.getUtf8(idx));
    drop(cf.getClassName(idx));
    drop(cf.getNameAndType(idx));
    drop(cf.resolveMemberRef(idx));
    drop(cf.resolveMethodHandle(idx));
    drop(cf.resolveDynamic(idx));
  }
  (void)cf.getLambdaImplementations();
  for (const FieldInfo &f : cf.fields) {
    drop(parseFieldDescriptor(f.descriptor));
    (void)f.findAnnotation(kReduceAnnotation);
  }
  for (const MethodInfo &m : cf.methods) {
    auto md = parseMethodDescriptor(m.descriptor);
    unsigned params = md ? unsigned(md->params.size()) : 0;
    if (!md)
      llvm::consumeError(md.takeError());
    for (unsigned p = 0; p <= params; ++p)
      (void)m.hasParameterAnnotation(p, kReduceAnnotation);
    (void)m.getLocalVariableAnnotations(kParallelAnnotation);
    (void)m.getLocalVariableAnnotations();
    (void)m.findLocalVariablesByName("i");
    (void)cf.findMethod(m.name, m.descriptor);
    if (!m.code)
      continue;
    const CodeAttribute &code = *m.code;
    for (uint32_t pc = 0; pc <= code.code.size(); pc += 7) {
      (void)m.getLine(pc);
      for (unsigned slot = 0; slot < 4; ++slot) {
        (void)m.findLocalVariable(slot, pc);
        (void)m.findLocalVariableType(slot, pc);
      }
    }
    auto insns = decodeCode(code);
    if (!insns) {
      llvm::consumeError(insns.takeError());
      // The single-instruction decoder at every offset.
      for (uint32_t pc = 0; pc < code.code.size(); ++pc)
        drop(decodeInstruction(code.code, pc));
      continue;
    }
    (void)computeBlockLeaders(*insns, code.exceptionTable);
    for (const Instruction &in : *insns) {
      (void)in.targets();
      (void)in.name();
      if (in.index)
        drop(cf.resolveMemberRef(in.index));
    }
  }
  (void)evaluateStaticConstants(cf);
  (void)cf.getBinaryName();
  return 0;
}
