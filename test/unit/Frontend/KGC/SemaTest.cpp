//===- SemaTest.cpp - kgc semantic analysis unit tests --------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "kgpu/Frontend/KGC/Sema.h"

#include <gtest/gtest.h>

using namespace kgpu::kgc;
using namespace kgpu::kgc::test;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// Type-checks `decls` followed by a kernel whose body is `body`; returns the
/// printed initializer of the variable declared by the last statement.
std::string lastInit(llvm::StringRef body, llvm::StringRef decls = "",
                     bool showLoads = false) {
  std::string src = (decls +
                     "\nkernel void k(global float* gf, global int* "
                     "gi, int i, uint u, long l, ulong ul, float f, "
                     "double d, half h, bool b) {\n" +
                     body + "\n}\n")
                        .str();
  auto r = runFrontend(src);
  if (!r.tu)
    return "ERROR: " + r.diags;
  auto stmts = getBody(*r.tu, "k");
  auto *ds = dyn_cast<DeclStmt>(stmts.back());
  if (!ds)
    return "not a decl";
  return printExpr(ds->getDecls().back()->getInit(), showLoads);
}

/// Type of the initializer of the last declared variable (before conversion
/// to the variable type): declares `auto`-like `double __v = expr` is not
/// possible, so we look through the outermost implicit cast.
std::string exprType(llvm::StringRef expr) {
  std::string src = ("kernel void k(global float* gf, int i, uint u, long l, "
                     "ulong ul, float f, double d, half h, bool b) {\n"
                     "  double v = " +
                     expr + ";\n}\n")
                        .str();
  auto r = runFrontend(src);
  if (!r.tu)
    return "ERROR: " + r.diags;
  Expr *init = getInit(*r.tu, "k", 0);
  if (auto *c = dyn_cast<ImplicitCastExpr>(init))
    if (c->getCastKind() != CastKind::LValueToRValue)
      init = c->getSubExpr();
  return init->getType().str();
}

std::string firstError(llvm::StringRef src) {
  auto r = runFrontend(src);
  return r.firstError();
}

TEST(SemaTest, UsualArithmeticConversions) {
  EXPECT_EQ(exprType("i + i"), "int");
  EXPECT_EQ(exprType("i + u"), "uint");
  EXPECT_EQ(exprType("u + i"), "uint");
  EXPECT_EQ(exprType("i + l"), "long");
  EXPECT_EQ(exprType("u + l"), "long");
  EXPECT_EQ(exprType("l + ul"), "ulong");
  EXPECT_EQ(exprType("i + ul"), "ulong");
  EXPECT_EQ(exprType("b + b"), "int");
  EXPECT_EQ(exprType("h + h"), "float");
  EXPECT_EQ(exprType("h * i"), "float");
  EXPECT_EQ(exprType("f + d"), "double");
  EXPECT_EQ(exprType("i + f"), "float");
  EXPECT_EQ(exprType("ul * f"), "float");
  EXPECT_EQ(exprType("1.0 + f"), "double");
  EXPECT_EQ(exprType("1.0f + 1"), "float");
}

TEST(SemaTest, IntegerPromotionsAndUnary) {
  EXPECT_EQ(exprType("-b"), "int");
  EXPECT_EQ(exprType("~b"), "int");
  EXPECT_EQ(exprType("-h"), "float");
  EXPECT_EQ(exprType("+u"), "uint");
  EXPECT_EQ(exprType("!f"), "bool");
  EXPECT_EQ(exprType("~ul"), "ulong");
}

TEST(SemaTest, ShiftsComparisonsAndLogical) {
  EXPECT_EQ(exprType("u << l"), "uint");
  EXPECT_EQ(exprType("l >> i"), "long");
  EXPECT_EQ(exprType("b << 1"), "int");
  EXPECT_EQ(exprType("i < f"), "bool");
  EXPECT_EQ(exprType("l == ul"), "bool");
  EXPECT_EQ(exprType("i && f"), "bool");
  EXPECT_EQ(exprType("i ? u : l"), "long");
  EXPECT_EQ(exprType("b ? b : b"), "bool");
  EXPECT_EQ(exprType("(i, f)"), "float");
  EXPECT_EQ(lastInit("bool r = i < f;"), "(IntegralToFloating:float(i) < f)");
  EXPECT_EQ(lastInit("int r = u << l;"),
            "IntegralCast:int((u << IntegralCast:uint(l)))");
  EXPECT_EQ(lastInit("bool r = i && f;"),
            "(IntegralToBoolean:bool(i) && FloatingToBoolean:bool(f))");
}

TEST(SemaTest, IntegerLiteralTypes) {
  EXPECT_EQ(exprType("2147483647"), "int");
  EXPECT_EQ(exprType("2147483648"), "long");
  EXPECT_EQ(exprType("0x7FFFFFFF"), "int");
  EXPECT_EQ(exprType("0xFFFFFFFF"), "uint");
  EXPECT_EQ(exprType("0xFFFFFFFFFFFFFFFF"), "ulong");
  EXPECT_EQ(exprType("1u"), "uint");
  EXPECT_EQ(exprType("4294967296u"), "ulong");
  EXPECT_EQ(exprType("1l"), "long");
  EXPECT_EQ(exprType("1ul"), "ulong");
  EXPECT_EQ(exprType("1.0"), "double");
  EXPECT_EQ(exprType("1.0f"), "float");
  EXPECT_EQ(exprType("1.0h"), "half");
  EXPECT_EQ(exprType("true"), "bool");
}

TEST(SemaTest, ConversionsOnInitAssignArgumentReturn) {
  EXPECT_EQ(lastInit("float r = i;"), "IntegralToFloating:float(i)");
  EXPECT_EQ(lastInit("int r = f;"), "FloatingToIntegral:int(f)");
  EXPECT_EQ(lastInit("bool r = l;"), "IntegralToBoolean:bool(l)");
  EXPECT_EQ(lastInit("float r = b;"), "BooleanToFloating:float(b)");
  EXPECT_EQ(lastInit("long r = b;"), "BooleanToIntegral:long(b)");
  EXPECT_EQ(lastInit("half r = d;"), "FloatingCast:half(d)");
  EXPECT_EQ(lastInit("uint r = i;"), "IntegralCast:uint(i)");
  EXPECT_EQ(lastInit("float r = f;"), "f");
  EXPECT_EQ(lastInit("float r = f;", "", /*showLoads=*/true),
            "LValueToRValue:float(f)");
  EXPECT_EQ(lastInit("double r = (float)i;"),
            "FloatingCast:double(((float)i))");

  auto r = runFrontend(R"(
float scale(float x, long n) { return n; }
kernel void k(global float* out, int i) {
  out[0] = scale(i, i);
  i = 2.5;
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto *helper = r.tu->lookupFunction("scale");
  auto *ret = cast<ReturnStmt>(helper->getBody()->getBody()[0]);
  EXPECT_EQ(printExpr(ret->getValue()), "IntegralToFloating:float(n)");
  auto body = getBody(*r.tu, "k");
  auto *assign = cast<AssignExpr>(cast<ExprStmt>(body[0])->getExpr());
  auto *call = cast<CallExpr>(assign->getRHS());
  EXPECT_EQ(call->getCallee(), helper);
  EXPECT_EQ(printExpr(call->getArgs()[0]), "IntegralToFloating:float(i)");
  EXPECT_EQ(printExpr(call->getArgs()[1]), "IntegralCast:long(i)");
  auto *assign2 = cast<AssignExpr>(cast<ExprStmt>(body[1])->getExpr());
  EXPECT_EQ(printExpr(assign2->getRHS()), "FloatingToIntegral:int(2.5)");
  EXPECT_EQ(assign2->getType().str(), "int");
}

TEST(SemaTest, CompoundAssignmentComputationType) {
  auto r = runFrontend(R"(
kernel void k(global int* out, int i, float f, uint u) {
  i += f;
  u <<= i;
  i %= u;
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *a0 = cast<AssignExpr>(cast<ExprStmt>(body[0])->getExpr());
  EXPECT_TRUE(a0->isCompound());
  EXPECT_EQ(a0->getArithOp(), BinaryOpKind::Add);
  EXPECT_EQ(a0->getComputationType().str(), "float");
  EXPECT_EQ(a0->getType().str(), "int");
  auto *a1 = cast<AssignExpr>(cast<ExprStmt>(body[1])->getExpr());
  EXPECT_EQ(a1->getComputationType().str(), "uint");
  EXPECT_EQ(printExpr(a1->getRHS()), "IntegralCast:uint(i)");
  auto *a2 = cast<AssignExpr>(cast<ExprStmt>(body[2])->getExpr());
  EXPECT_EQ(a2->getComputationType().str(), "uint");
}

TEST(SemaTest, LValuesAndLoads) {
  auto r = runFrontend(R"(
kernel void k(global float* out, int i) {
  float tile[4][8];
  tile[1][2] = out[i];
  i++;
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *tile = cast<DeclStmt>(body[0])->getDecls()[0];
  EXPECT_EQ(tile->getType().str(), "float[4][8]");
  EXPECT_EQ(tile->getType().getAddressSpace(), AddressSpace::Private);
  auto *assign = cast<AssignExpr>(cast<ExprStmt>(body[1])->getExpr());
  auto *lhs = cast<SubscriptExpr>(assign->getLHS());
  EXPECT_TRUE(lhs->isLValue());
  EXPECT_EQ(lhs->getType().str(), "float");
  EXPECT_EQ(lhs->getBase()->getType().str(), "float[8]");
  EXPECT_EQ(lhs->getRootDeclRef()->getDecl(), tile);
  EXPECT_EQ(lhs->getIndices().size(), 2u);
  auto *load = cast<ImplicitCastExpr>(assign->getRHS());
  EXPECT_EQ(load->getCastKind(), CastKind::LValueToRValue);
  auto *sub = cast<SubscriptExpr>(load->getSubExpr());
  auto *outRef = cast<DeclRefExpr>(sub->getBase());
  EXPECT_TRUE(outRef->getDecl()->isParam());
  EXPECT_EQ(printExpr(sub->getIndex(), true), "LValueToRValue:int(i)");
  auto *inc = cast<UnaryExpr>(cast<ExprStmt>(body[2])->getExpr());
  EXPECT_TRUE(isa<DeclRefExpr>(inc->getOperand()));
}

TEST(SemaTest, FileScopeConstantsAreFolded) {
  auto r = runFrontend(R"(
const int N = 4 * 4 + (1 << 3);
const float X = 1.0f / 4;
const uint U = -1;
const long L = N * 1000000000L;
const bool B = N > 3 && X < 1.0f;
const double D = N ? 2.5 : 1.0;
const int T = (int)3.9f;
kernel void k(global float* out) { out[0] = X * N; }
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto decls = r.tu->getDecls();
  auto value = [&](unsigned i) {
    return cast<VarDecl>(decls[i])->getConstantValue();
  };
  EXPECT_EQ(value(0).getSExtValue(), 24);
  EXPECT_EQ(value(1).floatValue, 0.25);
  EXPECT_EQ(value(2).getZExtValue(), 4294967295u);
  EXPECT_EQ(value(3).getSExtValue(), 24000000000LL);
  EXPECT_EQ(value(4).getZExtValue(), 1u);
  EXPECT_EQ(value(5).floatValue, 2.5);
  EXPECT_EQ(value(6).getSExtValue(), 3);
  auto *assign =
      cast<AssignExpr>(cast<ExprStmt>(getBody(*r.tu, "k")[0])->getExpr());
  auto *mul = cast<BinaryExpr>(assign->getRHS());
  auto *ref = cast<DeclRefExpr>(mul->getLHS());
  EXPECT_TRUE(ref->getDecl()->isGlobalConst());
  EXPECT_FALSE(ref->isLValue());
  auto folded = evaluateConstantExpr(assign->getRHS());
  ASSERT_TRUE(folded.has_value());
  EXPECT_EQ(folded->floatValue, 6.0);

  EXPECT_EQ(firstError("const int Z = 1 / 0;"),
            "1:17: error: initializer of file-scope constant 'Z' is not a "
            "constant expression");
}

TEST(SemaTest, ArrayDimensionsFromConstants) {
  auto r = runFrontend(R"(
const int TS = 16;
kernel void k(global float* out) {
  local float tile[TS][TS + 1];
  float w[3] = {1, 2.0, 3.0f};
  int h[2][2] = {{1, 2}, {3}};
  out[0] = tile[0][0] + w[0] + h[1][0];
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *tile = cast<DeclStmt>(body[0])->getDecls()[0];
  EXPECT_EQ(tile->getType().str(), "local float[16][17]");
  EXPECT_EQ(tile->getType().getAddressSpace(), AddressSpace::Local);
  auto *w = cast<DeclStmt>(body[1])->getDecls()[0];
  EXPECT_EQ(printExpr(w->getInit()),
            "{IntegralToFloating:float(1), FloatingCast:float(2), 3}");
  auto *h = cast<DeclStmt>(body[2])->getDecls()[0];
  EXPECT_EQ(cast<InitListExpr>(h->getInit())->getInits().size(), 3u);
}

TEST(SemaTest, BuiltinResolution) {
  EXPECT_EQ(exprType("sqrt(i)"), "float");
  EXPECT_EQ(exprType("sqrt(d)"), "double");
  EXPECT_EQ(exprType("sqrt(h)"), "half");
  EXPECT_EQ(exprType("pow(f, d)"), "double");
  EXPECT_EQ(exprType("fma(h, h, f)"), "float");
  EXPECT_EQ(exprType("min(i, u)"), "uint");
  EXPECT_EQ(exprType("max(i, f)"), "float");
  EXPECT_EQ(exprType("clamp(l, 0, 10)"), "long");
  EXPECT_EQ(exprType("abs(i)"), "int");
  EXPECT_EQ(exprType("global_id(0)"), "int");
  EXPECT_EQ(exprType("sub_group_size()"), "int");
  EXPECT_EQ(exprType("sub_group_shuffle_xor(d, 1)"), "double");
  EXPECT_EQ(exprType("sub_group_shuffle(b, 1)"), "int");
  EXPECT_EQ(exprType("sub_group_reduce_max(ul)"), "ulong");
  EXPECT_EQ(lastInit("float r = fmax(i, 2);"),
            "fmax(IntegralToFloating:float(i), IntegralToFloating:float(2))");

  auto r = runFrontend(R"(
kernel void k(global int* hist, global float* acc) {
  local uint counts[16];
  int g = global_id(2);
  int old = atomic_add(&hist[g], 1);
  float prev = atomic_cas(&acc[0], 1, 2.0f);
  uint c = atomic_or(&counts[3], 4);
  barrier_global();
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *gid = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 1));
  EXPECT_EQ(gid->getBuiltinKind(), BuiltinKind::GlobalId);
  EXPECT_EQ(gid->getDimension(), 2u);
  auto *add = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 2));
  EXPECT_EQ(add->getBuiltinKind(), BuiltinKind::AtomicAdd);
  EXPECT_TRUE(isa<SubscriptExpr>(add->getArgs()[0]));
  EXPECT_EQ(add->getType().str(), "int");
  auto *cas = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 3));
  EXPECT_EQ(cas->getBuiltinKind(), BuiltinKind::AtomicCas);
  EXPECT_EQ(printExpr(cas->getArgs()[1]), "IntegralToFloating:float(1)");
  auto *aor = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 4));
  EXPECT_EQ(aor->getType().str(), "uint");
  auto *bar = cast<BuiltinCallExpr>(cast<ExprStmt>(body[5])->getExpr());
  EXPECT_EQ(bar->getBuiltinKind(), BuiltinKind::BarrierGlobal);
  EXPECT_TRUE(bar->getType().isVoid());
  EXPECT_EQ(lookupBuiltin("sub_group_shuffle"),
            BuiltinKind::SubGroupShuffleIdx);
  EXPECT_EQ(lookupBuiltin("nope"), std::nullopt);
}

TEST(SemaTest, MMABuiltins) {
  auto r = runFrontend(R"(
kernel void k(global const half* A, global float* C) {
  local half tile[16][16];
  mma<m16n8k16, acc, float> c = mma_fill(1);
  mma<m16n8k16, a, half> a = mma_load_a(A, 0, 0, 16);
  mma<m16n8k16, b, half> b;
  b = mma_load_b(tile, 0, 0, 16);
  c = mma_compute(a, b, c);
  mma_store(C, 0, 0, 8, c);
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *fill = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 1));
  EXPECT_EQ(fill->getBuiltinKind(), BuiltinKind::MMAFill);
  EXPECT_EQ(fill->getType().str(), "mma<m16n8k16, acc, float>");
  EXPECT_EQ(printExpr(fill->getArgs()[0]), "IntegralToFloating:float(1)");
  auto *load = cast<BuiltinCallExpr>(getInit(*r.tu, "k", 2));
  EXPECT_EQ(load->getBuiltinKind(), BuiltinKind::MMALoadA);
  EXPECT_EQ(load->getType().getMMARole(), MMARole::A);
  auto *assignB = cast<AssignExpr>(cast<ExprStmt>(body[4])->getExpr());
  auto *loadB = cast<BuiltinCallExpr>(assignB->getRHS());
  EXPECT_EQ(loadB->getBuiltinKind(), BuiltinKind::MMALoadB);
  EXPECT_TRUE(loadB->getArgs()[0]->getType().isArray());
  auto *assignC = cast<AssignExpr>(cast<ExprStmt>(body[5])->getExpr());
  auto *compute = cast<BuiltinCallExpr>(assignC->getRHS());
  EXPECT_EQ(compute->getBuiltinKind(), BuiltinKind::MMACompute);
  EXPECT_EQ(printExpr(compute->getArgs()[0], true),
            "LValueToRValue:mma<m16n8k16, a, half>(a)");
  auto *store = cast<BuiltinCallExpr>(cast<ExprStmt>(body[6])->getExpr());
  EXPECT_EQ(store->getBuiltinKind(), BuiltinKind::MMAStore);
  EXPECT_TRUE(store->getType().isVoid());
}

TEST(SemaTest, ParallelForCanonicalForm) {
  auto r = runFrontend(R"(
kernel void k(global float* out, global const float* in, int n, int m) {
  parallel for (int i = 0; i < n; i++) reduce(+: out[0], out[1]) {
    parallel for (long j = 2; j <= m; j += 4) reduce(min: out[2]) {
      float v = in[i * m + j];
      out[0] += v;
      out[2] = min(v, out[2]);
      out[1] += 1;
    }
  }
}
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto body = getBody(*r.tu, "k");
  auto *pf = cast<ParallelForStmt>(body[0]);
  ASSERT_EQ(pf->getNumDims(), 2u);
  auto dims = pf->getDims();
  EXPECT_EQ(dims[0].var->getName(), "i");
  EXPECT_TRUE(dims[0].var->isParallelLoopVar());
  EXPECT_EQ(printExpr(dims[0].lower), "0");
  EXPECT_EQ(printExpr(dims[0].upper), "n");
  EXPECT_FALSE(dims[0].upperInclusive);
  EXPECT_EQ(dims[0].step, 1);
  EXPECT_EQ(dims[1].var->getType().str(), "long");
  EXPECT_EQ(printExpr(dims[1].lower), "IntegralCast:long(2)");
  EXPECT_EQ(printExpr(dims[1].upper), "IntegralCast:long(m)");
  EXPECT_TRUE(dims[1].upperInclusive);
  EXPECT_EQ(dims[1].step, 4);
  auto clauses = pf->getReduceClauses();
  ASSERT_EQ(clauses.size(), 3u);
  EXPECT_EQ(clauses[0].op, ReduceOpKind::Add);
  EXPECT_TRUE(isa<SubscriptExpr>(clauses[0].target));
  EXPECT_TRUE(isa<SubscriptExpr>(clauses[1].target));
  EXPECT_EQ(clauses[2].op, ReduceOpKind::Min);
  // The body is the innermost loop body.
  auto inner = cast<CompoundStmt>(pf->getBody())->getBody();
  ASSERT_EQ(inner.size(), 4u);
  auto *upd = cast<AssignExpr>(cast<ExprStmt>(inner[1])->getExpr());
  EXPECT_EQ(upd->getReduceClauseIndex(), 0);
  EXPECT_EQ(printExpr(upd->getReduceContribution()), "v");
  auto *o = cast<AssignExpr>(cast<ExprStmt>(inner[3])->getExpr());
  EXPECT_EQ(o->getReduceClauseIndex(), 1);
}

TEST(SemaTest, RejectsReductionIntoPrivateVariable) {
  auto r = runFrontend(
      R"(kernel void k(global const float* in, global float* out, int n) {
  float sum = 0.0f;
  parallel for (int i = 0; i < n; i++) reduce(+: sum)
    sum += in[i];
  out[0] = sum;
}
)");
  EXPECT_EQ(r.tu, nullptr);
  EXPECT_NE(r.diags.find("test.kgc:3:50: error: reduction into the private "
                         "variable 'sum' is not supported"),
            std::string::npos)
      << r.diags;
}

TEST(SemaTest, ReportsMultipleSemanticErrors) {
  auto r = runFrontend(R"(kernel void k(global float* out) {
  out[0] = a;
  out[1] = foo(2);
  int x = 1;
  float x = 2.0f;
  out[2] = 1.0f % 2.0f;
}
)");
  EXPECT_EQ(r.tu, nullptr);
  EXPECT_EQ(r.numErrors, 4u) << r.diags;
  EXPECT_NE(r.diags.find("test.kgc:2:12: error: use of undeclared identifier "
                         "'a'"),
            std::string::npos);
  EXPECT_NE(r.diags.find("test.kgc:3:12: error: unknown function 'foo'"),
            std::string::npos);
  EXPECT_NE(r.diags.find("test.kgc:5:9: error: redefinition of 'x'"),
            std::string::npos);
}

TEST(SemaTest, TypeErrors) {
  EXPECT_EQ(firstError("kernel void k(global float* o, int i) { if (o) "
                       "i = 1; }"),
            "1:45: error: pointer 'o' cannot be used as a value; pointer "
            "arithmetic and pointer copies are not supported, use o[i]");
  EXPECT_EQ(firstError("kernel void k(global float* o) { float a[2]; o[0] = "
                       "a; }"),
            "1:53: error: array 'a' cannot be used as a value; index it with "
            "[ ]");
  EXPECT_EQ(firstError("kernel void k(global float* o) { 1 = 2; }"),
            "1:34: error: expression is not assignable");
  EXPECT_EQ(firstError("kernel void k(global float* o) { float a[2]; a = 1; "
                       "}"),
            "1:46: error: arrays are not assignable");
  EXPECT_EQ(firstError("float f(global float* p) { return p[0]; }\n"
                       "kernel void k(global int* o) { f(o); }"),
            "2:34: error: incompatible pointer types: cannot pass 'global "
            "int*' to parameter of type 'global float*'");
  EXPECT_EQ(firstError("void f(global float* p) { p[0] = 1.0f; }\n"
                       "kernel void k(global const float* o) { f(o); }"),
            "2:42: error: passing 'global const float*' to parameter of type "
            "'global float*' discards the 'const' qualifier");
  EXPECT_EQ(firstError("kernel void k(global float* o) { o[0] = min(1.0f); "
                       "}"),
            "1:41: error: too few arguments to builtin 'min', expected 2, "
            "have 1");
  EXPECT_EQ(firstError("kernel void k(global float* o) { o[0] = o[1][2]; }"),
            "1:45: error: subscripted value is not an array or pointer "
            "('float')");
}

TEST(SemaTest, WarningsDoNotFail) {
  auto r = runFrontend("float f(float x) { if (x > 0.0f) return x; }\n"
                       "kernel void k(global float* o) { float a[2]; o[0] = "
                       "a[2] + f(1.0f); }");
  EXPECT_NE(r.tu, nullptr) << r.diags;
  EXPECT_EQ(r.numErrors, 0u);
  EXPECT_NE(r.diags.find("warning: non-void function 'f' may reach the end"),
            std::string::npos);
  EXPECT_NE(r.diags.find("warning: array index 2 is out of bounds (size 2)"),
            std::string::npos);
}

TEST(SemaTest, PrototypesAndCallOrder) {
  auto r = runFrontend(R"(
float g(float x);
float f(float x) { return g(x) * 2.0f; }
float g(float x) { return x + 1.0f; }
kernel void k(global float* o) { o[0] = f(o[0]); }
)");
  ASSERT_TRUE(r.tu) << r.diags;
  auto *f = r.tu->lookupFunction("f");
  auto *g = r.tu->lookupFunction("g");
  ASSERT_TRUE(g->isDefinition());
  auto *ret = cast<ReturnStmt>(f->getBody()->getBody()[0]);
  auto *mul = cast<BinaryExpr>(ret->getValue());
  auto *call = cast<CallExpr>(ignoreImplicitCasts(mul->getLHS()));
  EXPECT_EQ(call->getCallee(), g);
  auto *proto = cast<FunctionDecl>(r.tu->getDecls()[0]);
  EXPECT_FALSE(proto->isDefinition());
  EXPECT_EQ(proto->getDefinition(), g);
  EXPECT_EQ(r.tu->getKernels().size(), 1u);
  // Use before declaration is an error.
  EXPECT_EQ(firstError("kernel void k(global float* o) { o[0] = h(1.0f); }\n"
                       "float h(float x) { return x; }"),
            "1:41: error: unknown function 'h'");
}

TEST(SemaTest, RecursionIsRejected) {
  EXPECT_EQ(firstError("int f(int n) { return n > 0 ? f(n - 1) : 0; }"),
            "1:31: error: recursion is not allowed: 'f' calls itself");
  auto r = runFrontend("int b(int n);\nint c(int n);\n"
                       "int a(int n) { return b(n); }\n"
                       "int b(int n) { return c(n); }\n"
                       "int c(int n) { return a(n); }\n");
  EXPECT_EQ(r.numErrors, 1u);
  EXPECT_EQ(r.firstError(), "5:23: error: recursion is not allowed: call "
                            "cycle 'a' -> 'b' -> 'c' -> 'a'");
}

TEST(SemaTest, BarrierDivergence) {
  // Uniform control flow is fine.
  auto ok = runFrontend(R"(
kernel void k(global float* o, int n) {
  local float t[64];
  int lid = local_id(0);
  int grp = group_id(0);
  for (int s = 32; s > 0; s >>= 1) {
    if (lid < s)
      t[lid] += t[lid + s];
    barrier();
  }
  if (grp == 0)
    barrier();
  if (n > 4) {
    barrier();
  }
}
)");
  EXPECT_NE(ok.tu, nullptr) << ok.diags;
  // Taint flows through assignments and control dependence.
  EXPECT_EQ(firstError(R"(kernel void k(global float* o) {
  int x = 0;
  if (global_id(0) == 0)
    x = 1;
  if (x == 1)
    barrier();
})"),
            "6:5: error: barrier in divergent control flow: the enclosing "
            "condition depends on the work-item id");
  EXPECT_EQ(firstError(R"(kernel void k(global float* o, int n) {
  int i = 0;
  while (i < n) {
    if (local_id(0) == 3)
      break;
    barrier();
    i++;
  }
})"),
            "6:5: error: barrier in divergent control flow: the enclosing "
            "condition depends on the work-item id");
  EXPECT_EQ(firstError(R"(kernel void k(global float* o) {
  int v = local_id(1) > 2 ? 1 : 0;
  v > 0 && (barrier(), true);
})"),
            "3:13: error: barrier in divergent control flow: the enclosing "
            "condition depends on the work-item id");
}

TEST(SemaTest, SourceLocationHelper) {
  auto r =
      runFrontend("\nkernel void k(global float* o) {\n  o[0] = 1.0f;\n}\n");
  ASSERT_TRUE(r.tu);
  auto body = getBody(*r.tu, "k");
  SourceLocation loc =
      getSourceLocation(r.tu->getSourceMgr(), body[0]->getLoc());
  EXPECT_EQ(loc.filename, "test.kgc");
  EXPECT_EQ(loc.line, 3u);
  EXPECT_EQ(loc.column, 3u);
  FunctionDecl *k = r.tu->lookupFunction("k");
  SourceLocation kloc = getSourceLocation(r.tu->getSourceMgr(), k->getLoc());
  EXPECT_EQ(kloc.line, 2u);
  EXPECT_EQ(kloc.column, 13u);
  EXPECT_EQ(getSourceLocation(r.tu->getSourceMgr(), llvm::SMLoc()).line, 0u);
}

TEST(SemaTest, TypeHelpers) {
  EXPECT_EQ(getUsualArithmeticType(Type::getScalar(ScalarKind::Long),
                                   Type::getScalar(ScalarKind::UInt))
                .str(),
            "long");
  EXPECT_EQ(getScalarCastKind(Type::getInt(), Type::getFloat()),
            CastKind::IntegralToFloating);
  EXPECT_EQ(getScalarCastKind(Type::getFloat(), Type::getFloat()),
            CastKind::NoOp);
  Type p = Type::getPointer(ScalarKind::Half, AddressSpace::Local, true);
  EXPECT_EQ(p.str(), "local const half*");
  int64_t dims[] = {2, 3, 4};
  Type a = Type::getArray(ScalarKind::Int, dims, AddressSpace::Local, false);
  EXPECT_EQ(a.getNumElements(), 24);
  EXPECT_EQ(a.dropOuterDim().str(), "local int[3][4]");
  EXPECT_EQ(a.dropOuterDim().dropOuterDim().dropOuterDim().str(), "int");
  unsigned m, n, k;
  getMMAShapeDims(MMAShape::M8N32K16, m, n, k);
  EXPECT_EQ(m, 8u);
  EXPECT_EQ(n, 32u);
  EXPECT_EQ(k, 16u);
}

} // namespace
