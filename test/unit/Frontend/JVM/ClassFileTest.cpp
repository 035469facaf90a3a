//===- ClassFileTest.cpp - JVM class-file reader tests --------------------===//
//
// The reader over class files javac compiled at build time from
// Inputs/java (see CMakeLists.txt), and over malformed inputs derived from
// them or built byte by byte here.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/ClassFile.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace kgpu::jvm;

namespace {

std::string classPath(llvm::StringRef variant, llvm::StringRef name) {
  return (llvm::Twine(KGPU_JVM_CLASSES_DIR) + "/classes-" + variant + "/" +
          name + ".class")
      .str();
}

std::vector<uint8_t> readBytes(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  llvm::StringRef s = (*buf)->getBuffer();
  return std::vector<uint8_t>(s.begin(), s.end());
}

ClassFile load(llvm::StringRef variant, llvm::StringRef name) {
  std::vector<uint8_t> bytes = readBytes(classPath(variant, name));
  auto cf = parseClassFile(bytes, name);
  if (!cf) {
    ADD_FAILURE() << llvm::toString(cf.takeError());
    return ClassFile();
  }
  return std::move(*cf);
}

std::string errorOf(llvm::ArrayRef<uint8_t> bytes) {
  auto cf = parseClassFile(bytes, "bad.class");
  if (cf)
    return "";
  return llvm::toString(cf.takeError());
}

const char *kEverything = "kgpu/readertest/Everything";

TEST(ClassFileTest, HeaderAndNames) {
  ClassFile cf = load("javac17", kEverything);
  EXPECT_EQ(cf.majorVersion, 61);
  EXPECT_EQ(cf.minorVersion, 0);
  EXPECT_EQ(cf.thisClass, "kgpu/readertest/Everything");
  EXPECT_EQ(cf.getBinaryName(), "kgpu.readertest.Everything");
  EXPECT_EQ(cf.superClass, "java/lang/Object");
  EXPECT_TRUE(cf.accessFlags & AccPublic);
  ASSERT_TRUE(cf.sourceFile.has_value());
  EXPECT_EQ(*cf.sourceFile, "Everything.java");
  // Inner classes, nest members: kept raw.
  bool sawInnerClasses = false;
  for (const RawAttribute &a : cf.otherAttributes)
    sawInnerClasses |= a.name == "InnerClasses";
  EXPECT_TRUE(sawInnerClasses);
}

TEST(ClassFileTest, OtherVersions) {
  ClassFile j8 = load("javac17-release8", kEverything);
  EXPECT_EQ(j8.majorVersion, 52);
  EXPECT_NE(j8.findMethod("vectorAdd"), nullptr);
  ClassFile nodebug = load("javac17-nodebug", kEverything);
  EXPECT_FALSE(nodebug.sourceFile.has_value());
  const MethodInfo *m = nodebug.findMethod("vectorAdd");
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(m->code.has_value());
  EXPECT_TRUE(m->code->lineNumbers.empty());
  EXPECT_TRUE(m->code->localVariables.empty());
  // @Parallel survives without -g.
  EXPECT_EQ(m->getLocalVariableAnnotations(kParallelAnnotation).size(), 1u);
#if KGPU_JVM_HAVE_JAVAC25
  ClassFile j25 = load("javac25", kEverything);
  EXPECT_EQ(j25.majorVersion, 69);
  const MethodInfo *m25 = j25.findMethod("matmul");
  ASSERT_NE(m25, nullptr);
  EXPECT_EQ(m25->getLocalVariableAnnotations(kParallelAnnotation).size(), 2u);
#endif
}

TEST(ClassFileTest, ConstantPoolKinds) {
  ClassFile cf = load("javac17", kEverything);
  bool seen[21] = {};
  for (const CpEntry &e : cf.constantPool)
    seen[static_cast<unsigned>(e.tag)] = true;
  for (CpTag t : {CpTag::Utf8, CpTag::Integer, CpTag::Long, CpTag::Double,
                  CpTag::Class, CpTag::String, CpTag::Fieldref,
                  CpTag::Methodref, CpTag::InterfaceMethodref,
                  CpTag::NameAndType, CpTag::MethodHandle, CpTag::MethodType,
                  CpTag::InvokeDynamic})
    EXPECT_TRUE(seen[static_cast<unsigned>(t)]) << cpTagName(t).str();
  // Long and Double take two slots.
  for (size_t i = 1; i < cf.constantPool.size(); ++i)
    if (cf.constantPool[i].tag == CpTag::Long ||
        cf.constantPool[i].tag == CpTag::Double) {
      ASSERT_LT(i + 1, cf.constantPool.size());
      EXPECT_EQ(cf.constantPool[i + 1].tag, CpTag::Invalid);
    }
  // ConstantValue attributes.
  const FieldInfo *big = cf.findField("BIG");
  ASSERT_NE(big, nullptr);
  ASSERT_TRUE(big->constantValueIndex.has_value());
  auto bigValue = cf.getEntry(*big->constantValueIndex, CpTag::Long);
  ASSERT_TRUE(bool(bigValue));
  EXPECT_EQ(bigValue->getLong(), int64_t(1) << 40);
  const FieldInfo *pi2 = cf.findField("PI2", "D");
  ASSERT_NE(pi2, nullptr);
  auto piValue = cf.getEntry(*pi2->constantValueIndex, CpTag::Double);
  ASSERT_TRUE(bool(piValue));
  EXPECT_EQ(piValue->getDouble(), 6.283185307179586);
  const FieldInfo *inl = cf.findField("INLINED");
  ASSERT_NE(inl, nullptr);
  EXPECT_TRUE(inl->isStatic() && inl->isFinal());
  EXPECT_EQ(cf.getEntry(*inl->constantValueIndex, CpTag::Integer)->getInt(),
            42);
  // Not constant expressions: no ConstantValue.
  EXPECT_FALSE(cf.findField("COMPUTED")->constantValueIndex.has_value());
  EXPECT_FALSE(cf.findField("ALSO_COMPUTED")->constantValueIndex.has_value());
  // Modified UTF-8: U+00E9, a surrogate pair (U+1F600) and U+0000 (two
  // bytes C0 80 in the class file).
  const FieldInfo *text = cf.findField("TEXT");
  ASSERT_NE(text, nullptr);
  auto str = cf.getEntry(*text->constantValueIndex, CpTag::String);
  ASSERT_TRUE(bool(str));
  auto utf8 = cf.getUtf8(str->index1);
  ASSERT_TRUE(bool(utf8));
  EXPECT_EQ(*utf8, llvm::StringRef("caf\xC3\xA9 \xF0\x9F\x98\x80 \0 end", 16));
  // Wrong tag and bad index through the accessors: errors, no crash.
  auto wrong = cf.getEntry(*text->constantValueIndex, CpTag::Integer);
  EXPECT_FALSE(bool(wrong));
  llvm::consumeError(wrong.takeError());
  auto zero = cf.getEntry(0);
  EXPECT_FALSE(bool(zero));
  llvm::consumeError(zero.takeError());
  auto past = cf.getUtf8(uint16_t(cf.constantPool.size()));
  EXPECT_FALSE(bool(past));
  llvm::consumeError(past.takeError());
}

TEST(ClassFileTest, MembersAndDescriptors) {
  ClassFile cf = load("javac17", kEverything);
  const MethodInfo *m = cf.findMethod("matmul", "([F[F[FI)V");
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->isStatic());
  auto md = parseMethodDescriptor(m->descriptor);
  ASSERT_TRUE(bool(md));
  ASSERT_EQ(md->params.size(), 4u);
  EXPECT_EQ(md->params[0].kind, FieldType::Float);
  EXPECT_EQ(md->params[0].arrayDims, 1u);
  EXPECT_EQ(md->params[3].kind, FieldType::Int);
  EXPECT_EQ(md->returnType.kind, FieldType::Void);
  EXPECT_EQ(md->paramSlots(), 4u);
  EXPECT_EQ(cf.findMethod("matmul", "()V"), nullptr);
  EXPECT_EQ(cf.findMethods("switches").size(), 1u);
  const MethodInfo *sw = cf.findMethod("switches");
  auto swd = parseMethodDescriptor(sw->descriptor);
  ASSERT_TRUE(bool(swd));
  EXPECT_EQ(swd->paramSlots(), 3u); // int + long
  const FieldInfo *f = cf.findField("instanceField");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->isStatic());
  // Generic method: Signature attribute and LocalVariableTypeTable.
  const MethodInfo *g = cf.findMethod("generic");
  ASSERT_NE(g, nullptr);
  ASSERT_TRUE(g->signature.has_value());
  EXPECT_EQ(*g->signature,
            "<T::Ljava/lang/Comparable<TT;>;>(Ljava/util/List<TT;>;)TT;");
  ASSERT_TRUE(g->code.has_value());
  EXPECT_FALSE(g->code->localVariableTypes.empty());
  const LocalVariableEntry *xs = g->findLocalVariableType(0, 0);
  ASSERT_NE(xs, nullptr);
  EXPECT_EQ(xs->name, "xs");
  EXPECT_EQ(xs->descriptor, "Ljava/util/List<TT;>;");
  // Descriptors on their own.
  auto t = parseFieldDescriptor("[[Ljava/lang/String;");
  ASSERT_TRUE(bool(t));
  EXPECT_EQ(t->kind, FieldType::Object);
  EXPECT_EQ(t->arrayDims, 2u);
  EXPECT_EQ(t->className, "java/lang/String");
  EXPECT_EQ(t->str(), "[[Ljava/lang/String;");
  EXPECT_EQ(parseFieldDescriptor("J")->slots(), 2u);
  EXPECT_EQ(parseFieldDescriptor("[J")->slots(), 1u);
  for (const char *bad : {"", "Q", "Lfoo", "L;", "II", "V", "[V", "La.b;"}) {
    auto r = parseFieldDescriptor(bad);
    EXPECT_FALSE(bool(r)) << bad;
    llvm::consumeError(r.takeError());
  }
  for (const char *bad : {"", "()", "(V)V", "(I", "I)V", "()VV", "(I)[V"}) {
    auto r = parseMethodDescriptor(bad);
    EXPECT_FALSE(bool(r)) << bad;
    llvm::consumeError(r.takeError());
  }
  EXPECT_TRUE(bool(parseFieldDescriptor("V", /*allowVoid=*/true)));
}

TEST(ClassFileTest, MemberRefs) {
  ClassFile cf = load("javac17", kEverything);
  bool sawSqrt = false, sawCounter = false, sawCompareTo = false;
  for (size_t i = 1; i < cf.constantPool.size(); ++i) {
    CpTag t = cf.constantPool[i].tag;
    if (t != CpTag::Fieldref && t != CpTag::Methodref &&
        t != CpTag::InterfaceMethodref)
      continue;
    auto r = cf.resolveMemberRef(uint16_t(i));
    ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
    if (r->className == "java/lang/Math" && r->name == "sqrt") {
      EXPECT_EQ(r->descriptor, "(D)D");
      EXPECT_EQ(r->tag, CpTag::Methodref);
      sawSqrt = true;
    }
    if (r->className == kEverything && r->name == "counter") {
      EXPECT_EQ(r->descriptor, "I");
      EXPECT_EQ(r->tag, CpTag::Fieldref);
      sawCounter = true;
    }
    if (r->className == "java/lang/Comparable" && r->name == "compareTo") {
      EXPECT_EQ(r->tag, CpTag::InterfaceMethodref);
      sawCompareTo = true;
    }
  }
  EXPECT_TRUE(sawSqrt && sawCounter && sawCompareTo);
  // Something that is not a member reference.
  auto r = cf.resolveMemberRef(1);
  if (cf.constantPool[1].tag != CpTag::Methodref) {
    EXPECT_FALSE(bool(r));
    llvm::consumeError(r.takeError());
  } else {
    EXPECT_TRUE(bool(r));
  }
}

TEST(ClassFileTest, CodeLinesAndLocals) {
  ClassFile cf = load("javac17", kEverything);
  const MethodInfo *m = cf.findMethod("vectorAdd");
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(m->code.has_value());
  const CodeAttribute &code = *m->code;
  EXPECT_EQ(code.maxLocals, 4);
  EXPECT_GT(code.maxStack, 0);
  EXPECT_FALSE(code.code.empty());
  // The loop body "c[i] = a[i] + b[i];" is on line 51 of Everything.java,
  // the for statement on line 50.
  ASSERT_FALSE(code.lineNumbers.empty());
  EXPECT_EQ(m->getLine(0), 50u);
  bool sawBody = false;
  for (const LineNumberEntry &e : code.lineNumbers)
    sawBody |= e.line == 51;
  EXPECT_TRUE(sawBody);
  EXPECT_EQ(m->getLine(uint32_t(code.code.size() - 1)), 53u);
  // Parameters are live from pc 0; i from after its store.
  const LocalVariableEntry *a = m->findLocalVariable(0, 0);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->name, "a");
  EXPECT_EQ(a->descriptor, "[F");
  EXPECT_EQ(m->findLocalVariable(3, 0), nullptr);
  const LocalVariableEntry *i = m->findLocalVariable(3, 2);
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->name, "i");
  EXPECT_EQ(i->descriptor, "I");
  // A method without a Code attribute (the annotation interface's
  // methods are abstract).
  ClassFile info = load("javac17", "kgpu/readertest/Everything$Info");
  EXPECT_TRUE(info.accessFlags & AccAnnotation);
  const MethodInfo *im = info.findMethod("i");
  ASSERT_NE(im, nullptr);
  EXPECT_FALSE(im->code.has_value());
  EXPECT_FALSE(im->getLine(0).has_value());
  EXPECT_TRUE(im->annotationDefault.has_value());
}

TEST(ClassFileTest, ExceptionTableAndStackMap) {
  ClassFile cf = load("javac17", kEverything);
  const MethodInfo *m = cf.findMethod("caught");
  ASSERT_NE(m, nullptr);
  const CodeAttribute &code = *m->code;
  ASSERT_GE(code.exceptionTable.size(), 2u);
  bool sawTyped = false, sawFinally = false;
  for (const ExceptionTableEntry &e : code.exceptionTable) {
    EXPECT_LT(e.startPc, e.endPc);
    EXPECT_LT(e.handlerPc, code.code.size());
    if (e.catchType == 0) {
      sawFinally = true;
    } else {
      auto n = cf.getClassName(e.catchType);
      ASSERT_TRUE(bool(n));
      EXPECT_EQ(*n, "java/lang/ArrayIndexOutOfBoundsException");
      sawTyped = true;
    }
  }
  EXPECT_TRUE(sawTyped && sawFinally);
  // Handlers start frames with one stack item (the exception).
  ASSERT_FALSE(code.stackMap.empty());
  bool sawHandlerFrame = false;
  for (const StackMapFrame &f : code.stackMap) {
    EXPECT_LT(f.pc, code.code.size());
    for (const ExceptionTableEntry &e : code.exceptionTable)
      if (f.pc == e.handlerPc) {
        ASSERT_EQ(f.stack.size(), 1u);
        EXPECT_EQ(f.stack[0].tag, VerificationType::Object);
        sawHandlerFrame = true;
      }
  }
  EXPECT_TRUE(sawHandlerFrame);
  // Frame pcs strictly increase.
  const MethodInfo *sw = cf.findMethod("switches");
  ASSERT_NE(sw, nullptr);
  const auto &frames = sw->code->stackMap;
  ASSERT_GT(frames.size(), 3u);
  bool sawAppend = false, sawFullOrChop = false;
  for (size_t k = 1; k < frames.size(); ++k) {
    EXPECT_LT(frames[k - 1].pc, frames[k].pc);
    sawAppend |= frames[k].kind == StackMapFrame::Append;
    sawFullOrChop |= frames[k].kind == StackMapFrame::Full ||
                     frames[k].kind == StackMapFrame::Chop;
  }
  EXPECT_TRUE(sawAppend);
  EXPECT_TRUE(sawFullOrChop);
}

TEST(ClassFileTest, ParallelTypeAnnotations) {
  ClassFile cf = load("javac17", kEverything);
  const MethodInfo *v = cf.findMethod("vectorAdd");
  auto anns = v->getLocalVariableAnnotations(kParallelAnnotation);
  ASSERT_EQ(anns.size(), 1u);
  EXPECT_EQ(anns[0].index, 3);
  EXPECT_TRUE(anns[0].visible);
  EXPECT_EQ(anns[0].type, kParallelAnnotation.str());
  // The range is i's live range: the LocalVariableTable agrees.
  const LocalVariableEntry *i = v->findLocalVariable(3, anns[0].startPc);
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->name, "i");
  EXPECT_EQ(i->startPc, anns[0].startPc);
  EXPECT_EQ(i->length, anns[0].length);
  // Two nested loops: nested ranges, slots 4 (i) and 5 (j).
  const MethodInfo *mm = cf.findMethod("matmul");
  auto nested = mm->getLocalVariableAnnotations(kParallelAnnotation);
  ASSERT_EQ(nested.size(), 2u);
  EXPECT_EQ(nested[0].index, 4);
  EXPECT_EQ(nested[1].index, 5);
  EXPECT_LT(nested[0].startPc, nested[1].startPc);
  EXPECT_LE(nested[1].startPc + nested[1].length,
            nested[0].startPc + nested[0].length);
  // The raw type annotation.
  ASSERT_EQ(mm->code->visibleTypeAnnotations.size(), 2u);
  const TypeAnnotation &t = mm->code->visibleTypeAnnotations[0];
  EXPECT_EQ(t.targetType, TargetType::LocalVariable);
  EXPECT_EQ(t.localVars.size(), 1u);
  EXPECT_TRUE(t.typePath.empty());
  // Nothing else is @Parallel.
  EXPECT_TRUE(cf.findMethod("switches")->getLocalVariableAnnotations().empty());
  // Invisible type annotations (CLASS retention, TYPE_USE) on a cast, a
  // parameter and a return type.
  const MethodInfo *tu = cf.findMethod("typeUse");
  ASSERT_NE(tu, nullptr);
  bool sawReturn = false, sawParam = false;
  for (const TypeAnnotation &x : tu->invisibleTypeAnnotations) {
    sawReturn |= x.targetType == TargetType::MethodReturn;
    sawParam |= x.targetType == TargetType::MethodFormalParameter &&
                x.typeParameterIndex == 0;
  }
  EXPECT_TRUE(sawReturn && sawParam);
  ASSERT_EQ(tu->code->invisibleTypeAnnotations.size(), 1u);
  EXPECT_EQ(tu->code->invisibleTypeAnnotations[0].targetType, TargetType::Cast);
  EXPECT_EQ(tu->code->invisibleTypeAnnotations[0].annotation.type,
            "Lkgpu/readertest/Everything$HiddenUse;");
}

TEST(ClassFileTest, DeclarationAndParameterAnnotations) {
  ClassFile cf = load("javac17", kEverything);
  const MethodInfo *r = cf.findMethod("reduce");
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(r->hasParameterAnnotation(0, kReduceAnnotation));
  EXPECT_TRUE(r->hasParameterAnnotation(1, kReduceAnnotation));
  EXPECT_FALSE(r->hasParameterAnnotation(2, kReduceAnnotation));
  EXPECT_FALSE(r->hasParameterAnnotation(7, kReduceAnnotation));
  EXPECT_EQ(r->visibleParameterAnnotations.size(), 3u);
  EXPECT_EQ(r->invisibleParameterAnnotations.size(), 3u);
  auto p2 = r->getParameterAnnotations(2);
  ASSERT_EQ(p2.size(), 1u);
  EXPECT_EQ(p2[0]->type, "Lkgpu/readertest/Everything$Hidden;");

  const MethodInfo *v = cf.findMethod("vectorAdd");
  EXPECT_NE(v->findAnnotation("Lkgpu/readertest/Everything$Hidden;"), nullptr);
  EXPECT_EQ(v->invisibleAnnotations.size(), 1u);
  const Annotation *info = v->findAnnotation("Lkgpu/readertest/Everything$Info;");
  ASSERT_NE(info, nullptr);
  const ElementValue *i = info->find("i");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->tag, 'I');
  EXPECT_EQ(cf.getEntry(i->index, CpTag::Integer)->getInt(), 1);
  const ElementValue *s = info->find("s");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->tag, 's');
  EXPECT_EQ(*cf.getUtf8(s->index), "x");
  const ElementValue *c = info->find("c");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->tag, 'e');
  EXPECT_EQ(*cf.getUtf8(c->index), "Lkgpu/readertest/Everything$Color;");
  EXPECT_EQ(*cf.getUtf8(c->enumConstIndex), "GREEN");
  const ElementValue *k = info->find("k");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->tag, 'c');
  EXPECT_EQ(*cf.getUtf8(k->index), "Ljava/lang/String;");
  const ElementValue *arr = info->find("arr");
  ASSERT_NE(arr, nullptr);
  EXPECT_EQ(arr->tag, '[');
  ASSERT_EQ(arr->elements.size(), 2u);
  EXPECT_EQ(cf.getEntry(arr->elements[1].index, CpTag::Integer)->getInt(), 2);
  const ElementValue *nested = info->find("nested");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(nested->tag, '@');
  ASSERT_EQ(nested->nested.size(), 1u);
  EXPECT_EQ(nested->nested[0].type, "Ljava/lang/annotation/Retention;");
  EXPECT_EQ(info->find("missing"), nullptr);
}

TEST(ClassFileTest, BootstrapMethods) {
  ClassFile cf = load("javac17", kEverything);
  ASSERT_FALSE(cf.bootstrapMethods.empty());
  bool sawLambda = false;
  for (const BootstrapMethod &b : cf.bootstrapMethods) {
    auto mh = cf.getEntry(b.methodRef, CpTag::MethodHandle);
    ASSERT_TRUE(bool(mh));
    auto target = cf.resolveMemberRef(mh->index1);
    ASSERT_TRUE(bool(target));
    if (target->className == "java/lang/invoke/LambdaMetafactory") {
      EXPECT_EQ(target->name, "metafactory");
      EXPECT_EQ(mh->refKind, static_cast<uint8_t>(RefKind::InvokeStatic));
      ASSERT_EQ(b.arguments.size(), 3u);
      // The implementation method handle: REF_invokeStatic lambda$...
      auto impl = cf.getEntry(b.arguments[1], CpTag::MethodHandle);
      ASSERT_TRUE(bool(impl));
      auto implRef = cf.resolveMemberRef(impl->index1);
      ASSERT_TRUE(bool(implRef));
      EXPECT_EQ(implRef->className, kEverything);
      EXPECT_TRUE(llvm::StringRef(implRef->name).starts_with("lambda$") ||
                  implRef->name == "add2");
      sawLambda = true;
    }
  }
  EXPECT_TRUE(sawLambda);
}

TEST(ClassFileTest, LambdasAndDynamicCallSites) {
  ClassFile cf = load("javac17", kEverything);
  std::vector<MethodHandleRef> impls = cf.getLambdaImplementations();
  bool sawLambda = false, sawAdd2 = false;
  for (const MethodHandleRef &h : impls) {
    EXPECT_EQ(h.member.className, kEverything);
    sawLambda |= llvm::StringRef(h.member.name).starts_with("lambda$");
    if (h.member.name == "add2") {
      EXPECT_EQ(h.kind, RefKind::InvokeStatic);
      EXPECT_EQ(h.member.descriptor, "(II)I");
      sawAdd2 = true;
    }
  }
  EXPECT_TRUE(sawLambda && sawAdd2);
  EXPECT_EQ(impls.size(), 2u); // not the string concatenation
  bool sawConcat = false;
  for (size_t i = 1; i < cf.constantPool.size(); ++i) {
    if (cf.constantPool[i].tag != CpTag::InvokeDynamic)
      continue;
    auto d = cf.resolveDynamic(uint16_t(i));
    ASSERT_TRUE(bool(d)) << llvm::toString(d.takeError());
    ASSERT_NE(d->bootstrap, nullptr);
    auto bsm = cf.resolveMethodHandle(d->bootstrap->methodRef);
    ASSERT_TRUE(bool(bsm));
    if (d->name == "makeConcatWithConstants") {
      EXPECT_EQ(bsm->member.className, "java/lang/invoke/StringConcatFactory");
      EXPECT_EQ(d->descriptor, "(I)Ljava/lang/String;");
      sawConcat = true;
    }
  }
  EXPECT_TRUE(sawConcat);
  auto notDyn = cf.resolveDynamic(1);
  if (cf.constantPool[1].tag != CpTag::InvokeDynamic) {
    EXPECT_FALSE(bool(notDyn));
    llvm::consumeError(notDyn.takeError());
  } else {
    EXPECT_TRUE(bool(notDyn));
  }
  // Local variables by name (the Groovy parallel-loop marker names them).
  const MethodInfo *mm = cf.findMethod("matmul");
  auto js = mm->findLocalVariablesByName("j");
  ASSERT_EQ(js.size(), 1u);
  EXPECT_EQ(js[0]->index, 5);
  EXPECT_TRUE(mm->findLocalVariablesByName("nope").empty());
}

//===----------------------------------------------------------------------===//
// Malformed input
//===----------------------------------------------------------------------===//

TEST(ClassFileMalformedTest, EveryTruncationIsAnError) {
  std::vector<uint8_t> good = readBytes(classPath("javac17", kEverything));
  ASSERT_GT(good.size(), 100u);
  for (size_t n = 0; n < good.size(); ++n) {
    std::string e =
        errorOf(llvm::ArrayRef<uint8_t>(good.data(), n));
    ASSERT_FALSE(e.empty()) << "truncated to " << n << " bytes parsed";
    ASSERT_NE(e.find("offset"), std::string::npos) << e;
  }
  EXPECT_EQ(errorOf(good), "");
  // Extra bytes at the end.
  good.push_back(0);
  EXPECT_NE(errorOf(good).find("extra byte"), std::string::npos);
}

TEST(ClassFileMalformedTest, EverySingleByteFlipIsHandled) {
  // No crash and no sanitizer report for any one-byte corruption (an error
  // or, where the byte does not matter, a parse).
  std::vector<uint8_t> good =
      readBytes(classPath("javac17", "kgpu/readertest/Everything$Inner"));
  for (size_t i = 0; i < good.size(); ++i)
    for (uint8_t x : {uint8_t(0x00), uint8_t(0xFF), uint8_t(0x80)}) {
      std::vector<uint8_t> bad = good;
      bad[i] ^= x ? x : bad[i];
      (void)errorOf(bad);
    }
}

/// A minimal class file builder: header, constant pool, and the rest given
/// as raw bytes.
struct Builder {
  std::vector<uint8_t> b;
  void u1(unsigned v) { b.push_back(uint8_t(v)); }
  void u2(unsigned v) {
    u1(v >> 8);
    u1(v);
  }
  void u4(uint32_t v) {
    u2(v >> 16);
    u2(v & 0xFFFF);
  }
  void utf8(llvm::StringRef s) {
    u1(1);
    u2(s.size());
    for (char c : s)
      u1(uint8_t(c));
  }
  /// magic, version 61, and a pool #1 Utf8 "A", #2 Class #1, #3 Utf8 "Code"
  /// with `extra` more entries counted by the caller.
  void header(unsigned extraEntries = 0) {
    u4(0xCAFEBABE);
    u2(0);
    u2(61);
    u2(4 + extraEntries);
    utf8("A");
    u1(7);
    u2(1);
    utf8("Code");
  }
  /// access, this=#2, super=0, no interfaces/fields/methods/attributes.
  void emptyBody() {
    u2(0x21);
    u2(2);
    u2(0);
    u2(0);
    u2(0);
    u2(0);
    u2(0);
  }
};

TEST(ClassFileMalformedTest, MinimalClassParses) {
  Builder b;
  b.header();
  b.emptyBody();
  auto cf = parseClassFile(b.b);
  ASSERT_TRUE(bool(cf)) << llvm::toString(cf.takeError());
  EXPECT_EQ(cf->thisClass, "A");
  EXPECT_TRUE(cf->superClass.empty());
}

TEST(ClassFileMalformedTest, HandBuiltDynamicModulePackage) {
  // The tags javac does not write for these inputs: Dynamic (a constant
  // made by a bootstrap method), Module and Package (module-info).
  Builder b;
  b.header(13);
  b.utf8("m");                // #4
  b.u1(19);                   // #5 Module #4
  b.u2(4);
  b.u1(20);                   // #6 Package #4
  b.u2(4);
  b.utf8("x");                // #7
  b.utf8("I");                // #8
  b.u1(12);                   // #9 NameAndType x:I
  b.u2(7);
  b.u2(8);
  b.u1(17);                   // #10 Dynamic bsm 0, #9
  b.u2(0);
  b.u2(9);
  b.utf8("BootstrapMethods"); // #11
  b.utf8("bsm");              // #12
  b.utf8("()I");              // #13
  b.u1(12);                   // #14 NameAndType bsm:()I
  b.u2(12);
  b.u2(13);
  b.u1(10);                   // #15 Methodref A.bsm
  b.u2(2);
  b.u2(14);
  b.u1(15);                   // #16 MethodHandle invokestatic #15
  b.u1(6);
  b.u2(15);
  b.u2(0x21);
  b.u2(2);
  b.u2(0);
  b.u2(0);
  b.u2(0);
  b.u2(0);
  b.u2(1); // one class attribute
  b.u2(11);
  b.u4(2 + 2 + 2 + 2);
  b.u2(1);  // one bootstrap method
  b.u2(16); // MethodHandle
  b.u2(1);  // one argument
  b.u2(10); // the Dynamic constant itself (a loadable constant)
  auto cf = parseClassFile(b.b);
  ASSERT_TRUE(bool(cf)) << llvm::toString(cf.takeError());
  EXPECT_EQ(cf->constantPool[5].tag, CpTag::Module);
  EXPECT_EQ(cf->constantPool[6].tag, CpTag::Package);
  auto d = cf->resolveDynamic(10);
  ASSERT_TRUE(bool(d)) << llvm::toString(d.takeError());
  EXPECT_EQ(d->tag, CpTag::Dynamic);
  EXPECT_EQ(d->name, "x");
  EXPECT_EQ(d->descriptor, "I");
  auto h = cf->resolveMethodHandle(16);
  ASSERT_TRUE(bool(h));
  EXPECT_EQ(h->kind, RefKind::InvokeStatic);
  EXPECT_EQ(h->member.name, "bsm");
  EXPECT_TRUE(cf->getLambdaImplementations().empty());
  // The Dynamic entry naming bootstrap method 1 of 1: an error.
  std::vector<uint8_t> bad = b.b;
  size_t dyn = 0;
  for (size_t i = 0; i + 4 < bad.size(); ++i)
    if (bad[i] == 17 && bad[i + 1] == 0 && bad[i + 2] == 0 && bad[i + 3] == 0 &&
        bad[i + 4] == 9) {
      dyn = i;
      break;
    }
  ASSERT_NE(dyn, 0u);
  bad[dyn + 2] = 1;
  EXPECT_NE(errorOf(bad).find("refers to bootstrap method 1, but the class "
                              "has 1"),
            std::string::npos)
      << errorOf(bad);
}

TEST(ClassFileMalformedTest, BadMagicAndVersion) {
  Builder b;
  b.header();
  b.emptyBody();
  std::vector<uint8_t> bad = b.b;
  bad[0] = 0xCB;
  EXPECT_NE(errorOf(bad).find("magic"), std::string::npos);
  bad = b.b;
  bad[7] = 70; // major 70
  EXPECT_NE(errorOf(bad).find("unsupported class-file version 70"),
            std::string::npos);
  bad[7] = 44;
  EXPECT_NE(errorOf(bad).find("unsupported"), std::string::npos);
  for (unsigned v = 45; v <= 69; ++v) {
    bad[7] = uint8_t(v);
    EXPECT_EQ(errorOf(bad), "") << v;
  }
}

TEST(ClassFileMalformedTest, BadConstantPool) {
  {
    // this_class points at a Utf8.
    Builder b;
    b.header();
    b.u2(0x21);
    b.u2(1);
    b.u2(0);
    b.u2(0);
    b.u2(0);
    b.u2(0);
    b.u2(0);
    EXPECT_NE(errorOf(b.b).find("this_class: constant 1 is Utf8, expected Class"),
              std::string::npos)
        << errorOf(b.b);
  }
  {
    // A Class entry whose name index is past the pool.
    Builder b;
    b.header(1);
    b.u1(7);
    b.u2(99);
    b.emptyBody();
    std::string e = errorOf(b.b);
    EXPECT_NE(e.find("invalid constant-pool index 99"), std::string::npos) << e;
    EXPECT_NE(e.find("bad.class: offset 24"), std::string::npos) << e;
  }
  {
    // Unknown tag.
    Builder b;
    b.header(1);
    b.u1(2);
    b.emptyBody();
    EXPECT_NE(errorOf(b.b).find("unknown constant-pool tag 2"),
              std::string::npos);
  }
  {
    // A Long as the last entry.
    Builder b;
    b.header(1);
    b.u1(5);
    b.u4(0);
    b.u4(1);
    b.emptyBody();
    EXPECT_NE(errorOf(b.b).find("two slots"), std::string::npos);
  }
  {
    // Referring to the unusable slot after a Long.
    Builder b;
    b.header(3);
    b.u1(5);
    b.u4(0);
    b.u4(1);
    b.u1(8); // String -> #5, the slot after the Long at #4
    b.u2(5);
    b.emptyBody();
    EXPECT_NE(errorOf(b.b).find("invalid constant-pool index 5"),
              std::string::npos)
        << errorOf(b.b);
  }
  {
    // Bad method-handle kind.
    Builder b;
    b.header(1);
    b.u1(15);
    b.u1(10);
    b.u2(2);
    b.emptyBody();
    EXPECT_NE(errorOf(b.b).find("reference kind 10"), std::string::npos);
  }
  {
    // Invalid modified UTF-8: a raw zero byte, a 4-byte sequence.
    for (uint8_t c : {uint8_t(0x00), uint8_t(0xF0)}) {
      Builder b;
      b.header(1);
      b.u1(1);
      b.u2(1);
      b.u1(c);
      b.emptyBody();
      EXPECT_NE(errorOf(b.b).find("modified UTF-8"), std::string::npos);
    }
  }
  {
    // A huge constant_pool_count with nothing behind it.
    Builder b;
    b.u4(0xCAFEBABE);
    b.u2(0);
    b.u2(61);
    b.u2(0xFFFF);
    EXPECT_NE(errorOf(b.b).find("the constant pool"), std::string::npos)
        << errorOf(b.b);
  }
}

TEST(ClassFileMalformedTest, BadCounts) {
  // Huge counts with little data: errors, without allocating for them.
  for (int which = 0; which < 4; ++which) {
    Builder b;
    b.header();
    b.u2(0x21);
    b.u2(2);
    b.u2(0);
    b.u2(which == 0 ? 0xFFFF : 0); // interfaces
    if (which >= 1)
      b.u2(which == 1 ? 0xFFFF : 0); // fields
    if (which >= 2)
      b.u2(which == 2 ? 0xFFFF : 0); // methods
    if (which >= 3)
      b.u2(0xFFFF); // attributes
    std::string e = errorOf(b.b);
    EXPECT_NE(e.find("expected"), std::string::npos) << which << ": " << e;
  }
}

/// A class with one static method "m" ()V whose Code attribute is `code`
/// (attribute info, after the header) declared with `declaredLength`.
std::vector<uint8_t> classWithCode(const std::vector<uint8_t> &info,
                                   uint32_t declaredLength) {
  Builder b;
  b.header(2);
  b.utf8("m");   // #4
  b.utf8("()V"); // #5
  b.u2(0x21);
  b.u2(2);
  b.u2(0);
  b.u2(0);
  b.u2(0);
  b.u2(1);    // methods_count
  b.u2(0x09); // public static
  b.u2(4);
  b.u2(5);
  b.u2(1);
  b.u2(3); // "Code"
  b.u4(declaredLength);
  b.b.insert(b.b.end(), info.begin(), info.end());
  b.u2(0); // class attributes
  return b.b;
}

std::vector<uint8_t> returnCode(uint16_t excEntries = 0) {
  Builder c;
  c.u2(0);  // max_stack
  c.u2(0);  // max_locals
  c.u4(1);  // code_length
  c.u1(0xB1); // return
  c.u2(excEntries);
  return c.b;
}

TEST(ClassFileMalformedTest, BadAttributeLengths) {
  std::vector<uint8_t> info = returnCode();
  info.push_back(0);
  info.push_back(0); // attributes_count
  ASSERT_EQ(errorOf(classWithCode(info, info.size())), "");
  // Longer than the file.
  EXPECT_NE(errorOf(classWithCode(info, 1000)).find("exceeds"),
            std::string::npos);
  // Shorter than its contents.
  std::string e = errorOf(classWithCode(info, info.size() - 2));
  EXPECT_NE(e.find("before the end of the attribute"), std::string::npos) << e;
  // Longer than its contents (then the next attribute is misread, or the
  // Code attribute has unread bytes).
  std::vector<uint8_t> padded = info;
  padded.push_back(0);
  padded.push_back(0);
  e = errorOf(classWithCode(padded, padded.size()));
  EXPECT_NE(e.find("unread byte"), std::string::npos) << e;
  // code_length 0.
  std::vector<uint8_t> zero = info;
  zero[4] = zero[5] = zero[6] = zero[7] = 0;
  e = errorOf(classWithCode(zero, zero.size()));
  EXPECT_NE(e.find("code_length 0"), std::string::npos) << e;
  // An exception table entry outside the code.
  Builder x;
  x.b = returnCode(1);
  x.u2(0);
  x.u2(5);
  x.u2(0);
  x.u2(0);
  x.u2(0); // attributes_count
  e = errorOf(classWithCode(x.b, x.b.size()));
  EXPECT_NE(e.find("exception table entry 0"), std::string::npos) << e;
}

TEST(ClassFileMalformedTest, DeepAnnotationNesting) {
  // RuntimeVisibleAnnotations on the class: an annotation whose element is
  // an array of arrays ... 100000 deep. Must be an error, not a stack
  // overflow.
  Builder b;
  b.header(3);
  b.utf8("RuntimeVisibleAnnotations"); // #4
  b.utf8("LX;");                       // #5
  b.utf8("v");                         // #6
  b.u2(0x21);
  b.u2(2);
  b.u2(0);
  b.u2(0);
  b.u2(0);
  b.u2(0);
  b.u2(1);
  b.u2(4);
  Builder info;
  info.u2(1);
  info.u2(5);
  info.u2(1);
  info.u2(6);
  for (int i = 0; i < 100000; ++i) {
    info.u1('[');
    info.u2(1);
  }
  info.u1('I');
  info.u2(1);
  b.u4(info.b.size());
  b.b.insert(b.b.end(), info.b.begin(), info.b.end());
  std::string e = errorOf(b.b);
  EXPECT_NE(e.find("nested deeper"), std::string::npos) << e;
}

TEST(ClassFileMalformedTest, CheckedInInputs) {
  // Hand-made malformed files under Inputs/malformed: each must give an
  // error, none a crash.
  std::error_code ec;
  unsigned n = 0;
  for (llvm::StringRef f : {"truncated-cp.class", "bad-cp-index.class",
                            "bad-attribute-length.class",
                            "huge-counts.class"}) {
    std::string path =
        (llvm::Twine(KGPU_JVM_INPUTS_DIR) + "/malformed/" + f).str();
    std::vector<uint8_t> bytes = readBytes(path);
    ASSERT_FALSE(bytes.empty()) << path;
    std::string e = errorOf(bytes);
    EXPECT_FALSE(e.empty()) << f.str();
    ++n;
  }
  EXPECT_EQ(n, 4u);
}

} // namespace
