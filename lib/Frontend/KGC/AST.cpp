//===- AST.cpp - kgc abstract syntax tree ---------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/AST.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace kgpu::kgc;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

llvm::StringRef kgpu::kgc::getScalarKindName(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::Bool:
    return "bool";
  case ScalarKind::Int:
    return "int";
  case ScalarKind::UInt:
    return "uint";
  case ScalarKind::Long:
    return "long";
  case ScalarKind::ULong:
    return "ulong";
  case ScalarKind::Half:
    return "half";
  case ScalarKind::Float:
    return "float";
  case ScalarKind::Double:
    return "double";
  }
  return "?";
}

llvm::StringRef kgpu::kgc::getAddressSpaceName(AddressSpace space) {
  switch (space) {
  case AddressSpace::Private:
    return "private";
  case AddressSpace::Global:
    return "global";
  case AddressSpace::Local:
    return "local";
  case AddressSpace::Constant:
    return "constant";
  }
  return "?";
}

llvm::StringRef kgpu::kgc::getMMAShapeName(MMAShape shape) {
  switch (shape) {
  case MMAShape::M16N8K16:
    return "m16n8k16";
  case MMAShape::M16N16K16:
    return "m16n16k16";
  case MMAShape::M16N8K32:
    return "m16n8k32";
  case MMAShape::M16N8K8:
    return "m16n8k8";
  case MMAShape::M32N8K16:
    return "m32n8k16";
  case MMAShape::M8N32K16:
    return "m8n32k16";
  case MMAShape::M64N64K16:
    return "m64n64k16";
  case MMAShape::M64N128K16:
    return "m64n128k16";
  case MMAShape::M64N256K16:
    return "m64n256k16";
  }
  return "?";
}

void kgpu::kgc::getMMAShapeDims(MMAShape shape, unsigned &m, unsigned &n,
                                unsigned &k) {
  switch (shape) {
  case MMAShape::M16N8K16:
    m = 16, n = 8, k = 16;
    return;
  case MMAShape::M16N16K16:
    m = 16, n = 16, k = 16;
    return;
  case MMAShape::M16N8K32:
    m = 16, n = 8, k = 32;
    return;
  case MMAShape::M16N8K8:
    m = 16, n = 8, k = 8;
    return;
  case MMAShape::M32N8K16:
    m = 32, n = 8, k = 16;
    return;
  case MMAShape::M8N32K16:
    m = 8, n = 32, k = 16;
    return;
  case MMAShape::M64N64K16:
    m = 64, n = 64, k = 16;
    return;
  case MMAShape::M64N128K16:
    m = 64, n = 128, k = 16;
    return;
  case MMAShape::M64N256K16:
    m = 64, n = 256, k = 16;
    return;
  }
  m = n = k = 0;
}

llvm::StringRef kgpu::kgc::getMMARoleName(MMARole role) {
  switch (role) {
  case MMARole::A:
    return "a";
  case MMARole::B:
    return "b";
  case MMARole::Acc:
    return "acc";
  }
  return "?";
}

llvm::StringRef kgpu::kgc::getCastKindName(CastKind kind) {
  switch (kind) {
  case CastKind::LValueToRValue:
    return "LValueToRValue";
  case CastKind::NoOp:
    return "NoOp";
  case CastKind::IntegralCast:
    return "IntegralCast";
  case CastKind::IntegralToBoolean:
    return "IntegralToBoolean";
  case CastKind::FloatingToBoolean:
    return "FloatingToBoolean";
  case CastKind::BooleanToIntegral:
    return "BooleanToIntegral";
  case CastKind::BooleanToFloating:
    return "BooleanToFloating";
  case CastKind::IntegralToFloating:
    return "IntegralToFloating";
  case CastKind::FloatingToIntegral:
    return "FloatingToIntegral";
  case CastKind::FloatingCast:
    return "FloatingCast";
  case CastKind::ToVoid:
    return "ToVoid";
  }
  return "?";
}

llvm::StringRef kgpu::kgc::getUnaryOpSpelling(UnaryOpKind op) {
  switch (op) {
  case UnaryOpKind::Plus:
    return "+";
  case UnaryOpKind::Minus:
    return "-";
  case UnaryOpKind::LNot:
    return "!";
  case UnaryOpKind::Not:
    return "~";
  case UnaryOpKind::PreInc:
  case UnaryOpKind::PostInc:
    return "++";
  case UnaryOpKind::PreDec:
  case UnaryOpKind::PostDec:
    return "--";
  case UnaryOpKind::AddrOf:
    return "&";
  case UnaryOpKind::Deref:
    return "*";
  }
  return "?";
}

llvm::StringRef kgpu::kgc::getBinaryOpSpelling(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::Mul:
    return "*";
  case BinaryOpKind::Div:
    return "/";
  case BinaryOpKind::Rem:
    return "%";
  case BinaryOpKind::Add:
    return "+";
  case BinaryOpKind::Sub:
    return "-";
  case BinaryOpKind::Shl:
    return "<<";
  case BinaryOpKind::Shr:
    return ">>";
  case BinaryOpKind::LT:
    return "<";
  case BinaryOpKind::GT:
    return ">";
  case BinaryOpKind::LE:
    return "<=";
  case BinaryOpKind::GE:
    return ">=";
  case BinaryOpKind::EQ:
    return "==";
  case BinaryOpKind::NE:
    return "!=";
  case BinaryOpKind::And:
    return "&";
  case BinaryOpKind::Xor:
    return "^";
  case BinaryOpKind::Or:
    return "|";
  case BinaryOpKind::LAnd:
    return "&&";
  case BinaryOpKind::LOr:
    return "||";
  case BinaryOpKind::Comma:
    return ",";
  case BinaryOpKind::Assign:
    return "=";
  case BinaryOpKind::MulAssign:
    return "*=";
  case BinaryOpKind::DivAssign:
    return "/=";
  case BinaryOpKind::RemAssign:
    return "%=";
  case BinaryOpKind::AddAssign:
    return "+=";
  case BinaryOpKind::SubAssign:
    return "-=";
  case BinaryOpKind::ShlAssign:
    return "<<=";
  case BinaryOpKind::ShrAssign:
    return ">>=";
  case BinaryOpKind::AndAssign:
    return "&=";
  case BinaryOpKind::XorAssign:
    return "^=";
  case BinaryOpKind::OrAssign:
    return "|=";
  }
  return "?";
}

BinaryOpKind kgpu::kgc::getCompoundArithOp(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::MulAssign:
    return BinaryOpKind::Mul;
  case BinaryOpKind::DivAssign:
    return BinaryOpKind::Div;
  case BinaryOpKind::RemAssign:
    return BinaryOpKind::Rem;
  case BinaryOpKind::AddAssign:
    return BinaryOpKind::Add;
  case BinaryOpKind::SubAssign:
    return BinaryOpKind::Sub;
  case BinaryOpKind::ShlAssign:
    return BinaryOpKind::Shl;
  case BinaryOpKind::ShrAssign:
    return BinaryOpKind::Shr;
  case BinaryOpKind::AndAssign:
    return BinaryOpKind::And;
  case BinaryOpKind::XorAssign:
    return BinaryOpKind::Xor;
  case BinaryOpKind::OrAssign:
    return BinaryOpKind::Or;
  default:
    return op;
  }
}

llvm::StringRef kgpu::kgc::getBuiltinName(BuiltinKind kind) {
  switch (kind) {
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance)                     \
  case BuiltinKind::Kind:                                                      \
    return Name;
#include "kgpu/Frontend/KGC/Builtins.def"
  }
  return "?";
}

BuiltinCategory kgpu::kgc::getBuiltinCategory(BuiltinKind kind) {
  switch (kind) {
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance)                     \
  case BuiltinKind::Kind:                                                      \
    return BuiltinCategory::Category;
#include "kgpu/Frontend/KGC/Builtins.def"
  }
  return BuiltinCategory::Math;
}

unsigned kgpu::kgc::getBuiltinArity(BuiltinKind kind) {
  switch (kind) {
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance)                     \
  case BuiltinKind::Kind:                                                      \
    return Arity;
#include "kgpu/Frontend/KGC/Builtins.def"
  }
  return 0;
}

BuiltinVariance kgpu::kgc::getBuiltinVariance(BuiltinKind kind) {
  switch (kind) {
#define KGC_BUILTIN(Kind, Name, Category, Arity, Variance)                     \
  case BuiltinKind::Kind:                                                      \
    return BuiltinVariance::Variance;
#include "kgpu/Frontend/KGC/Builtins.def"
  }
  return BuiltinVariance::Args;
}

llvm::StringRef kgpu::kgc::getReduceOpSpelling(ReduceOpKind op) {
  switch (op) {
  case ReduceOpKind::Add:
    return "+";
  case ReduceOpKind::Mul:
    return "*";
  case ReduceOpKind::Min:
    return "min";
  case ReduceOpKind::Max:
    return "max";
  case ReduceOpKind::And:
    return "&";
  case ReduceOpKind::Or:
    return "|";
  case ReduceOpKind::Xor:
    return "^";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Type
//===----------------------------------------------------------------------===//

Type Type::getArray(ScalarKind elem, llvm::ArrayRef<int64_t> dims,
                    AddressSpace space, bool constElem) {
  Type t;
  t.kind = Kind::Array;
  t.elem = elem;
  t.space = space;
  t.constElem = constElem;
  t.rank = dims.size() > 3 ? 3 : dims.size();
  for (unsigned i = 0; i < t.rank; ++i)
    t.dims[i] = dims[i];
  return t;
}

int64_t Type::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getDims())
    n *= d;
  return n;
}

Type Type::dropOuterDim() const {
  if (!isArray() || rank <= 1)
    return getElementType();
  return getArray(elem, getDims().drop_front(), space, constElem);
}

unsigned Type::getBitWidth() const {
  switch (elem) {
  case ScalarKind::Bool:
    return 1;
  case ScalarKind::Half:
    return 16;
  case ScalarKind::Int:
  case ScalarKind::UInt:
  case ScalarKind::Float:
    return 32;
  case ScalarKind::Long:
  case ScalarKind::ULong:
  case ScalarKind::Double:
    return 64;
  }
  return 0;
}

bool Type::operator==(const Type &o) const {
  if (kind != o.kind)
    return false;
  switch (kind) {
  case Kind::Invalid:
  case Kind::Void:
    return true;
  case Kind::Scalar:
    return elem == o.elem;
  case Kind::Pointer:
    return elem == o.elem && space == o.space && constElem == o.constElem;
  case Kind::Array:
    return elem == o.elem && space == o.space && constElem == o.constElem &&
           getDims() == o.getDims();
  case Kind::MMA:
    return elem == o.elem && shape == o.shape && role == o.role;
  }
  return false;
}

std::string Type::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  switch (kind) {
  case Kind::Invalid:
    os << "<invalid>";
    break;
  case Kind::Void:
    os << "void";
    break;
  case Kind::Scalar:
    os << getScalarKindName(elem);
    break;
  case Kind::Pointer:
    os << getAddressSpaceName(space) << ' ';
    if (constElem && space != AddressSpace::Constant)
      os << "const ";
    os << getScalarKindName(elem) << '*';
    break;
  case Kind::Array:
    if (space == AddressSpace::Local)
      os << "local ";
    if (constElem)
      os << "const ";
    os << getScalarKindName(elem);
    for (int64_t d : getDims())
      os << '[' << d << ']';
    break;
  case Kind::MMA:
    os << "mma<" << getMMAShapeName(shape) << ", " << getMMARoleName(role)
       << ", " << getScalarKindName(elem) << '>';
    break;
  }
  return s;
}

llvm::raw_ostream &kgpu::kgc::operator<<(llvm::raw_ostream &os, const Type &t) {
  return os << t.str();
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

DeclRefExpr *SubscriptExpr::getRootDeclRef() const {
  const Expr *e = this;
  while (auto *s = llvm::dyn_cast<SubscriptExpr>(e))
    e = ignoreImplicitCasts(s->getBase());
  return llvm::dyn_cast<DeclRefExpr>(const_cast<Expr *>(e));
}

VarDecl *Expr::getRootVarDecl() const {
  const Expr *e = ignoreImplicitCasts(this);
  if (auto *ref = llvm::dyn_cast<DeclRefExpr>(e))
    return ref->getDecl();
  if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e))
    if (DeclRefExpr *root = sub->getRootDeclRef())
      return root->getDecl();
  return nullptr;
}

llvm::SmallVector<Expr *, 3> SubscriptExpr::getIndices() const {
  llvm::SmallVector<Expr *, 3> indices;
  const Expr *e = this;
  while (auto *s = llvm::dyn_cast<SubscriptExpr>(e)) {
    indices.insert(indices.begin(), s->getIndex());
    e = ignoreImplicitCasts(s->getBase());
  }
  return indices;
}

const Expr *kgpu::kgc::ignoreImplicitCasts(const Expr *e) {
  while (auto *c = llvm::dyn_cast_or_null<ImplicitCastExpr>(e))
    e = c->getSubExpr();
  return e;
}

Expr *kgpu::kgc::ignoreImplicitCasts(Expr *e) {
  while (auto *c = llvm::dyn_cast_or_null<ImplicitCastExpr>(e))
    e = c->getSubExpr();
  return e;
}

void kgpu::kgc::appendChildren(const Expr *e,
                               llvm::SmallVectorImpl<Expr *> &out) {
  switch (e->getKind()) {
  case Expr::Kind::Unary:
    out.push_back(llvm::cast<UnaryExpr>(e)->getOperand());
    return;
  case Expr::Kind::Binary:
    out.push_back(llvm::cast<BinaryExpr>(e)->getLHS());
    out.push_back(llvm::cast<BinaryExpr>(e)->getRHS());
    return;
  case Expr::Kind::Assign:
    out.push_back(llvm::cast<AssignExpr>(e)->getLHS());
    out.push_back(llvm::cast<AssignExpr>(e)->getRHS());
    return;
  case Expr::Kind::Conditional: {
    auto *c = llvm::cast<ConditionalExpr>(e);
    out.push_back(c->getCond());
    out.push_back(c->getTrueExpr());
    out.push_back(c->getFalseExpr());
    return;
  }
  case Expr::Kind::ImplicitCast:
  case Expr::Kind::ExplicitCast:
    out.push_back(llvm::cast<CastExpr>(e)->getSubExpr());
    return;
  case Expr::Kind::Subscript:
    out.push_back(llvm::cast<SubscriptExpr>(e)->getBase());
    out.push_back(llvm::cast<SubscriptExpr>(e)->getIndex());
    return;
  case Expr::Kind::Call:
    for (Expr *a : llvm::cast<CallExpr>(e)->getArgs())
      out.push_back(a);
    return;
  case Expr::Kind::BuiltinCall:
    for (Expr *a : llvm::cast<BuiltinCallExpr>(e)->getArgs())
      out.push_back(a);
    return;
  case Expr::Kind::InitList:
    for (Expr *a : llvm::cast<InitListExpr>(e)->getInits())
      out.push_back(a);
    return;
  default:
    return;
  }
}

bool kgpu::kgc::walkExpr(const Expr *e,
                         llvm::function_ref<bool(const Expr *)> visit) {
  llvm::SmallVector<Expr *, 32> stack;
  llvm::SmallVector<Expr *, 4> children;
  stack.push_back(const_cast<Expr *>(e));
  while (!stack.empty()) {
    Expr *n = stack.pop_back_val();
    if (!n)
      continue;
    if (!visit(n))
      return false;
    children.clear();
    appendChildren(n, children);
    for (Expr *c : llvm::reverse(children))
      stack.push_back(c);
  }
  return true;
}

/// Prints `e` with an explicit stack of pending pieces (sub-expressions and
/// text), so that long operator chains do not recurse.
static void printExprImpl(llvm::raw_ostream &os, const Expr *root,
                          bool showLoads) {
  struct Piece {
    const Expr *e;
    std::string text; ///< Printed when `e` is null.
    bool isText;
  };
  llvm::SmallVector<Piece, 32> stack;
  stack.push_back({root, "", false});
  // Pieces of the node being expanded, in print order.
  llvm::SmallVector<Piece, 8> parts;
  auto text = [&](std::string t) {
    parts.push_back({nullptr, std::move(t), true});
  };
  auto sub = [&](const Expr *x) { parts.push_back({x, "", false}); };
  while (!stack.empty()) {
    Piece piece = stack.pop_back_val();
    if (piece.isText) {
      os << piece.text;
      continue;
    }
    const Expr *e = piece.e;
    if (!e) {
      os << "<null>";
      continue;
    }
    parts.clear();
    switch (e->getKind()) {
    case Expr::Kind::IntegerLiteral:
      os << llvm::cast<IntegerLiteral>(e)->getValue();
      break;
    case Expr::Kind::FloatLiteral: {
      double v = llvm::cast<FloatLiteral>(e)->getValue();
      os << llvm::format("%g", v);
      break;
    }
    case Expr::Kind::BoolLiteral:
      os << (llvm::cast<BoolLiteral>(e)->getValue() ? "true" : "false");
      break;
    case Expr::Kind::DeclRef:
      os << llvm::cast<DeclRefExpr>(e)->getName();
      break;
    case Expr::Kind::Unary: {
      auto *u = llvm::cast<UnaryExpr>(e);
      bool post = u->getOp() == UnaryOpKind::PostInc ||
                  u->getOp() == UnaryOpKind::PostDec;
      text(post ? std::string("(")
                : ("(" + getUnaryOpSpelling(u->getOp())).str());
      sub(u->getOperand());
      text(post ? (getUnaryOpSpelling(u->getOp()) + ")").str()
                : std::string(")"));
      break;
    }
    case Expr::Kind::Binary: {
      auto *b = llvm::cast<BinaryExpr>(e);
      text("(");
      sub(b->getLHS());
      text((" " + getBinaryOpSpelling(b->getOp()) + " ").str());
      sub(b->getRHS());
      text(")");
      break;
    }
    case Expr::Kind::Assign: {
      auto *a = llvm::cast<AssignExpr>(e);
      text("(");
      sub(a->getLHS());
      text((" " + getBinaryOpSpelling(a->getOp()) + " ").str());
      sub(a->getRHS());
      text(")");
      break;
    }
    case Expr::Kind::Conditional: {
      auto *c = llvm::cast<ConditionalExpr>(e);
      text("(");
      sub(c->getCond());
      text(" ? ");
      sub(c->getTrueExpr());
      text(" : ");
      sub(c->getFalseExpr());
      text(")");
      break;
    }
    case Expr::Kind::ImplicitCast: {
      auto *c = llvm::cast<ImplicitCastExpr>(e);
      if (c->getCastKind() == CastKind::LValueToRValue && !showLoads) {
        sub(c->getSubExpr());
        break;
      }
      std::string head;
      llvm::raw_string_ostream hs(head);
      hs << getCastKindName(c->getCastKind()) << ':' << c->getType() << '(';
      text(head);
      sub(c->getSubExpr());
      text(")");
      break;
    }
    case Expr::Kind::ExplicitCast: {
      auto *c = llvm::cast<ExplicitCastExpr>(e);
      std::string head;
      llvm::raw_string_ostream hs(head);
      hs << "((" << c->getType() << ")";
      text(head);
      sub(c->getSubExpr());
      text(")");
      break;
    }
    case Expr::Kind::Subscript: {
      auto *s = llvm::cast<SubscriptExpr>(e);
      sub(s->getBase());
      text("[");
      sub(s->getIndex());
      text("]");
      break;
    }
    case Expr::Kind::Call:
    case Expr::Kind::BuiltinCall: {
      llvm::ArrayRef<Expr *> args;
      if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
        text((c->getCalleeName() + "(").str());
        args = c->getArgs();
      } else {
        auto *b = llvm::cast<BuiltinCallExpr>(e);
        text((getBuiltinName(b->getBuiltinKind()) + "(").str());
        args = b->getArgs();
      }
      for (auto [i, a] : llvm::enumerate(args)) {
        if (i)
          text(", ");
        sub(a);
      }
      text(")");
      break;
    }
    case Expr::Kind::InitList: {
      text("{");
      for (auto [i, a] :
           llvm::enumerate(llvm::cast<InitListExpr>(e)->getInits())) {
        if (i)
          text(", ");
        sub(a);
      }
      text("}");
      break;
    }
    }
    for (Piece &p : llvm::reverse(parts))
      stack.push_back(std::move(p));
  }
}

std::string kgpu::kgc::printExpr(const Expr *e, bool showLoads) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printExprImpl(os, e, showLoads);
  return s;
}

//===----------------------------------------------------------------------===//
// TranslationUnit
//===----------------------------------------------------------------------===//

std::vector<FunctionDecl *> TranslationUnit::getKernels() const {
  std::vector<FunctionDecl *> kernels;
  for (Decl *d : decls)
    if (auto *f = llvm::dyn_cast<FunctionDecl>(d))
      if (f->isKernel() && f->isDefinition())
        kernels.push_back(f);
  return kernels;
}

FunctionDecl *TranslationUnit::lookupFunction(llvm::StringRef name) const {
  FunctionDecl *found = nullptr;
  for (Decl *d : decls)
    if (auto *f = llvm::dyn_cast<FunctionDecl>(d))
      if (f->getName() == name) {
        if (f->isDefinition())
          return f;
        found = f;
      }
  return found;
}

namespace {
class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &os) : os(os) {}

  void dumpDecl(const Decl *d) {
    if (auto *v = llvm::dyn_cast<VarDecl>(d)) {
      indent() << "VarDecl " << v->getName() << " : " << v->getType();
      if (v->isConst())
        os << " const";
      if (v->isGlobalConst()) {
        const ConstantValue &cv = v->getConstantValue();
        os << " = ";
        if (cv.isFloating())
          os << llvm::format("%g", cv.floatValue);
        else if (cv.type.isSignedInteger())
          os << cv.getSExtValue();
        else
          os << cv.getZExtValue();
      } else if (v->getInit()) {
        os << " = " << printExpr(v->getInit());
      }
      os << '\n';
      return;
    }
    auto *f = llvm::cast<FunctionDecl>(d);
    indent() << (f->isKernel() ? "Kernel " : "Function ") << f->getName()
             << " : " << f->getReturnType() << '(';
    llvm::interleaveComma(f->getParams(), os, [&](const VarDecl *p) {
      os << p->getType() << ' ' << p->getName();
    });
    os << ')' << (f->isDefinition() ? "" : " prototype") << '\n';
    if (f->getBody()) {
      ++depth;
      dumpStmt(f->getBody());
      --depth;
    }
  }

  void dumpStmt(const Stmt *s) {
    if (!s) {
      indent() << "<null>\n";
      return;
    }
    switch (s->getKind()) {
    case Stmt::Kind::Compound:
      indent() << "Compound\n";
      ++depth;
      for (const Stmt *c : llvm::cast<CompoundStmt>(s)->getBody())
        dumpStmt(c);
      --depth;
      return;
    case Stmt::Kind::Decl:
      for (const VarDecl *v : llvm::cast<DeclStmt>(s)->getDecls())
        dumpDecl(v);
      return;
    case Stmt::Kind::Expr:
      indent() << "Expr " << printExpr(llvm::cast<ExprStmt>(s)->getExpr())
               << '\n';
      return;
    case Stmt::Kind::If: {
      // An else-if chain is printed as nested Ifs, without recursion.
      auto *i = llvm::cast<IfStmt>(s);
      unsigned levels = 0;
      while (true) {
        indent() << "If " << printExpr(i->getCond()) << '\n';
        ++depth;
        ++levels;
        dumpStmt(i->getThen());
        if (!i->getElse())
          break;
        indent() << "Else\n";
        if (auto *elseIf = llvm::dyn_cast<IfStmt>(i->getElse())) {
          i = elseIf;
          continue;
        }
        dumpStmt(i->getElse());
        break;
      }
      depth -= levels;
      return;
    }
    case Stmt::Kind::For: {
      auto *f = llvm::cast<ForStmt>(s);
      indent() << "For\n";
      ++depth;
      if (f->getInit())
        dumpStmt(f->getInit());
      indent() << "Cond " << printExpr(f->getCond()) << '\n';
      indent() << "Inc " << printExpr(f->getInc()) << '\n';
      dumpStmt(f->getBody());
      --depth;
      return;
    }
    case Stmt::Kind::ParallelFor: {
      auto *p = llvm::cast<ParallelForStmt>(s);
      indent() << "ParallelFor";
      for (const auto &d : p->getDims())
        os << " (" << (d.var ? d.var->getName() : "?") << " = "
           << printExpr(d.lower) << (d.upperInclusive ? " ..= " : " .. ")
           << printExpr(d.upper) << " step " << d.step << ')';
      for (const auto &c : p->getReduceClauses())
        os << " reduce(" << getReduceOpSpelling(c.op) << ": "
           << printExpr(c.target) << ')';
      os << '\n';
      ++depth;
      dumpStmt(p->getBody());
      --depth;
      return;
    }
    case Stmt::Kind::While: {
      auto *w = llvm::cast<WhileStmt>(s);
      indent() << "While " << printExpr(w->getCond()) << '\n';
      ++depth;
      dumpStmt(w->getBody());
      --depth;
      return;
    }
    case Stmt::Kind::Do: {
      auto *d = llvm::cast<DoStmt>(s);
      indent() << "Do " << printExpr(d->getCond()) << '\n';
      ++depth;
      dumpStmt(d->getBody());
      --depth;
      return;
    }
    case Stmt::Kind::Break:
      indent() << "Break\n";
      return;
    case Stmt::Kind::Continue:
      indent() << "Continue\n";
      return;
    case Stmt::Kind::Return: {
      auto *r = llvm::cast<ReturnStmt>(s);
      indent() << "Return";
      if (r->getValue())
        os << ' ' << printExpr(r->getValue());
      os << '\n';
      return;
    }
    case Stmt::Kind::Null:
      indent() << "Null\n";
      return;
    }
  }

private:
  llvm::raw_ostream &indent() {
    for (unsigned i = 0; i < depth; ++i)
      os << "  ";
    return os;
  }
  llvm::raw_ostream &os;
  unsigned depth = 0;
};
} // namespace

void TranslationUnit::dump(llvm::raw_ostream &os) const {
  Dumper d(os);
  for (const Decl *decl : decls)
    d.dumpDecl(decl);
}
