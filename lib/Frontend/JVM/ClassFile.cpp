//===- ClassFile.cpp - JVM class-file reader ------------------------------===//
//
// A bounds-checked recursive-descent reader of the class-file format (JVMS
// chapter 4). Every read goes through Reader, which checks the remaining
// length first and reports the byte offset and what it expected.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/ClassFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>

using namespace kgpu::jvm;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace {

/// Annotations nest (an element value can be an annotation or an array);
/// bound the depth so that a malicious file cannot exhaust the stack.
constexpr unsigned kMaxAnnotationDepth = 64;

Error makeError(StringRef bufferName, uint64_t offset, const llvm::Twine &msg) {
  std::string prefix =
      bufferName.empty() ? std::string() : (bufferName + ": ").str();
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 prefix + "offset " + llvm::Twine(offset) +
                                     ": " + msg);
}

/// A cursor over a byte range [begin, end) of the whole file; offsets in
/// messages are file offsets.
class Reader {
public:
  Reader(llvm::ArrayRef<uint8_t> data, StringRef name, uint32_t begin,
         uint32_t end)
      : data(data), name(name), pos(begin), end(end) {}

  uint32_t offset() const { return pos; }
  uint32_t remaining() const { return end - pos; }
  bool atEnd() const { return pos == end; }

  Error error(const llvm::Twine &msg) const { return error(pos, msg); }
  Error error(uint32_t at, const llvm::Twine &msg) const {
    return makeError(name, at, msg);
  }

  Error need(uint32_t n, StringRef what) const {
    if (remaining() < n)
      return error(
          llvm::formatv("expected {0} ({1} byte{2}), found {3} "
                        "byte{4} before the end of {5}",
                        what, n, n == 1 ? "" : "s", remaining(),
                        remaining() == 1 ? "" : "s",
                        end == data.size() ? "the file" : "the attribute")
              .str());
    return Error::success();
  }

  Expected<uint8_t> u1(StringRef what) {
    if (Error e = need(1, what))
      return std::move(e);
    return data[pos++];
  }
  Expected<uint16_t> u2(StringRef what) {
    if (Error e = need(2, what))
      return std::move(e);
    uint16_t v = (uint16_t(data[pos]) << 8) | data[pos + 1];
    pos += 2;
    return v;
  }
  Expected<uint32_t> u4(StringRef what) {
    if (Error e = need(4, what))
      return std::move(e);
    uint32_t v = (uint32_t(data[pos]) << 24) | (uint32_t(data[pos + 1]) << 16) |
                 (uint32_t(data[pos + 2]) << 8) | data[pos + 3];
    pos += 4;
    return v;
  }
  Expected<llvm::ArrayRef<uint8_t>> bytes(uint32_t n, StringRef what) {
    if (Error e = need(n, what))
      return std::move(e);
    llvm::ArrayRef<uint8_t> r = data.slice(pos, n);
    pos += n;
    return r;
  }
  /// A sub-reader over the next `n` bytes (an attribute's info).
  Expected<Reader> sub(uint32_t n, StringRef what) {
    if (Error e = need(n, what))
      return std::move(e);
    Reader r(data, name, pos, pos + n);
    pos += n;
    return r;
  }

private:
  llvm::ArrayRef<uint8_t> data;
  StringRef name;
  uint32_t pos;
  uint32_t end;
};

#define KGPU_TRY(var, expr)                                                    \
  auto var##OrErr = (expr);                                                    \
  if (!var##OrErr)                                                             \
    return var##OrErr.takeError();                                             \
  auto var = std::move(*var##OrErr)

class Parser {
public:
  Parser(llvm::ArrayRef<uint8_t> data, StringRef name)
      : data(data), name(name) {}

  Expected<ClassFile> parse();

private:
  Error parseConstantPool(Reader &r);
  Error checkConstantPool();
  Expected<StringRef> utf8At(Reader &r, uint32_t at, uint16_t index,
                             StringRef what);
  Expected<StringRef> classAt(uint32_t at, uint16_t index, StringRef what);
  Error checkIndex(uint32_t at, uint16_t index, StringRef what,
                   std::initializer_list<CpTag> tags, bool allowZero = false);

  Error parseMember(Reader &r, MemberInfo &m, bool isMethod);
  Error parseMemberAttribute(Reader &a, StringRef attrName, MemberInfo &m,
                             bool isMethod, bool &handled);
  Error parseCode(Reader &a, CodeAttribute &code);
  Error parseStackMap(Reader &a, CodeAttribute &code);
  Expected<VerificationType> parseVerificationType(Reader &a,
                                                   uint32_t codeLength);
  Error parseAnnotations(Reader &a, std::vector<Annotation> &out);
  Error parseParameterAnnotations(Reader &a,
                                  std::vector<std::vector<Annotation>> &out);
  Error parseAnnotation(Reader &a, Annotation &out, unsigned depth);
  Error parseElementValue(Reader &a, ElementValue &out, unsigned depth);
  Error parseTypeAnnotations(Reader &a, std::vector<TypeAnnotation> &out,
                             const CodeAttribute *code);
  Error parseLocalVariables(Reader &a, std::vector<LocalVariableEntry> &out,
                            uint32_t codeLength, bool typeTable);
  Error parseClassAttribute(Reader &a, StringRef attrName, bool &handled);
  /// Reads attribute_name_index and attribute_length; returns the name and
  /// a reader over the info.
  Expected<std::pair<StringRef, Reader>> attributeHeader(Reader &r);
  Error expectEnd(const Reader &a, StringRef attrName) {
    if (!a.atEnd())
      return a.error(llvm::formatv("{0} attribute has {1} unread byte(s) "
                                   "before its stated end",
                                   attrName, a.remaining())
                         .str());
    return Error::success();
  }

  llvm::ArrayRef<uint8_t> data;
  StringRef name;
  ClassFile cf;
};

Expected<ClassFile> Parser::parse() {
  if (data.size() > UINT32_MAX)
    return makeError(name, 0, "class file larger than 4 GiB");
  Reader r(data, name, 0, static_cast<uint32_t>(data.size()));
  KGPU_TRY(magic, r.u4("the magic number 0xCAFEBABE"));
  if (magic != 0xCAFEBABE)
    return r.error(0, llvm::formatv("expected the magic number 0xCAFEBABE, "
                                    "found {0:x8}",
                                    magic)
                          .str());
  KGPU_TRY(minor, r.u2("minor_version"));
  KGPU_TRY(major, r.u2("major_version"));
  cf.minorVersion = minor;
  cf.majorVersion = major;
  if (major < kMinMajorVersion || major > kMaxMajorVersion)
    return r.error(6, llvm::formatv("unsupported class-file version {0}.{1} "
                                    "(supported: {2} to {3}, Java 1.0 to 25)",
                                    major, minor, kMinMajorVersion,
                                    kMaxMajorVersion)
                          .str());
  if (Error e = parseConstantPool(r))
    return std::move(e);
  if (Error e = checkConstantPool())
    return std::move(e);

  KGPU_TRY(access, r.u2("access_flags"));
  cf.accessFlags = access;
  uint32_t at = r.offset();
  KGPU_TRY(thisIdx, r.u2("this_class"));
  KGPU_TRY(thisName, classAt(at, thisIdx, "this_class"));
  cf.thisClass = thisName.str();
  at = r.offset();
  KGPU_TRY(superIdx, r.u2("super_class"));
  if (superIdx != 0) {
    KGPU_TRY(superName, classAt(at, superIdx, "super_class"));
    cf.superClass = superName.str();
  }
  KGPU_TRY(ifaceCount, r.u2("interfaces_count"));
  if (Error e = r.need(2u * ifaceCount, "the interfaces table"))
    return std::move(e);
  for (unsigned i = 0; i < ifaceCount; ++i) {
    at = r.offset();
    KGPU_TRY(idx, r.u2("an interface index"));
    KGPU_TRY(iname, classAt(at, idx, "an interface"));
    cf.interfaces.push_back(iname.str());
  }

  KGPU_TRY(fieldCount, r.u2("fields_count"));
  // Each field takes at least 8 bytes: reject huge counts before reserving.
  if (Error e = r.need(8u * fieldCount, "the fields table"))
    return std::move(e);
  cf.fields.resize(fieldCount);
  for (FieldInfo &f : cf.fields)
    if (Error e = parseMember(r, f, /*isMethod=*/false))
      return std::move(e);

  KGPU_TRY(methodCount, r.u2("methods_count"));
  if (Error e = r.need(8u * methodCount, "the methods table"))
    return std::move(e);
  cf.methods.resize(methodCount);
  for (MethodInfo &m : cf.methods)
    if (Error e = parseMember(r, m, /*isMethod=*/true))
      return std::move(e);

  KGPU_TRY(attrCount, r.u2("attributes_count"));
  if (Error e = r.need(6u * attrCount, "the class attributes"))
    return std::move(e);
  for (unsigned i = 0; i < attrCount; ++i) {
    KGPU_TRY(hdr, attributeHeader(r));
    bool handled = false;
    if (Error e = parseClassAttribute(hdr.second, hdr.first, handled))
      return std::move(e);
    if (!handled) {
      RawAttribute raw;
      raw.name = hdr.first.str();
      raw.offset = hdr.second.offset();
      KGPU_TRY(b, hdr.second.bytes(hdr.second.remaining(), "attribute info"));
      raw.data.assign(b.begin(), b.end());
      cf.otherAttributes.push_back(std::move(raw));
    }
  }
  if (!r.atEnd())
    return r.error(llvm::formatv("{0} extra byte(s) after the last class "
                                 "attribute",
                                 r.remaining())
                       .str());
  // Bootstrap-method references of Dynamic/InvokeDynamic entries.
  for (const CpEntry &e : cf.constantPool)
    if ((e.tag == CpTag::Dynamic || e.tag == CpTag::InvokeDynamic) &&
        e.index1 >= cf.bootstrapMethods.size())
      return makeError(name, e.offset,
                       llvm::formatv("{0} refers to bootstrap method {1}, but "
                                     "the class has {2}",
                                     cpTagName(e.tag), e.index1,
                                     cf.bootstrapMethods.size())
                           .str());
  return std::move(cf);
}

Error Parser::parseConstantPool(Reader &r) {
  KGPU_TRY(count, r.u2("constant_pool_count"));
  if (count == 0)
    return r.error(r.offset() - 2, "constant_pool_count must be at least 1");
  // Each entry takes at least 3 bytes.
  if (Error e = r.need(3u * (count - 1u), "the constant pool"))
    return e;
  cf.constantPool.resize(count);
  for (unsigned i = 1; i < count; ++i) {
    CpEntry &e = cf.constantPool[i];
    e.offset = r.offset();
    KGPU_TRY(tag, r.u1("a constant-pool tag"));
    switch (tag) {
    case 1: {
      KGPU_TRY(len, r.u2("a Utf8 length"));
      KGPU_TRY(b, r.bytes(len, "Utf8 bytes"));
      auto s = decodeModifiedUtf8(b);
      if (!s)
        return makeError(name, e.offset + 3,
                         "constant " + llvm::Twine(i) + ": " +
                             llvm::toString(s.takeError()));
      e.utf8 = std::move(*s);
      break;
    }
    case 3:
    case 4: {
      KGPU_TRY(v, r.u4("a 4-byte constant"));
      e.bits32 = v;
      break;
    }
    case 5:
    case 6: {
      KGPU_TRY(hi, r.u4("the high bytes of an 8-byte constant"));
      KGPU_TRY(lo, r.u4("the low bytes of an 8-byte constant"));
      e.bits64 = (uint64_t(hi) << 32) | lo;
      if (i + 1 >= count)
        return makeError(name, e.offset,
                         llvm::formatv("constant {0}: an 8-byte constant "
                                       "takes two slots but is the last "
                                       "entry",
                                       i)
                             .str());
      break;
    }
    case 7:
    case 8:
    case 16:
    case 19:
    case 20: {
      KGPU_TRY(v, r.u2("a constant-pool index"));
      e.index1 = v;
      break;
    }
    case 9:
    case 10:
    case 11:
    case 12:
    case 17:
    case 18: {
      KGPU_TRY(a, r.u2("a constant-pool index"));
      KGPU_TRY(b, r.u2("a constant-pool index"));
      e.index1 = a;
      e.index2 = b;
      break;
    }
    case 15: {
      KGPU_TRY(kind, r.u1("a reference kind"));
      KGPU_TRY(ref, r.u2("a constant-pool index"));
      if (kind < 1 || kind > 9)
        return makeError(name, e.offset + 1,
                         llvm::formatv("constant {0}: invalid method-handle "
                                       "reference kind {1} (expected 1-9)",
                                       i, kind)
                             .str());
      e.refKind = kind;
      e.index1 = ref;
      break;
    }
    default:
      return makeError(name, e.offset,
                       llvm::formatv("constant {0}: unknown constant-pool "
                                     "tag {1}",
                                     i, tag)
                           .str());
    }
    e.tag = static_cast<CpTag>(tag);
    if (tag == 5 || tag == 6)
      ++i; // The next slot is unusable.
  }
  return Error::success();
}

Error Parser::checkIndex(uint32_t at, uint16_t index, StringRef what,
                         std::initializer_list<CpTag> tags, bool allowZero) {
  if (index == 0 && allowZero)
    return Error::success();
  if (index == 0 || index >= cf.constantPool.size() ||
      cf.constantPool[index].tag == CpTag::Invalid)
    return makeError(name, at,
                     llvm::formatv("{0}: invalid constant-pool index {1} "
                                   "(pool size {2})",
                                   what, index, cf.constantPool.size())
                         .str());
  CpTag t = cf.constantPool[index].tag;
  if (llvm::is_contained(tags, t))
    return Error::success();
  std::string want;
  for (CpTag x : tags)
    want += (want.empty() ? "" : " or ") + cpTagName(x).str();
  return makeError(name, at,
                   llvm::formatv("{0}: constant {1} is {2}, expected {3}", what,
                                 index, cpTagName(t), want)
                       .str());
}

/// Checks the references between constant-pool entries, so that the
/// accessors and the rest of the reader can follow them.
Error Parser::checkConstantPool() {
  for (unsigned i = 1; i < cf.constantPool.size(); ++i) {
    const CpEntry &e = cf.constantPool[i];
    uint32_t at = e.offset;
    std::string what = "constant " + std::to_string(i);
    auto check = [&](uint16_t idx, std::initializer_list<CpTag> tags) {
      return checkIndex(at, idx, what, tags);
    };
    Error err = Error::success();
    switch (e.tag) {
    case CpTag::Class:
    case CpTag::String:
    case CpTag::MethodType:
    case CpTag::Module:
    case CpTag::Package:
      err = check(e.index1, {CpTag::Utf8});
      break;
    case CpTag::Fieldref:
    case CpTag::Methodref:
    case CpTag::InterfaceMethodref:
      err = check(e.index1, {CpTag::Class});
      if (!err)
        err = check(e.index2, {CpTag::NameAndType});
      break;
    case CpTag::NameAndType:
      err = check(e.index1, {CpTag::Utf8});
      if (!err)
        err = check(e.index2, {CpTag::Utf8});
      break;
    case CpTag::Dynamic:
    case CpTag::InvokeDynamic:
      err = check(e.index2, {CpTag::NameAndType});
      break;
    case CpTag::MethodHandle: {
      auto k = static_cast<RefKind>(e.refKind);
      if (k <= RefKind::PutStatic)
        err = check(e.index1, {CpTag::Fieldref});
      else if (k == RefKind::InvokeInterface)
        err = check(e.index1, {CpTag::InterfaceMethodref});
      else if (k == RefKind::InvokeStatic || k == RefKind::InvokeSpecial)
        err = check(e.index1, {CpTag::Methodref, CpTag::InterfaceMethodref});
      else
        err = check(e.index1, {CpTag::Methodref});
      break;
    }
    default:
      break;
    }
    if (err)
      return err;
  }
  return Error::success();
}

Expected<StringRef> Parser::utf8At(Reader &, uint32_t at, uint16_t index,
                                   StringRef what) {
  if (Error e = checkIndex(at, index, what, {CpTag::Utf8}))
    return std::move(e);
  return StringRef(cf.constantPool[index].utf8);
}

Expected<StringRef> Parser::classAt(uint32_t at, uint16_t index,
                                    StringRef what) {
  if (Error e = checkIndex(at, index, what, {CpTag::Class}))
    return std::move(e);
  return StringRef(cf.constantPool[cf.constantPool[index].index1].utf8);
}

Expected<std::pair<StringRef, Reader>> Parser::attributeHeader(Reader &r) {
  uint32_t at = r.offset();
  KGPU_TRY(nameIdx, r.u2("attribute_name_index"));
  KGPU_TRY(attrName, utf8At(r, at, nameIdx, "attribute name"));
  KGPU_TRY(len, r.u4("attribute_length"));
  if (len > r.remaining())
    return r.error(r.offset() - 4,
                   llvm::formatv("{0} attribute: length {1} exceeds the {2} "
                                 "byte(s) left",
                                 attrName, len, r.remaining())
                       .str());
  KGPU_TRY(sub, r.sub(len, "attribute info"));
  return std::make_pair(attrName, sub);
}

Error Parser::parseMember(Reader &r, MemberInfo &m, bool isMethod) {
  m.offset = r.offset();
  KGPU_TRY(access, r.u2("access_flags"));
  m.accessFlags = access;
  uint32_t at = r.offset();
  KGPU_TRY(nameIdx, r.u2("name_index"));
  KGPU_TRY(n, utf8At(r, at, nameIdx, isMethod ? "method name" : "field name"));
  m.name = n.str();
  at = r.offset();
  KGPU_TRY(descIdx, r.u2("descriptor_index"));
  KGPU_TRY(d, utf8At(r, at, descIdx,
                     isMethod ? "method descriptor" : "field descriptor"));
  m.descriptor = d.str();
  if (isMethod) {
    if (auto md = parseMethodDescriptor(d); !md)
      return makeError(
          name, at, "method " + m.name + ": " + llvm::toString(md.takeError()));
  } else if (auto fd = parseFieldDescriptor(d); !fd) {
    return makeError(name, at,
                     "field " + m.name + ": " + llvm::toString(fd.takeError()));
  }
  KGPU_TRY(attrCount, r.u2("attributes_count"));
  if (Error e = r.need(6u * attrCount, "the member attributes"))
    return e;
  for (unsigned i = 0; i < attrCount; ++i) {
    KGPU_TRY(hdr, attributeHeader(r));
    bool handled = false;
    if (Error e =
            parseMemberAttribute(hdr.second, hdr.first, m, isMethod, handled))
      return e;
    if (!handled) {
      RawAttribute raw;
      raw.name = hdr.first.str();
      raw.offset = hdr.second.offset();
      KGPU_TRY(b, hdr.second.bytes(hdr.second.remaining(), "attribute info"));
      raw.data.assign(b.begin(), b.end());
      m.otherAttributes.push_back(std::move(raw));
    }
  }
  return Error::success();
}

Error Parser::parseMemberAttribute(Reader &a, StringRef attrName, MemberInfo &m,
                                   bool isMethod, bool &handled) {
  handled = true;
  if (attrName == "Signature") {
    uint32_t at = a.offset();
    KGPU_TRY(idx, a.u2("signature_index"));
    KGPU_TRY(s, utf8At(a, at, idx, "Signature"));
    m.signature = s.str();
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeVisibleAnnotations") {
    if (Error e = parseAnnotations(a, m.visibleAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeInvisibleAnnotations") {
    if (Error e = parseAnnotations(a, m.invisibleAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeVisibleTypeAnnotations") {
    if (Error e = parseTypeAnnotations(a, m.visibleTypeAnnotations, nullptr))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeInvisibleTypeAnnotations") {
    if (Error e = parseTypeAnnotations(a, m.invisibleTypeAnnotations, nullptr))
      return e;
    return expectEnd(a, attrName);
  }
  if (!isMethod) {
    auto &f = static_cast<FieldInfo &>(m);
    if (attrName == "ConstantValue") {
      uint32_t at = a.offset();
      KGPU_TRY(idx, a.u2("constantvalue_index"));
      if (Error e = checkIndex(at, idx, "ConstantValue",
                               {CpTag::Integer, CpTag::Float, CpTag::Long,
                                CpTag::Double, CpTag::String}))
        return e;
      f.constantValueIndex = idx;
      return expectEnd(a, attrName);
    }
    handled = false;
    return Error::success();
  }
  auto &meth = static_cast<MethodInfo &>(m);
  if (attrName == "Code") {
    if (meth.code)
      return a.error("second Code attribute on method " + m.name);
    meth.code.emplace();
    if (Error e = parseCode(a, *meth.code))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "Exceptions") {
    KGPU_TRY(n, a.u2("number_of_exceptions"));
    if (Error e = a.need(2u * n, "the exception index table"))
      return e;
    for (unsigned i = 0; i < n; ++i) {
      uint32_t at = a.offset();
      KGPU_TRY(idx, a.u2("an exception class index"));
      if (Error e = checkIndex(at, idx, "Exceptions", {CpTag::Class}))
        return e;
      meth.exceptions.push_back(idx);
    }
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeVisibleParameterAnnotations") {
    if (Error e =
            parseParameterAnnotations(a, meth.visibleParameterAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeInvisibleParameterAnnotations") {
    if (Error e =
            parseParameterAnnotations(a, meth.invisibleParameterAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "MethodParameters") {
    KGPU_TRY(n, a.u1("parameters_count"));
    if (Error e = a.need(4u * n, "the method parameters"))
      return e;
    meth.parameterNames.clear();
    for (unsigned i = 0; i < n; ++i) {
      uint32_t at = a.offset();
      KGPU_TRY(nameIdx, a.u2("a parameter name_index"));
      KGPU_TRY(flags, a.u2("a parameter access_flags"));
      (void)flags;
      std::string name;
      if (nameIdx != 0) {
        KGPU_TRY(utf8, utf8At(a, at, nameIdx, "parameter name"));
        name = utf8.str();
      }
      meth.parameterNames.push_back(std::move(name));
    }
    return expectEnd(a, attrName);
  }
  if (attrName == "AnnotationDefault") {
    RawAttribute raw;
    raw.name = attrName.str();
    raw.offset = a.offset();
    // Check the element value, keep the bytes.
    Reader copy = a;
    ElementValue v;
    if (Error e = parseElementValue(copy, v, 0))
      return e;
    if (Error e = expectEnd(copy, attrName))
      return e;
    KGPU_TRY(b, a.bytes(a.remaining(), "AnnotationDefault"));
    raw.data.assign(b.begin(), b.end());
    meth.annotationDefault = std::move(raw);
    return Error::success();
  }
  handled = false;
  return Error::success();
}

Error Parser::parseCode(Reader &a, CodeAttribute &code) {
  KGPU_TRY(maxStack, a.u2("max_stack"));
  KGPU_TRY(maxLocals, a.u2("max_locals"));
  KGPU_TRY(codeLength, a.u4("code_length"));
  code.maxStack = maxStack;
  code.maxLocals = maxLocals;
  if (codeLength == 0 || codeLength >= 65536)
    return a.error(
        a.offset() - 4,
        llvm::formatv("code_length {0} out of range (1 to 65535)", codeLength)
            .str());
  code.codeOffset = a.offset();
  KGPU_TRY(bytes, a.bytes(codeLength, "the bytecode"));
  code.code.assign(bytes.begin(), bytes.end());
  KGPU_TRY(excCount, a.u2("exception_table_length"));
  if (Error e = a.need(8u * excCount, "the exception table"))
    return e;
  for (unsigned i = 0; i < excCount; ++i) {
    uint32_t at = a.offset();
    ExceptionTableEntry x;
    KGPU_TRY(s, a.u2("start_pc"));
    KGPU_TRY(en, a.u2("end_pc"));
    KGPU_TRY(h, a.u2("handler_pc"));
    uint32_t catchAt = a.offset();
    KGPU_TRY(c, a.u2("catch_type"));
    if (s >= en || en > codeLength || h >= codeLength)
      return a.error(at, llvm::formatv("exception table entry {0}: range "
                                       "[{1}, {2}) or handler {3} outside "
                                       "the code (length {4})",
                                       i, s, en, h, codeLength)
                             .str());
    if (Error e = checkIndex(catchAt, c, "catch_type", {CpTag::Class},
                             /*allowZero=*/true))
      return e;
    x.startPc = s;
    x.endPc = en;
    x.handlerPc = h;
    x.catchType = c;
    code.exceptionTable.push_back(x);
  }
  KGPU_TRY(attrCount, a.u2("attributes_count"));
  if (Error e = a.need(6u * attrCount, "the Code attributes"))
    return e;
  for (unsigned i = 0; i < attrCount; ++i) {
    KGPU_TRY(hdr, attributeHeader(a));
    StringRef an = hdr.first;
    Reader &s = hdr.second;
    if (an == "LineNumberTable") {
      KGPU_TRY(n, s.u2("line_number_table_length"));
      if (Error e = s.need(4u * n, "the line number table"))
        return e;
      for (unsigned j = 0; j < n; ++j) {
        uint32_t at = s.offset();
        KGPU_TRY(pc, s.u2("start_pc"));
        KGPU_TRY(line, s.u2("line_number"));
        if (pc >= codeLength)
          return s.error(at, llvm::formatv("LineNumberTable: start_pc {0} "
                                           "outside the code (length {1})",
                                           pc, codeLength)
                                 .str());
        code.lineNumbers.push_back({pc, line});
      }
    } else if (an == "LocalVariableTable") {
      if (Error e = parseLocalVariables(s, code.localVariables, codeLength,
                                        /*typeTable=*/false))
        return e;
    } else if (an == "LocalVariableTypeTable") {
      if (Error e = parseLocalVariables(s, code.localVariableTypes, codeLength,
                                        /*typeTable=*/true))
        return e;
    } else if (an == "StackMapTable") {
      if (Error e = parseStackMap(s, code))
        return e;
    } else if (an == "RuntimeVisibleTypeAnnotations") {
      if (Error e = parseTypeAnnotations(s, code.visibleTypeAnnotations, &code))
        return e;
    } else if (an == "RuntimeInvisibleTypeAnnotations") {
      if (Error e =
              parseTypeAnnotations(s, code.invisibleTypeAnnotations, &code))
        return e;
    } else {
      RawAttribute raw;
      raw.name = an.str();
      raw.offset = s.offset();
      KGPU_TRY(b, s.bytes(s.remaining(), "attribute info"));
      raw.data.assign(b.begin(), b.end());
      code.otherAttributes.push_back(std::move(raw));
    }
    if (Error e = expectEnd(s, an))
      return e;
  }
  return Error::success();
}

Error Parser::parseLocalVariables(Reader &a,
                                  std::vector<LocalVariableEntry> &out,
                                  uint32_t codeLength, bool typeTable) {
  StringRef table = typeTable ? "LocalVariableTypeTable" : "LocalVariableTable";
  KGPU_TRY(n, a.u2("local_variable_table_length"));
  if (Error e = a.need(10u * n, "the local variable table"))
    return e;
  for (unsigned i = 0; i < n; ++i) {
    uint32_t at = a.offset();
    LocalVariableEntry v;
    KGPU_TRY(s, a.u2("start_pc"));
    KGPU_TRY(len, a.u2("length"));
    uint32_t nameAt = a.offset();
    KGPU_TRY(ni, a.u2("name_index"));
    uint32_t descAt = a.offset();
    KGPU_TRY(di, a.u2("descriptor_index"));
    KGPU_TRY(idx, a.u2("index"));
    // start_pc + length may equal code_length (the range ends with the
    // method).
    if (uint32_t(s) + len > codeLength)
      return a.error(at, llvm::formatv("{0}: range [{1}, {2}) outside the "
                                       "code (length {3})",
                                       table, s, uint32_t(s) + len, codeLength)
                             .str());
    KGPU_TRY(nm, utf8At(a, nameAt, ni, table));
    KGPU_TRY(ds, utf8At(a, descAt, di, table));
    if (!typeTable) {
      if (auto fd = parseFieldDescriptor(ds); !fd)
        return a.error(descAt, (table + ": local " + nm + ": " +
                                llvm::toString(fd.takeError()))
                                   .str());
    }
    v.startPc = s;
    v.length = len;
    v.name = nm.str();
    v.descriptor = ds.str();
    v.index = idx;
    out.push_back(std::move(v));
  }
  return Error::success();
}

Expected<VerificationType> Parser::parseVerificationType(Reader &a,
                                                         uint32_t codeLength) {
  uint32_t at = a.offset();
  KGPU_TRY(tag, a.u1("a verification type tag"));
  VerificationType v;
  if (tag > 8)
    return a.error(at, llvm::formatv("StackMapTable: unknown verification "
                                     "type tag {0}",
                                     tag)
                           .str());
  v.tag = static_cast<VerificationType::Tag>(tag);
  if (tag == VerificationType::Object) {
    uint32_t idxAt = a.offset();
    KGPU_TRY(idx, a.u2("a class index"));
    if (Error e = checkIndex(idxAt, idx, "StackMapTable", {CpTag::Class}))
      return std::move(e);
    v.value = idx;
  } else if (tag == VerificationType::Uninitialized) {
    uint32_t offAt = a.offset();
    KGPU_TRY(off, a.u2("the offset of a new instruction"));
    if (off >= codeLength)
      return a.error(offAt, llvm::formatv("StackMapTable: uninitialized "
                                          "offset {0} outside the code",
                                          off)
                                .str());
    v.value = off;
  }
  return v;
}

Error Parser::parseStackMap(Reader &a, CodeAttribute &code) {
  uint32_t codeLength = code.code.size();
  KGPU_TRY(n, a.u2("number_of_entries"));
  if (Error e = a.need(n, "the stack map frames"))
    return e;
  int64_t pc = 0;
  for (unsigned i = 0; i < n; ++i) {
    uint32_t at = a.offset();
    StackMapFrame f;
    KGPU_TRY(type, a.u1("a frame type"));
    f.frameType = type;
    if (type <= 63) {
      f.kind = StackMapFrame::Same;
      f.offsetDelta = type;
    } else if (type <= 127) {
      f.kind = StackMapFrame::SameLocals1StackItem;
      f.offsetDelta = type - 64;
      KGPU_TRY(v, parseVerificationType(a, codeLength));
      f.stack.push_back(v);
    } else if (type < 247) {
      return a.error(at, llvm::formatv("StackMapTable: reserved frame type "
                                       "{0}",
                                       type)
                             .str());
    } else {
      KGPU_TRY(delta, a.u2("offset_delta"));
      f.offsetDelta = delta;
      if (type == 247) {
        f.kind = StackMapFrame::SameLocals1StackItemExt;
        KGPU_TRY(v, parseVerificationType(a, codeLength));
        f.stack.push_back(v);
      } else if (type <= 250) {
        f.kind = StackMapFrame::Chop;
        f.chopped = 251 - type;
      } else if (type == 251) {
        f.kind = StackMapFrame::SameExtended;
      } else if (type <= 254) {
        f.kind = StackMapFrame::Append;
        for (unsigned k = 0; k < unsigned(type - 251); ++k) {
          KGPU_TRY(v, parseVerificationType(a, codeLength));
          f.locals.push_back(v);
        }
      } else {
        f.kind = StackMapFrame::Full;
        KGPU_TRY(nl, a.u2("number_of_locals"));
        if (Error e = a.need(nl, "the frame's locals"))
          return e;
        for (unsigned k = 0; k < nl; ++k) {
          KGPU_TRY(v, parseVerificationType(a, codeLength));
          f.locals.push_back(v);
        }
        KGPU_TRY(ns, a.u2("number_of_stack_items"));
        if (Error e = a.need(ns, "the frame's stack"))
          return e;
        for (unsigned k = 0; k < ns; ++k) {
          KGPU_TRY(v, parseVerificationType(a, codeLength));
          f.stack.push_back(v);
        }
      }
    }
    // The first frame is at offset_delta, each later one at the previous
    // offset + offset_delta + 1 (JVMS 4.7.4).
    pc = i == 0 ? int64_t(f.offsetDelta) : pc + f.offsetDelta + 1;
    if (pc >= codeLength)
      return a.error(at, llvm::formatv("StackMapTable: frame {0} at offset "
                                       "{1} outside the code (length {2})",
                                       i, pc, codeLength)
                             .str());
    f.pc = static_cast<uint32_t>(pc);
    code.stackMap.push_back(std::move(f));
  }
  return Error::success();
}

Error Parser::parseAnnotations(Reader &a, std::vector<Annotation> &out) {
  KGPU_TRY(n, a.u2("num_annotations"));
  if (Error e = a.need(4u * n, "the annotations"))
    return e;
  out.resize(n);
  for (Annotation &x : out)
    if (Error e = parseAnnotation(a, x, 0))
      return e;
  return Error::success();
}

Error Parser::parseParameterAnnotations(
    Reader &a, std::vector<std::vector<Annotation>> &out) {
  KGPU_TRY(n, a.u1("num_parameters"));
  if (Error e = a.need(2u * n, "the parameter annotations"))
    return e;
  out.resize(n);
  for (auto &list : out)
    if (Error e = parseAnnotations(a, list))
      return e;
  return Error::success();
}

Error Parser::parseAnnotation(Reader &a, Annotation &out, unsigned depth) {
  if (depth > kMaxAnnotationDepth)
    return a.error("annotations nested deeper than " +
                   llvm::Twine(kMaxAnnotationDepth));
  uint32_t at = a.offset();
  KGPU_TRY(typeIdx, a.u2("an annotation type_index"));
  KGPU_TRY(type, utf8At(a, at, typeIdx, "annotation type"));
  if (auto fd = parseFieldDescriptor(type);
      !fd || fd->kind != FieldType::Object || fd->isArray()) {
    if (!fd)
      llvm::consumeError(fd.takeError());
    return a.error(at,
                   "annotation type '" + type + "' is not a class descriptor");
  }
  out.type = type.str();
  KGPU_TRY(n, a.u2("num_element_value_pairs"));
  if (Error e = a.need(5u * n, "the element-value pairs"))
    return e;
  out.elements.resize(n);
  for (ElementValuePair &p : out.elements) {
    uint32_t nameAt = a.offset();
    KGPU_TRY(ni, a.u2("an element_name_index"));
    KGPU_TRY(nm, utf8At(a, nameAt, ni, "element name"));
    p.name = nm.str();
    if (Error e = parseElementValue(a, p.value, depth + 1))
      return e;
  }
  return Error::success();
}

Error Parser::parseElementValue(Reader &a, ElementValue &out, unsigned depth) {
  if (depth > kMaxAnnotationDepth)
    return a.error("annotation element values nested deeper than " +
                   llvm::Twine(kMaxAnnotationDepth));
  uint32_t at = a.offset();
  KGPU_TRY(tag, a.u1("an element_value tag"));
  out.tag = static_cast<char>(tag);
  switch (tag) {
  case 'B':
  case 'C':
  case 'I':
  case 'S':
  case 'Z':
  case 'D':
  case 'F':
  case 'J':
  case 's': {
    uint32_t idxAt = a.offset();
    KGPU_TRY(idx, a.u2("const_value_index"));
    CpTag want = tag == 'D'   ? CpTag::Double
                 : tag == 'F' ? CpTag::Float
                 : tag == 'J' ? CpTag::Long
                 : tag == 's' ? CpTag::Utf8
                              : CpTag::Integer;
    if (Error e = checkIndex(idxAt, idx, "annotation element", {want}))
      return e;
    out.index = idx;
    return Error::success();
  }
  case 'e': {
    uint32_t tAt = a.offset();
    KGPU_TRY(t, a.u2("type_name_index"));
    uint32_t cAt = a.offset();
    KGPU_TRY(c, a.u2("const_name_index"));
    if (Error e = checkIndex(tAt, t, "enum element type", {CpTag::Utf8}))
      return e;
    if (Error e = checkIndex(cAt, c, "enum element name", {CpTag::Utf8}))
      return e;
    out.index = t;
    out.enumConstIndex = c;
    return Error::success();
  }
  case 'c': {
    uint32_t idxAt = a.offset();
    KGPU_TRY(idx, a.u2("class_info_index"));
    if (Error e = checkIndex(idxAt, idx, "class element", {CpTag::Utf8}))
      return e;
    out.index = idx;
    return Error::success();
  }
  case '@':
    out.nested.resize(1);
    return parseAnnotation(a, out.nested[0], depth + 1);
  case '[': {
    KGPU_TRY(n, a.u2("num_values"));
    if (Error e = a.need(3u * n, "the array element values"))
      return e;
    out.elements.resize(n);
    for (ElementValue &v : out.elements)
      if (Error e = parseElementValue(a, v, depth + 1))
        return e;
    return Error::success();
  }
  default:
    return a.error(at, llvm::formatv("unknown annotation element tag {0}",
                                     static_cast<unsigned>(tag))
                           .str());
  }
}

Error Parser::parseTypeAnnotations(Reader &a, std::vector<TypeAnnotation> &out,
                                   const CodeAttribute *code) {
  KGPU_TRY(n, a.u2("num_annotations"));
  if (Error e = a.need(6u * n, "the type annotations"))
    return e;
  out.resize(n);
  uint32_t codeLength = code ? code->code.size() : 0;
  for (TypeAnnotation &t : out) {
    uint32_t at = a.offset();
    KGPU_TRY(tt, a.u1("a target_type"));
    t.targetType = static_cast<TargetType>(tt);
    bool codeTarget = tt >= 0x40;
    bool known = (tt <= 0x01) || (tt >= 0x10 && tt <= 0x17) ||
                 (tt >= 0x40 && tt <= 0x4B);
    if (!known)
      return a.error(at, llvm::formatv("unknown type annotation target type "
                                       "{0:x-2}",
                                       tt)
                             .str());
    if (codeTarget != (code != nullptr))
      return a.error(at, llvm::formatv("type annotation target type {0:x-2} "
                                       "is not allowed {1}",
                                       tt,
                                       code ? "on a Code attribute"
                                            : "outside a Code attribute")
                             .str());
    switch (tt) {
    case 0x00:
    case 0x01: {
      KGPU_TRY(i, a.u1("type_parameter_index"));
      t.typeParameterIndex = i;
      break;
    }
    case 0x10: {
      KGPU_TRY(i, a.u2("supertype_index"));
      t.index16 = i;
      break;
    }
    case 0x11:
    case 0x12: {
      KGPU_TRY(i, a.u1("type_parameter_index"));
      KGPU_TRY(b, a.u1("bound_index"));
      t.typeParameterIndex = i;
      t.boundIndex = b;
      break;
    }
    case 0x13:
    case 0x14:
    case 0x15:
      break;
    case 0x16: {
      KGPU_TRY(i, a.u1("formal_parameter_index"));
      t.typeParameterIndex = i;
      break;
    }
    case 0x17: {
      KGPU_TRY(i, a.u2("throws_type_index"));
      t.index16 = i;
      break;
    }
    case 0x40:
    case 0x41: {
      KGPU_TRY(len, a.u2("table_length"));
      if (Error e = a.need(6u * len, "the localvar_target table"))
        return e;
      for (unsigned k = 0; k < len; ++k) {
        uint32_t eAt = a.offset();
        KGPU_TRY(s, a.u2("start_pc"));
        KGPU_TRY(l, a.u2("length"));
        KGPU_TRY(idx, a.u2("index"));
        if (uint32_t(s) + l > codeLength)
          return a.error(eAt, llvm::formatv("localvar_target: range [{0}, "
                                            "{1}) outside the code (length "
                                            "{2})",
                                            s, uint32_t(s) + l, codeLength)
                                  .str());
        if (code->maxLocals && idx >= code->maxLocals)
          return a.error(eAt, llvm::formatv("localvar_target: local {0} "
                                            "outside max_locals {1}",
                                            idx, code->maxLocals)
                                  .str());
        t.localVars.push_back({s, l, idx});
      }
      break;
    }
    case 0x42: {
      KGPU_TRY(i, a.u2("exception_table_index"));
      t.index16 = i;
      break;
    }
    case 0x43:
    case 0x44:
    case 0x45:
    case 0x46: {
      uint32_t offAt = a.offset();
      KGPU_TRY(off, a.u2("offset"));
      if (off >= codeLength)
        return a.error(offAt, "type annotation offset outside the code");
      t.offset = off;
      break;
    }
    default: { // 0x47-0x4B: type_argument_target
      uint32_t offAt = a.offset();
      KGPU_TRY(off, a.u2("offset"));
      KGPU_TRY(i, a.u1("type_argument_index"));
      if (off >= codeLength)
        return a.error(offAt, "type annotation offset outside the code");
      t.offset = off;
      t.typeParameterIndex = i;
      break;
    }
    }
    KGPU_TRY(pathLen, a.u1("type_path path_length"));
    if (Error e = a.need(2u * pathLen, "the type_path"))
      return e;
    for (unsigned k = 0; k < pathLen; ++k) {
      uint32_t kAt = a.offset();
      KGPU_TRY(kind, a.u1("type_path_kind"));
      KGPU_TRY(arg, a.u1("type_argument_index"));
      if (kind > 3)
        return a.error(kAt,
                       llvm::formatv("unknown type_path_kind {0}", kind).str());
      t.typePath.push_back({kind, arg});
    }
    if (Error e = parseAnnotation(a, t.annotation, 0))
      return e;
  }
  return Error::success();
}

Error Parser::parseClassAttribute(Reader &a, StringRef attrName,
                                  bool &handled) {
  handled = true;
  if (attrName == "SourceFile") {
    uint32_t at = a.offset();
    KGPU_TRY(idx, a.u2("sourcefile_index"));
    KGPU_TRY(s, utf8At(a, at, idx, "SourceFile"));
    cf.sourceFile = s.str();
    return expectEnd(a, attrName);
  }
  if (attrName == "Signature") {
    uint32_t at = a.offset();
    KGPU_TRY(idx, a.u2("signature_index"));
    KGPU_TRY(s, utf8At(a, at, idx, "Signature"));
    cf.signature = s.str();
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeVisibleAnnotations") {
    if (Error e = parseAnnotations(a, cf.visibleAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeInvisibleAnnotations") {
    if (Error e = parseAnnotations(a, cf.invisibleAnnotations))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeVisibleTypeAnnotations") {
    if (Error e = parseTypeAnnotations(a, cf.visibleTypeAnnotations, nullptr))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "RuntimeInvisibleTypeAnnotations") {
    if (Error e = parseTypeAnnotations(a, cf.invisibleTypeAnnotations, nullptr))
      return e;
    return expectEnd(a, attrName);
  }
  if (attrName == "BootstrapMethods") {
    KGPU_TRY(n, a.u2("num_bootstrap_methods"));
    if (Error e = a.need(4u * n, "the bootstrap methods"))
      return e;
    cf.bootstrapMethods.resize(n);
    for (BootstrapMethod &b : cf.bootstrapMethods) {
      uint32_t at = a.offset();
      KGPU_TRY(ref, a.u2("bootstrap_method_ref"));
      if (Error e =
              checkIndex(at, ref, "bootstrap method", {CpTag::MethodHandle}))
        return e;
      b.methodRef = ref;
      KGPU_TRY(na, a.u2("num_bootstrap_arguments"));
      if (Error e = a.need(2u * na, "the bootstrap arguments"))
        return e;
      for (unsigned k = 0; k < na; ++k) {
        uint32_t argAt = a.offset();
        KGPU_TRY(arg, a.u2("a bootstrap argument"));
        if (Error e = checkIndex(argAt, arg, "bootstrap argument",
                                 {CpTag::Integer, CpTag::Float, CpTag::Long,
                                  CpTag::Double, CpTag::Class, CpTag::String,
                                  CpTag::MethodHandle, CpTag::MethodType,
                                  CpTag::Dynamic}))
          return e;
        b.arguments.push_back(arg);
      }
    }
    return expectEnd(a, attrName);
  }
  handled = false;
  return Error::success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Public functions
//===----------------------------------------------------------------------===//

StringRef kgpu::jvm::cpTagName(CpTag tag) {
  switch (tag) {
  case CpTag::Invalid:
    return "an unusable slot";
  case CpTag::Utf8:
    return "Utf8";
  case CpTag::Integer:
    return "Integer";
  case CpTag::Float:
    return "Float";
  case CpTag::Long:
    return "Long";
  case CpTag::Double:
    return "Double";
  case CpTag::Class:
    return "Class";
  case CpTag::String:
    return "String";
  case CpTag::Fieldref:
    return "Fieldref";
  case CpTag::Methodref:
    return "Methodref";
  case CpTag::InterfaceMethodref:
    return "InterfaceMethodref";
  case CpTag::NameAndType:
    return "NameAndType";
  case CpTag::MethodHandle:
    return "MethodHandle";
  case CpTag::MethodType:
    return "MethodType";
  case CpTag::Dynamic:
    return "Dynamic";
  case CpTag::InvokeDynamic:
    return "InvokeDynamic";
  case CpTag::Module:
    return "Module";
  case CpTag::Package:
    return "Package";
  }
  return "an unknown tag";
}

float CpEntry::getFloat() const {
  float f;
  std::memcpy(&f, &bits32, sizeof f);
  return f;
}

double CpEntry::getDouble() const {
  double d;
  std::memcpy(&d, &bits64, sizeof d);
  return d;
}

Expected<std::string> kgpu::jvm::decodeModifiedUtf8(llvm::ArrayRef<uint8_t> b) {
  std::string out;
  out.reserve(b.size());
  auto err = [](size_t at, const char *msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid modified UTF-8 at byte %zu: %s", at,
                                   msg);
  };
  auto cont = [&](size_t i) { return i < b.size() && (b[i] & 0xC0) == 0x80; };
  // Decode to code units (UTF-16), then encode as UTF-8 joining pairs.
  size_t i = 0;
  auto next = [&](uint32_t &unit, size_t &start) -> llvm::Error {
    start = i;
    uint8_t c = b[i];
    if (c == 0)
      return err(i, "a zero byte");
    if (c < 0x80) {
      unit = c;
      i += 1;
    } else if ((c & 0xE0) == 0xC0) {
      if (!cont(i + 1))
        return err(i, "truncated 2-byte sequence");
      unit = ((c & 0x1F) << 6) | (b[i + 1] & 0x3F);
      i += 2;
    } else if ((c & 0xF0) == 0xE0) {
      if (!cont(i + 1) || !cont(i + 2))
        return err(i, "truncated 3-byte sequence");
      unit = ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
      i += 3;
    } else {
      return err(i, "a byte that cannot start a sequence");
    }
    return llvm::Error::success();
  };
  auto put = [&](uint32_t cp) {
    if (cp < 0x80) {
      out.push_back(char(cp));
    } else if (cp < 0x800) {
      out.push_back(char(0xC0 | (cp >> 6)));
      out.push_back(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(char(0xE0 | (cp >> 12)));
      out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(char(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(char(0xF0 | (cp >> 18)));
      out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(char(0x80 | (cp & 0x3F)));
    }
  };
  while (i < b.size()) {
    uint32_t unit = 0;
    size_t start;
    if (llvm::Error e = next(unit, start))
      return std::move(e);
    if (unit >= 0xD800 && unit <= 0xDBFF && i < b.size()) {
      size_t save = i;
      uint32_t low = 0;
      size_t lowStart;
      if (llvm::Error e = next(low, lowStart)) {
        llvm::consumeError(std::move(e));
        i = save;
      } else if (low >= 0xDC00 && low <= 0xDFFF) {
        put(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        continue;
      } else {
        i = save;
      }
    }
    put(unit);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

unsigned FieldType::slots() const {
  if (arrayDims)
    return 1;
  if (kind == Void)
    return 0;
  return (kind == Long || kind == Double) ? 2 : 1;
}

std::string FieldType::str() const {
  std::string s(arrayDims, '[');
  static const char codes[] = "BCDFIJSZLV";
  if (kind == Object)
    return s + "L" + className + ";";
  s.push_back(codes[kind]);
  return s;
}

unsigned MethodDescriptor::paramSlots() const {
  unsigned n = 0;
  for (const FieldType &p : params)
    n += p.slots();
  return n;
}

/// Parses one field type at the front of `s`, advancing it.
static Expected<FieldType> parseOneType(StringRef &s, StringRef whole,
                                        bool allowVoid) {
  auto err = [&](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid descriptor '" + whole +
                                       "': " + msg);
  };
  FieldType t;
  while (!s.empty() && s.front() == '[') {
    if (++t.arrayDims > 255)
      return err("more than 255 array dimensions");
    s = s.drop_front();
  }
  if (s.empty())
    return err("expected a type");
  char c = s.front();
  s = s.drop_front();
  switch (c) {
  case 'B':
    t.kind = FieldType::Byte;
    break;
  case 'C':
    t.kind = FieldType::Char;
    break;
  case 'D':
    t.kind = FieldType::Double;
    break;
  case 'F':
    t.kind = FieldType::Float;
    break;
  case 'I':
    t.kind = FieldType::Int;
    break;
  case 'J':
    t.kind = FieldType::Long;
    break;
  case 'S':
    t.kind = FieldType::Short;
    break;
  case 'Z':
    t.kind = FieldType::Boolean;
    break;
  case 'V':
    if (!allowVoid || t.arrayDims)
      return err("void is only a return type");
    t.kind = FieldType::Void;
    break;
  case 'L': {
    size_t semi = s.find(';');
    if (semi == StringRef::npos)
      return err("class name without ';'");
    StringRef cls = s.take_front(semi);
    if (cls.empty())
      return err("empty class name");
    if (cls.find_first_of(".[") != StringRef::npos)
      return err("'.' or '[' in a class name");
    t.kind = FieldType::Object;
    t.className = cls.str();
    s = s.drop_front(semi + 1);
    break;
  }
  default:
    return err(llvm::Twine("unexpected '") + llvm::Twine(c) + "'");
  }
  return t;
}

Expected<FieldType> kgpu::jvm::parseFieldDescriptor(StringRef desc) {
  return parseFieldDescriptor(desc, /*allowVoid=*/false);
}

Expected<FieldType> kgpu::jvm::parseFieldDescriptor(StringRef desc,
                                                    bool allowVoid) {
  StringRef s = desc;
  auto t = parseOneType(s, desc, allowVoid);
  if (!t)
    return t.takeError();
  if (!s.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid descriptor '" + desc +
                                       "': trailing characters");
  return t;
}

Expected<MethodDescriptor> kgpu::jvm::parseMethodDescriptor(StringRef desc) {
  auto err = [&](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid method descriptor '" + desc +
                                       "': " + msg);
  };
  StringRef s = desc;
  if (!s.consume_front("("))
    return err("expected '('");
  MethodDescriptor md;
  while (!s.empty() && s.front() != ')') {
    auto t = parseOneType(s, desc, /*allowVoid=*/false);
    if (!t)
      return t.takeError();
    md.params.push_back(std::move(*t));
  }
  if (!s.consume_front(")"))
    return err("expected ')'");
  if (md.paramSlots() > 255)
    return err("parameters take more than 255 slots");
  auto r = parseOneType(s, desc, /*allowVoid=*/true);
  if (!r)
    return r.takeError();
  if (!s.empty())
    return err("trailing characters");
  md.returnType = std::move(*r);
  return md;
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

const ElementValue *Annotation::find(StringRef n) const {
  for (const ElementValuePair &p : elements)
    if (p.name == n)
      return &p.value;
  return nullptr;
}

const Annotation *MemberInfo::findAnnotation(StringRef type) const {
  for (const Annotation &a : visibleAnnotations)
    if (a.type == type)
      return &a;
  for (const Annotation &a : invisibleAnnotations)
    if (a.type == type)
      return &a;
  return nullptr;
}

std::optional<unsigned> MethodInfo::getLine(uint32_t pc) const {
  if (!code)
    return std::nullopt;
  std::optional<unsigned> best;
  uint32_t bestPc = 0;
  for (const LineNumberEntry &e : code->lineNumbers)
    if (e.startPc <= pc && (!best || e.startPc >= bestPc)) {
      best = e.line;
      bestPc = e.startPc;
    }
  return best;
}

static const LocalVariableEntry *
findLocal(const std::vector<LocalVariableEntry> &table, unsigned slot,
          uint32_t pc) {
  for (const LocalVariableEntry &e : table)
    if (e.index == slot && e.startPc <= pc &&
        pc < uint32_t(e.startPc) + e.length)
      return &e;
  return nullptr;
}

const LocalVariableEntry *MethodInfo::findLocalVariable(unsigned slot,
                                                        uint32_t pc) const {
  return code ? findLocal(code->localVariables, slot, pc) : nullptr;
}

const LocalVariableEntry *MethodInfo::findLocalVariableType(unsigned slot,
                                                            uint32_t pc) const {
  return code ? findLocal(code->localVariableTypes, slot, pc) : nullptr;
}

std::vector<const LocalVariableEntry *>
MethodInfo::findLocalVariablesByName(StringRef n) const {
  std::vector<const LocalVariableEntry *> out;
  if (code)
    for (const LocalVariableEntry &e : code->localVariables)
      if (e.name == n)
        out.push_back(&e);
  return out;
}

std::vector<LocalVariableAnnotation>
MethodInfo::getLocalVariableAnnotations(StringRef type) const {
  std::vector<LocalVariableAnnotation> out;
  if (!code)
    return out;
  auto collect = [&](const std::vector<TypeAnnotation> &list, bool visible) {
    for (const TypeAnnotation &t : list) {
      if (t.targetType != TargetType::LocalVariable &&
          t.targetType != TargetType::ResourceVariable)
        continue;
      if (!type.empty() && t.annotation.type != type)
        continue;
      for (const LocalVarTarget &lv : t.localVars)
        out.push_back(
            {t.annotation.type, lv.startPc, lv.length, lv.index, visible});
    }
  };
  collect(code->visibleTypeAnnotations, true);
  collect(code->invisibleTypeAnnotations, false);
  return out;
}

std::vector<const Annotation *>
MethodInfo::getParameterAnnotations(unsigned param) const {
  std::vector<const Annotation *> out;
  if (param < visibleParameterAnnotations.size())
    for (const Annotation &a : visibleParameterAnnotations[param])
      out.push_back(&a);
  if (param < invisibleParameterAnnotations.size())
    for (const Annotation &a : invisibleParameterAnnotations[param])
      out.push_back(&a);
  return out;
}

bool MethodInfo::hasParameterAnnotation(unsigned param, StringRef type) const {
  for (const Annotation *a : getParameterAnnotations(param))
    if (a->type == type)
      return true;
  return false;
}

Expected<const CpEntry &> ClassFile::getEntry(uint16_t index) const {
  if (index == 0 || index >= constantPool.size() ||
      constantPool[index].tag == CpTag::Invalid)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "invalid constant-pool index %u (pool size %zu)", unsigned(index),
        constantPool.size());
  return constantPool[index];
}

Expected<const CpEntry &> ClassFile::getEntry(uint16_t index, CpTag tag) const {
  auto e = getEntry(index);
  if (!e)
    return e.takeError();
  if (e->tag != tag)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "constant %u is %s, expected %s",
        unsigned(index), cpTagName(e->tag).data(), cpTagName(tag).data());
  return *e;
}

Expected<StringRef> ClassFile::getUtf8(uint16_t index) const {
  auto e = getEntry(index, CpTag::Utf8);
  if (!e)
    return e.takeError();
  return StringRef(e->utf8);
}

Expected<StringRef> ClassFile::getClassName(uint16_t index) const {
  auto e = getEntry(index, CpTag::Class);
  if (!e)
    return e.takeError();
  return getUtf8(e->index1);
}

Expected<std::pair<StringRef, StringRef>>
ClassFile::getNameAndType(uint16_t index) const {
  auto e = getEntry(index, CpTag::NameAndType);
  if (!e)
    return e.takeError();
  auto n = getUtf8(e->index1);
  if (!n)
    return n.takeError();
  auto d = getUtf8(e->index2);
  if (!d)
    return d.takeError();
  return std::make_pair(*n, *d);
}

Expected<MemberRef> ClassFile::resolveMemberRef(uint16_t index) const {
  auto e = getEntry(index);
  if (!e)
    return e.takeError();
  if (e->tag != CpTag::Fieldref && e->tag != CpTag::Methodref &&
      e->tag != CpTag::InterfaceMethodref)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "constant %u is %s, expected a field or method reference",
        unsigned(index), cpTagName(e->tag).data());
  auto cls = getClassName(e->index1);
  if (!cls)
    return cls.takeError();
  auto nt = getNameAndType(e->index2);
  if (!nt)
    return nt.takeError();
  MemberRef r;
  r.tag = e->tag;
  r.className = cls->str();
  r.name = nt->first.str();
  r.descriptor = nt->second.str();
  return r;
}

Expected<MethodHandleRef> ClassFile::resolveMethodHandle(uint16_t index) const {
  auto e = getEntry(index, CpTag::MethodHandle);
  if (!e)
    return e.takeError();
  auto m = resolveMemberRef(e->index1);
  if (!m)
    return m.takeError();
  MethodHandleRef r;
  r.kind = static_cast<RefKind>(e->refKind);
  r.member = std::move(*m);
  return r;
}

Expected<DynamicRef> ClassFile::resolveDynamic(uint16_t index) const {
  auto e = getEntry(index);
  if (!e)
    return e.takeError();
  if (e->tag != CpTag::Dynamic && e->tag != CpTag::InvokeDynamic)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "constant %u is %s, expected Dynamic or InvokeDynamic", unsigned(index),
        cpTagName(e->tag).data());
  if (e->index1 >= bootstrapMethods.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "constant %u: no bootstrap method %u",
                                   unsigned(index), unsigned(e->index1));
  auto nt = getNameAndType(e->index2);
  if (!nt)
    return nt.takeError();
  DynamicRef r;
  r.tag = e->tag;
  r.bootstrapIndex = e->index1;
  r.bootstrap = &bootstrapMethods[e->index1];
  r.name = nt->first.str();
  r.descriptor = nt->second.str();
  return r;
}

std::vector<MethodHandleRef> ClassFile::getLambdaImplementations() const {
  std::vector<MethodHandleRef> out;
  for (const BootstrapMethod &b : bootstrapMethods) {
    auto bsm = resolveMethodHandle(b.methodRef);
    if (!bsm) {
      llvm::consumeError(bsm.takeError());
      continue;
    }
    if (bsm->member.className != "java/lang/invoke/LambdaMetafactory" ||
        (bsm->member.name != "metafactory" &&
         bsm->member.name != "altMetafactory") ||
        b.arguments.size() < 2)
      continue;
    auto impl = resolveMethodHandle(b.arguments[1]);
    if (!impl) {
      llvm::consumeError(impl.takeError());
      continue;
    }
    out.push_back(std::move(*impl));
  }
  return out;
}

const MethodInfo *ClassFile::findMethod(StringRef n, StringRef desc) const {
  for (const MethodInfo &m : methods)
    if (m.name == n && (desc.empty() || m.descriptor == desc))
      return &m;
  return nullptr;
}

std::vector<const MethodInfo *> ClassFile::findMethods(StringRef n) const {
  std::vector<const MethodInfo *> out;
  for (const MethodInfo &m : methods)
    if (m.name == n)
      out.push_back(&m);
  return out;
}

const FieldInfo *ClassFile::findField(StringRef n, StringRef desc) const {
  for (const FieldInfo &f : fields)
    if (f.name == n && (desc.empty() || f.descriptor == desc))
      return &f;
  return nullptr;
}

const Annotation *ClassFile::findAnnotation(StringRef type) const {
  for (const Annotation &a : visibleAnnotations)
    if (a.type == type)
      return &a;
  for (const Annotation &a : invisibleAnnotations)
    if (a.type == type)
      return &a;
  return nullptr;
}

std::string ClassFile::getBinaryName() const {
  std::string s = thisClass;
  std::replace(s.begin(), s.end(), '/', '.');
  return s;
}

Expected<ClassFile> kgpu::jvm::parseClassFile(llvm::ArrayRef<uint8_t> data,
                                              StringRef bufferName) {
  return Parser(data, bufferName).parse();
}
