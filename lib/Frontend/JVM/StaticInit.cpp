//===- StaticInit.cpp - Constant static fields from <clinit> --------------===//
//
// A straight-line interpreter of the JVM instructions a static initializer
// uses to set constants, with Java's arithmetic (wrapping int/long, masked
// shift counts, saturating float-to-int conversions, IEEE float and double
// in their own precision).
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/StaticInit.h"

#include "kgpu/Frontend/JVM/ClassFileBytecode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace kgpu::jvm;
using llvm::StringRef;

bool JvmConstant::identical(const JvmConstant &o) const {
  if (kind != o.kind)
    return false;
  switch (kind) {
  case Int:
    return i == o.i;
  case Long:
    return l == o.l;
  case Float:
    return std::memcmp(&f, &o.f, sizeof f) == 0;
  case Double:
    return std::memcmp(&d, &o.d, sizeof d) == 0;
  }
  return false;
}

namespace {

/// Calls followed into (e.g. <clinit> -> __$swapInit); bounds recursion.
constexpr unsigned kMaxCallDepth = 8;
/// Instructions interpreted in all, so that nothing runs long.
constexpr unsigned kMaxSteps = 100000;

template <typename F, typename I> I saturate(F v) {
  if (std::isnan(v))
    return 0;
  if (v >= F(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  if (v <= F(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  return I(v);
}

int32_t wrapAdd(int32_t a, int32_t b) { return int32_t(uint32_t(a) + uint32_t(b)); }
int32_t wrapSub(int32_t a, int32_t b) { return int32_t(uint32_t(a) - uint32_t(b)); }
int32_t wrapMul(int32_t a, int32_t b) { return int32_t(uint32_t(a) * uint32_t(b)); }
int64_t wrapAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
int64_t wrapSub(int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); }
int64_t wrapMul(int64_t a, int64_t b) { return int64_t(uint64_t(a) * uint64_t(b)); }

/// An operand-stack or local value: a constant or unknown; cat2 for long
/// and double.
struct Val {
  bool known = false;
  bool cat2 = false;
  JvmConstant c;
  static Val unknown(bool cat2 = false) {
    Val v;
    v.cat2 = cat2;
    return v;
  }
  static Val of(JvmConstant c) {
    Val v;
    v.known = true;
    v.c = c;
    v.cat2 = c.kind == JvmConstant::Long || c.kind == JvmConstant::Double;
    return v;
  }
};

struct Site {
  unsigned method;
  uint32_t pc;
};

class Interpreter {
public:
  explicit Interpreter(const ClassFile &cf) : cf(cf) {}

  /// Runs <clinit>; fills `assigned` with the last value put into each
  /// field of this class ("name:desc"), and `sites` with the putstatic
  /// instructions that ran.
  void run() {
    // The JVM sets fields with a ConstantValue attribute before <clinit>
    // runs (JVMS 5.5), so getstatic of them sees the value.
    for (const FieldInfo &f : cf.fields) {
      if (!f.isStatic() || !f.constantValueIndex)
        continue;
      auto e = cf.getEntry(*f.constantValueIndex);
      if (!e) {
        llvm::consumeError(e.takeError());
        continue;
      }
      std::string key = f.name + ":" + f.descriptor;
      if (e->tag == CpTag::Integer)
        assigned[key] = Val::of(JvmConstant::ofInt(e->getInt()));
      else if (e->tag == CpTag::Long)
        assigned[key] = Val::of(JvmConstant::ofLong(e->getLong()));
      else if (e->tag == CpTag::Float)
        assigned[key] = Val::of(JvmConstant::ofFloat(e->getFloat()));
      else if (e->tag == CpTag::Double)
        assigned[key] = Val::of(JvmConstant::ofDouble(e->getDouble()));
    }
    for (unsigned m = 0; m < cf.methods.size(); ++m)
      if (cf.methods[m].name == "<clinit>" && cf.methods[m].code) {
        (void)call(m, 0);
        return;
      }
  }

  llvm::StringMap<Val> assigned;
  llvm::DenseSet<uint64_t> sites;

private:
  /// Interprets method `m`; false when evaluation must stop everywhere.
  bool call(unsigned m, unsigned depth) {
    const CodeAttribute &code = *cf.methods[m].code;
    std::vector<Val> stack;
    llvm::DenseMap<unsigned, Val> locals;
    uint32_t pc = 0;
    auto pop = [&](Val &v) {
      if (stack.empty())
        return false;
      v = stack.back();
      stack.pop_back();
      return true;
    };
    while (pc < code.code.size()) {
      if (++steps > kMaxSteps)
        return false;
      auto insnOrErr = decodeInstruction(code.code, pc);
      if (!insnOrErr) {
        llvm::consumeError(insnOrErr.takeError());
        return false;
      }
      const Instruction &in = *insnOrErr;
      pc += in.length;
      uint8_t o = in.opcode;
      Val a, b;
      // Constants.
      if (o == op::nop)
        continue;
      if (o == op::aconst_null) {
        stack.push_back(Val::unknown());
        continue;
      }
      if (o >= op::iconst_m1 && o <= op::iconst_5) {
        stack.push_back(Val::of(JvmConstant::ofInt(int(o) - op::iconst_0)));
        continue;
      }
      if (o == op::lconst_0 || o == op::lconst_1) {
        stack.push_back(Val::of(JvmConstant::ofLong(o - op::lconst_0)));
        continue;
      }
      if (o >= op::fconst_0 && o <= op::fconst_2) {
        stack.push_back(Val::of(JvmConstant::ofFloat(float(o - op::fconst_0))));
        continue;
      }
      if (o == op::dconst_0 || o == op::dconst_1) {
        stack.push_back(
            Val::of(JvmConstant::ofDouble(double(o - op::dconst_0))));
        continue;
      }
      if (o == op::bipush || o == op::sipush) {
        stack.push_back(Val::of(JvmConstant::ofInt(in.value)));
        continue;
      }
      if (o == op::ldc || o == op::ldc_w || o == op::ldc2_w) {
        auto e = cf.getEntry(in.index);
        if (!e) {
          llvm::consumeError(e.takeError());
          return false;
        }
        switch (e->tag) {
        case CpTag::Integer:
          stack.push_back(Val::of(JvmConstant::ofInt(e->getInt())));
          break;
        case CpTag::Float:
          stack.push_back(Val::of(JvmConstant::ofFloat(e->getFloat())));
          break;
        case CpTag::Long:
          stack.push_back(Val::of(JvmConstant::ofLong(e->getLong())));
          break;
        case CpTag::Double:
          stack.push_back(Val::of(JvmConstant::ofDouble(e->getDouble())));
          break;
        case CpTag::String:
        case CpTag::Class:
        case CpTag::MethodType:
        case CpTag::MethodHandle:
          stack.push_back(Val::unknown());
          break;
        default: // Dynamic: runs a bootstrap method
          return false;
        }
        continue;
      }
      // Locals.
      if ((o >= op::iload && o <= op::aload) ||
          (o >= op::iload_0 && o <= op::aload_3)) {
        bool wide = o == op::lload || o == op::dload ||
                    (o >= op::lload_0 && o <= op::dload_3);
        auto it = locals.find(in.local);
        stack.push_back(it == locals.end() ? Val::unknown(wide) : it->second);
        continue;
      }
      if ((o >= op::istore && o <= op::astore) ||
          (o >= op::istore_0 && o <= op::astore_3)) {
        if (!pop(a))
          return false;
        locals[in.local] = a;
        if (a.cat2)
          locals.erase(in.local + 1);
        continue;
      }
      if (o == op::iinc) {
        auto it = locals.find(in.local);
        if (it != locals.end() && it->second.known &&
            it->second.c.kind == JvmConstant::Int)
          it->second.c.i = wrapAdd(it->second.c.i, in.value);
        else
          locals[in.local] = Val::unknown();
        continue;
      }
      // Stack manipulation.
      switch (o) {
      case op::pop:
        if (!pop(a) || a.cat2)
          return false;
        continue;
      case op::pop2:
        if (!pop(a))
          return false;
        if (!a.cat2 && (!pop(b) || b.cat2))
          return false;
        continue;
      case op::dup:
        if (stack.empty() || stack.back().cat2)
          return false;
        stack.push_back(stack.back());
        continue;
      case op::dup_x1:
        if (!pop(a) || !pop(b) || a.cat2 || b.cat2)
          return false;
        stack.push_back(a);
        stack.push_back(b);
        stack.push_back(a);
        continue;
      case op::dup2:
        if (stack.empty())
          return false;
        if (stack.back().cat2) {
          stack.push_back(stack.back());
        } else {
          if (stack.size() < 2 || stack[stack.size() - 2].cat2)
            return false;
          Val x = stack[stack.size() - 2], y = stack.back();
          stack.push_back(x);
          stack.push_back(y);
        }
        continue;
      case op::swap:
        if (!pop(a) || !pop(b) || a.cat2 || b.cat2)
          return false;
        stack.push_back(a);
        stack.push_back(b);
        continue;
      default:
        break;
      }
      // Arithmetic.
      if (o >= op::iadd && o <= op::lxor && o != op::ineg && o != op::lneg &&
          o != op::fneg && o != op::dneg) {
        if (!pop(b) || !pop(a))
          return false;
        if (!a.known || !b.known) {
          // The kind of the result follows the opcode's type letter.
          unsigned t = (o >= op::ishl) ? (o - op::ishl) % 2 : (o - op::iadd) % 4;
          bool wide = (o >= op::ishl) ? t == 1 : (t == 1 || t == 3);
          stack.push_back(Val::unknown(wide));
          continue;
        }
        std::optional<JvmConstant> r = binary(o, a.c, b.c);
        if (!r)
          return false; // division by zero (would throw) or a type mismatch
        stack.push_back(Val::of(*r));
        continue;
      }
      if (o == op::ineg || o == op::lneg || o == op::fneg || o == op::dneg) {
        if (!pop(a))
          return false;
        if (a.known) {
          JvmConstant c = a.c;
          if (o == op::ineg && c.kind == JvmConstant::Int)
            c.i = wrapSub(0, c.i);
          else if (o == op::lneg && c.kind == JvmConstant::Long)
            c.l = wrapSub(int64_t(0), c.l);
          else if (o == op::fneg && c.kind == JvmConstant::Float)
            c.f = -c.f;
          else if (o == op::dneg && c.kind == JvmConstant::Double)
            c.d = -c.d;
          else
            return false;
          a.c = c;
        }
        stack.push_back(a);
        continue;
      }
      if (o >= op::i2l && o <= op::i2s) {
        if (!pop(a))
          return false;
        std::optional<Val> r = convert(o, a);
        if (!r)
          return false;
        stack.push_back(*r);
        continue;
      }
      if (o >= op::lcmp && o <= op::dcmpg) {
        if (!pop(b) || !pop(a))
          return false;
        if (!a.known || !b.known) {
          stack.push_back(Val::unknown());
          continue;
        }
        std::optional<JvmConstant> r = compare(o, a.c, b.c);
        if (!r)
          return false;
        stack.push_back(Val::of(*r));
        continue;
      }
      // Fields.
      if (o == op::getstatic || o == op::putstatic) {
        auto ref = cf.resolveMemberRef(in.index);
        if (!ref) {
          llvm::consumeError(ref.takeError());
          return false;
        }
        auto type = parseFieldDescriptor(ref->descriptor);
        if (!type) {
          llvm::consumeError(type.takeError());
          return false;
        }
        bool wide = type->slots() == 2;
        std::string key = ref->name + ":" + ref->descriptor;
        bool own = ref->className == cf.thisClass;
        if (o == op::getstatic) {
          auto it = own ? assigned.find(key) : assigned.end();
          stack.push_back(it != assigned.end() ? it->second
                                               : Val::unknown(wide));
          continue;
        }
        if (!pop(a) || a.cat2 != wide)
          return false;
        if (own) {
          assigned[key] = a.known ? narrow(a, *type) : a;
          sites.insert((uint64_t(m) << 32) | in.pc);
        }
        continue;
      }
      // Calls of static ()V methods of this class (Groovy's __$swapInit).
      if (o == op::invokestatic) {
        auto ref = cf.resolveMemberRef(in.index);
        if (!ref) {
          llvm::consumeError(ref.takeError());
          return false;
        }
        if (ref->className != cf.thisClass || ref->descriptor != "()V" ||
            depth + 1 >= kMaxCallDepth)
          return false;
        int callee = -1;
        for (unsigned k = 0; k < cf.methods.size(); ++k)
          if (cf.methods[k].name == ref->name &&
              cf.methods[k].descriptor == "()V" && cf.methods[k].isStatic() &&
              cf.methods[k].code)
            callee = int(k);
        if (callee < 0 || !call(unsigned(callee), depth + 1))
          return false;
        continue;
      }
      if (o == op::return_)
        return true;
      // Anything else (branches, objects, arrays, other calls, throws).
      return false;
    }
    return false;
  }

  static Val narrow(Val v, const FieldType &t) {
    if (!t.isPrimitive() || v.c.kind != JvmConstant::Int)
      return v;
    switch (t.kind) {
    case FieldType::Boolean:
      v.c.i &= 1;
      break;
    case FieldType::Byte:
      v.c.i = int8_t(v.c.i);
      break;
    case FieldType::Char:
      v.c.i = uint16_t(v.c.i);
      break;
    case FieldType::Short:
      v.c.i = int16_t(v.c.i);
      break;
    default:
      break;
    }
    return v;
  }

  static std::optional<JvmConstant> binary(uint8_t o, JvmConstant a,
                                           JvmConstant b) {
    using K = JvmConstant;
    // Shifts: the count is an int for long shifts too.
    if (o >= op::ishl && o <= op::lushr) {
      if (b.kind != K::Int)
        return std::nullopt;
      bool isLong = (o - op::ishl) % 2 == 1;
      if (isLong) {
        if (a.kind != K::Long)
          return std::nullopt;
        unsigned s = unsigned(b.i) & 63;
        uint64_t x = uint64_t(a.l);
        if (o == op::lshl)
          return K::ofLong(int64_t(x << s));
        if (o == op::lshr)
          return K::ofLong(a.l < 0 ? int64_t(~(~x >> s)) : int64_t(x >> s));
        return K::ofLong(int64_t(x >> s));
      }
      if (a.kind != K::Int)
        return std::nullopt;
      unsigned s = unsigned(b.i) & 31;
      uint32_t x = uint32_t(a.i);
      if (o == op::ishl)
        return K::ofInt(int32_t(x << s));
      if (o == op::ishr)
        return K::ofInt(a.i < 0 ? int32_t(~(~x >> s)) : int32_t(x >> s));
      return K::ofInt(int32_t(x >> s));
    }
    if (a.kind != b.kind)
      return std::nullopt;
    if (o >= op::iand) {
      if (((o - op::iand) % 2 == 1) != (a.kind == K::Long))
        return std::nullopt;
      unsigned which = (o - op::iand) / 2; // and, or, xor
      if (a.kind == K::Int)
        return K::ofInt(which == 0 ? (a.i & b.i)
                                   : which == 1 ? (a.i | b.i) : (a.i ^ b.i));
      if (a.kind == K::Long)
        return K::ofLong(which == 0 ? (a.l & b.l)
                                    : which == 1 ? (a.l | b.l) : (a.l ^ b.l));
      return std::nullopt;
    }
    unsigned opKind = (o - op::iadd) / 4; // add sub mul div rem
    unsigned type = (o - op::iadd) % 4;   // i l f d
    if (type != unsigned(a.kind))
      return std::nullopt;
    switch (a.kind) {
    case K::Int:
      switch (opKind) {
      case 0:
        return K::ofInt(wrapAdd(a.i, b.i));
      case 1:
        return K::ofInt(wrapSub(a.i, b.i));
      case 2:
        return K::ofInt(wrapMul(a.i, b.i));
      case 3:
        if (b.i == 0)
          return std::nullopt;
        if (a.i == std::numeric_limits<int32_t>::min() && b.i == -1)
          return K::ofInt(a.i);
        return K::ofInt(a.i / b.i);
      default:
        if (b.i == 0)
          return std::nullopt;
        if (b.i == -1)
          return K::ofInt(0);
        return K::ofInt(a.i % b.i);
      }
    case K::Long:
      switch (opKind) {
      case 0:
        return K::ofLong(wrapAdd(a.l, b.l));
      case 1:
        return K::ofLong(wrapSub(a.l, b.l));
      case 2:
        return K::ofLong(wrapMul(a.l, b.l));
      case 3:
        if (b.l == 0)
          return std::nullopt;
        if (a.l == std::numeric_limits<int64_t>::min() && b.l == -1)
          return K::ofLong(a.l);
        return K::ofLong(a.l / b.l);
      default:
        if (b.l == 0)
          return std::nullopt;
        if (b.l == -1)
          return K::ofLong(0);
        return K::ofLong(a.l % b.l);
      }
    case K::Float: {
      volatile float x = a.f, y = b.f; // no contraction, float precision
      switch (opKind) {
      case 0:
        return K::ofFloat(x + y);
      case 1:
        return K::ofFloat(x - y);
      case 2:
        return K::ofFloat(x * y);
      case 3:
        return K::ofFloat(x / y);
      default:
        return K::ofFloat(std::fmod(float(x), float(y)));
      }
    }
    case K::Double: {
      volatile double x = a.d, y = b.d;
      switch (opKind) {
      case 0:
        return K::ofDouble(x + y);
      case 1:
        return K::ofDouble(x - y);
      case 2:
        return K::ofDouble(x * y);
      case 3:
        return K::ofDouble(x / y);
      default:
        return K::ofDouble(std::fmod(double(x), double(y)));
      }
    }
    }
    return std::nullopt;
  }

  static std::optional<Val> convert(uint8_t o, Val v) {
    using K = JvmConstant;
    static const K::Kind from[] = {
        K::Int,   K::Int,   K::Int,   K::Long, K::Long, K::Long,
        K::Float, K::Float, K::Float, K::Double, K::Double, K::Double,
        K::Int,   K::Int,   K::Int};
    static const K::Kind to[] = {
        K::Long, K::Float, K::Double, K::Int,  K::Float, K::Double,
        K::Int,  K::Long,  K::Double, K::Int,  K::Long,  K::Float,
        K::Int,  K::Int,   K::Int};
    unsigned k = o - op::i2l;
    if (!v.known) {
      if (v.cat2 != (from[k] == K::Long || from[k] == K::Double))
        return std::nullopt;
      return Val::unknown(to[k] == K::Long || to[k] == K::Double);
    }
    if (v.c.kind != from[k])
      return std::nullopt;
    const K &c = v.c;
    switch (o) {
    case op::i2l:
      return Val::of(K::ofLong(c.i));
    case op::i2f:
      return Val::of(K::ofFloat(float(c.i)));
    case op::i2d:
      return Val::of(K::ofDouble(double(c.i)));
    case op::l2i:
      return Val::of(K::ofInt(int32_t(uint32_t(uint64_t(c.l)))));
    case op::l2f:
      return Val::of(K::ofFloat(float(c.l)));
    case op::l2d:
      return Val::of(K::ofDouble(double(c.l)));
    case op::f2i:
      return Val::of(K::ofInt(saturate<float, int32_t>(c.f)));
    case op::f2l:
      return Val::of(K::ofLong(saturate<float, int64_t>(c.f)));
    case op::f2d:
      return Val::of(K::ofDouble(double(c.f)));
    case op::d2i:
      return Val::of(K::ofInt(saturate<double, int32_t>(c.d)));
    case op::d2l:
      return Val::of(K::ofLong(saturate<double, int64_t>(c.d)));
    case op::d2f:
      return Val::of(K::ofFloat(float(c.d)));
    case op::i2b:
      return Val::of(K::ofInt(int8_t(c.i)));
    case op::i2c:
      return Val::of(K::ofInt(uint16_t(c.i)));
    default: // i2s
      return Val::of(K::ofInt(int16_t(c.i)));
    }
  }

  static std::optional<JvmConstant> compare(uint8_t o, JvmConstant a,
                                            JvmConstant b) {
    using K = JvmConstant;
    if (a.kind != b.kind)
      return std::nullopt;
    if (o == op::lcmp) {
      if (a.kind != K::Long)
        return std::nullopt;
      return K::ofInt(a.l < b.l ? -1 : a.l > b.l ? 1 : 0);
    }
    bool isFloat = o == op::fcmpl || o == op::fcmpg;
    if (a.kind != (isFloat ? K::Float : K::Double))
      return std::nullopt;
    double x = isFloat ? a.f : a.d, y = isFloat ? b.f : b.d;
    if (std::isnan(x) || std::isnan(y))
      return K::ofInt(o == op::fcmpg || o == op::dcmpg ? 1 : -1);
    return K::ofInt(x < y ? -1 : x > y ? 1 : 0);
  }

  const ClassFile &cf;
  unsigned steps = 0;
};

/// Whether a field's value may be taken from <clinit>: static finals, and
/// Groovy's `$const$N` fields (private static, set only by __$swapInit).
bool eligible(const FieldInfo &f) {
  if (!f.isStatic())
    return false;
  if (f.isFinal())
    return true;
  return StringRef(f.name).starts_with("$const$");
}

std::optional<JvmConstant> fromPool(const ClassFile &cf, uint16_t index) {
  auto e = cf.getEntry(index);
  if (!e) {
    llvm::consumeError(e.takeError());
    return std::nullopt;
  }
  switch (e->tag) {
  case CpTag::Integer:
    return JvmConstant::ofInt(e->getInt());
  case CpTag::Long:
    return JvmConstant::ofLong(e->getLong());
  case CpTag::Float:
    return JvmConstant::ofFloat(e->getFloat());
  case CpTag::Double:
    return JvmConstant::ofDouble(e->getDouble());
  default:
    return std::nullopt;
  }
}

/// Whether a constant fits a field descriptor.
bool fits(const JvmConstant &c, StringRef desc) {
  switch (c.kind) {
  case JvmConstant::Int:
    return desc == "I" || desc == "Z" || desc == "B" || desc == "C" ||
           desc == "S";
  case JvmConstant::Long:
    return desc == "J";
  case JvmConstant::Float:
    return desc == "F";
  case JvmConstant::Double:
    return desc == "D";
  }
  return false;
}

} // namespace

llvm::StringMap<StaticConstant>
kgpu::jvm::evaluateStaticInitializer(const ClassFile &cf) {
  llvm::StringMap<StaticConstant> out;
  Interpreter interp(cf);
  interp.run();
  // Every putstatic of this class's fields anywhere in the class.
  llvm::StringMap<std::vector<uint64_t>> allSites;
  for (unsigned m = 0; m < cf.methods.size(); ++m) {
    if (!cf.methods[m].code)
      continue;
    auto insns = decodeCode(cf.methods[m].code->code);
    if (!insns) {
      // Undecodable code somewhere: nothing can be proven.
      llvm::consumeError(insns.takeError());
      return out;
    }
    for (const Instruction &in : *insns) {
      if (in.opcode != op::putstatic)
        continue;
      auto ref = cf.resolveMemberRef(in.index);
      if (!ref) {
        llvm::consumeError(ref.takeError());
        return out;
      }
      if (ref->className == cf.thisClass)
        allSites[ref->name + ":" + ref->descriptor].push_back(
            (uint64_t(m) << 32) | in.pc);
    }
  }
  llvm::StringMap<unsigned> nameCount;
  for (const FieldInfo &f : cf.fields)
    ++nameCount[f.name];
  for (const FieldInfo &f : cf.fields) {
    if (!eligible(f) || nameCount[f.name] != 1)
      continue;
    std::string key = f.name + ":" + f.descriptor;
    auto it = interp.assigned.find(key);
    if (it == interp.assigned.end() || !it->second.known ||
        allSites[key].empty())
      continue;
    bool allRan = true;
    for (uint64_t s : allSites[key])
      allRan &= interp.sites.contains(s);
    if (!allRan || !fits(it->second.c, f.descriptor))
      continue;
    out[f.name] = StaticConstant{f.descriptor, it->second.c, false};
  }
  return out;
}

llvm::StringMap<StaticConstant>
kgpu::jvm::evaluateStaticConstants(const ClassFile &cf) {
  llvm::StringMap<StaticConstant> out = evaluateStaticInitializer(cf);
  llvm::StringMap<unsigned> nameCount;
  for (const FieldInfo &f : cf.fields)
    ++nameCount[f.name];
  for (const FieldInfo &f : cf.fields) {
    if (!f.isStatic() || !f.constantValueIndex || nameCount[f.name] != 1)
      continue;
    std::optional<JvmConstant> c = fromPool(cf, *f.constantValueIndex);
    if (!c || !fits(*c, f.descriptor))
      continue;
    // A ConstantValue attribute is what the JVM initialises the field with
    // before <clinit> runs; a later putstatic can only target a non-final.
    if (!f.isFinal() && out.count(f.name))
      continue;
    out[f.name] = StaticConstant{f.descriptor, *c, true};
  }
  return out;
}
