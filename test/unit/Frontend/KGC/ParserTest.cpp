//===- ParserTest.cpp - kgc parser unit tests -----------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "kgpu/Frontend/KGC/Lexer.h"
#include "kgpu/Frontend/KGC/Parser.h"

#include <gtest/gtest.h>

using namespace kgpu::kgc;
using namespace kgpu::kgc::test;

namespace {

/// Parses a standalone expression and prints it fully parenthesized.
std::string parseExpr(llvm::StringRef src, unsigned *errors = nullptr) {
  llvm::SourceMgr sm;
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(src, "expr.kgc"), llvm::SMLoc());
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine diags(sm, os);
  TranslationUnit tu(sm, id);
  Lexer lexer(sm.getMemoryBuffer(id)->getBuffer(), diags);
  Parser parser(lexer.lexAll(), diags, tu);
  Expr *e = parser.parseStandaloneExpression();
  if (errors)
    *errors = diags.getNumErrors();
  return e ? printExpr(e) : "<error>";
}

TEST(ParserTest, MultiplicativeBindsTighterThanAdditive) {
  EXPECT_EQ(parseExpr("a + b * c"), "(a + (b * c))");
  EXPECT_EQ(parseExpr("a * b + c"), "((a * b) + c)");
  EXPECT_EQ(parseExpr("a - b % c / d"), "(a - ((b % c) / d))");
}

TEST(ParserTest, LeftAssociativity) {
  EXPECT_EQ(parseExpr("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(parseExpr("a / b / c"), "((a / b) / c)");
  EXPECT_EQ(parseExpr("a << b << c"), "((a << b) << c)");
  EXPECT_EQ(parseExpr("a < b < c"), "((a < b) < c)");
  EXPECT_EQ(parseExpr("a, b, c"), "((a , b) , c)");
}

TEST(ParserTest, RightAssociativity) {
  EXPECT_EQ(parseExpr("a = b = c"), "(a = (b = c))");
  EXPECT_EQ(parseExpr("a += b -= c"), "(a += (b -= c))");
  EXPECT_EQ(parseExpr("a ? b : c ? d : e"), "(a ? b : (c ? d : e))");
  EXPECT_EQ(parseExpr("- - a"), "(-(-a))");
  EXPECT_EQ(parseExpr("!~a"), "(!(~a))");
}

TEST(ParserTest, FullPrecedenceLadder) {
  EXPECT_EQ(parseExpr("a || b && c | d ^ e & f == g < h << i + j * k"),
            "(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * "
            "k))))))))))");
  EXPECT_EQ(parseExpr("a * b + c << d < e == f & g ^ h | i && j || k"),
            "((((((((((a * b) + c) << d) < e) == f) & g) ^ h) | i) && j) || "
            "k)");
}

TEST(ParserTest, ComparisonAndEquality) {
  EXPECT_EQ(parseExpr("a == b != c"), "((a == b) != c)");
  EXPECT_EQ(parseExpr("a <= b >= c > d"), "(((a <= b) >= c) > d)");
  EXPECT_EQ(parseExpr("a == b < c"), "(a == (b < c))");
}

TEST(ParserTest, AssignmentOperators) {
  for (llvm::StringRef op :
       {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="}) {
    std::string src = ("x " + op + " y + 1").str();
    EXPECT_EQ(parseExpr(src), ("(x " + op + " (y + 1))").str()) << src;
  }
  EXPECT_EQ(parseExpr("a = b ? c : d"), "(a = (b ? c : d))");
}

TEST(ParserTest, UnaryAndPostfix) {
  EXPECT_EQ(parseExpr("-a * b"), "((-a) * b)");
  EXPECT_EQ(parseExpr("!a && b"), "((!a) && b)");
  EXPECT_EQ(parseExpr("a++ + ++b"), "((a++) + (++b))");
  EXPECT_EQ(parseExpr("--a - b--"), "((--a) - (b--))");
  EXPECT_EQ(parseExpr("+a"), "(+a)");
  EXPECT_EQ(parseExpr("x[i][j] * y[k]"), "(x[i][j] * y[k])");
  EXPECT_EQ(parseExpr("&p[i]"), "(&p[i])");
  EXPECT_EQ(parseExpr("*p"), "(*p)");
  EXPECT_EQ(parseExpr("-x[i]++"), "(-(x[i]++))");
}

TEST(ParserTest, CastsAndCalls) {
  EXPECT_EQ(parseExpr("(float)a * b"), "(((float)a) * b)");
  EXPECT_EQ(parseExpr("(uint)(a + b)"), "((uint)(a + b))");
  EXPECT_EQ(parseExpr("(long)-a"), "((long)(-a))");
  EXPECT_EQ(parseExpr("f(a, b + c)"), "f(a, (b + c))");
  EXPECT_EQ(parseExpr("g()"), "g()");
  EXPECT_EQ(parseExpr("f((a, b))"), "f((a , b))");
  EXPECT_EQ(parseExpr("(a)"), "a");
}

TEST(ParserTest, Literals) {
  EXPECT_EQ(parseExpr("1 + 2.5 + true + false"),
            "(((1 + 2.5) + true) + false)");
  EXPECT_EQ(parseExpr("0x10"), "16");
}

TEST(ParserTest, ExpressionErrors) {
  unsigned errors = 0;
  EXPECT_EQ(parseExpr("a +", &errors), "<error>");
  EXPECT_EQ(errors, 1u);
  EXPECT_EQ(parseExpr("(a + b", &errors), "<error>");
  EXPECT_EQ(errors, 1u);
  EXPECT_EQ(parseExpr("a ? b", &errors), "<error>");
  EXPECT_EQ(errors, 1u);
  EXPECT_EQ(parseExpr("(a)(b)", &errors), "<error>");
  EXPECT_EQ(errors, 1u);
  EXPECT_EQ(parseExpr("(int*)p", &errors), "<error>");
  EXPECT_EQ(errors, 1u);
}

TEST(ParserTest, EveryStatementKind) {
  auto r = runFrontend(R"(
kernel void k(global float* out, int n) {
  int a = 1, b;
  float arr[4];
  ;
  { a = 2; }
  if (a) b = 1; else b = 2;
  for (int i = 0; i < n; i++) { continue; }
  for (;;) break;
  while (a < n) a++;
  do { a--; } while (a > 0);
  parallel for (int j = 0; j < n; j++) out[j] = 0.0f;
  out[0] = a + b;
  return;
}
)",
                       /*analyze=*/false);
  ASSERT_EQ(r.numErrors, 0u) << r.diags;
  auto body = getBody(*r.tu, "k");
  ASSERT_EQ(body.size(), 12u);
  auto *ds = llvm::dyn_cast<DeclStmt>(body[0]);
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->getDecls().size(), 2u);
  EXPECT_EQ(ds->getDecls()[1]->getName(), "b");
  EXPECT_EQ(ds->getDecls()[1]->getInit(), nullptr);
  auto *arr = llvm::cast<DeclStmt>(body[1])->getDecls()[0];
  EXPECT_EQ(arr->getParsedDims().size(), 1u);
  EXPECT_TRUE(llvm::isa<NullStmt>(body[2]));
  EXPECT_TRUE(llvm::isa<CompoundStmt>(body[3]));
  auto *ifs = llvm::dyn_cast<IfStmt>(body[4]);
  ASSERT_TRUE(ifs);
  EXPECT_NE(ifs->getElse(), nullptr);
  auto *f1 = llvm::dyn_cast<ForStmt>(body[5]);
  ASSERT_TRUE(f1);
  EXPECT_TRUE(llvm::isa<DeclStmt>(f1->getInit()));
  auto *f2 = llvm::dyn_cast<ForStmt>(body[6]);
  ASSERT_TRUE(f2);
  EXPECT_EQ(f2->getInit(), nullptr);
  EXPECT_EQ(f2->getCond(), nullptr);
  EXPECT_EQ(f2->getInc(), nullptr);
  EXPECT_TRUE(llvm::isa<BreakStmt>(f2->getBody()));
  EXPECT_TRUE(llvm::isa<WhileStmt>(body[7]));
  EXPECT_TRUE(llvm::isa<DoStmt>(body[8]));
  EXPECT_TRUE(llvm::isa<ParallelForStmt>(body[9]));
  EXPECT_TRUE(llvm::isa<ExprStmt>(body[10]));
  EXPECT_TRUE(llvm::isa<ReturnStmt>(body[11]));
}

TEST(ParserTest, DanglingElseBindsToInnermostIf) {
  auto r = runFrontend("kernel void k(int a, int b, global int* o) {\n"
                       "  if (a) if (b) o[0] = 1; else o[0] = 2;\n}\n",
                       false);
  ASSERT_EQ(r.numErrors, 0u);
  auto *outer = llvm::cast<IfStmt>(getBody(*r.tu, "k")[0]);
  EXPECT_EQ(outer->getElse(), nullptr);
  auto *inner = llvm::cast<IfStmt>(outer->getThen());
  EXPECT_NE(inner->getElse(), nullptr);
}

TEST(ParserTest, TopLevelDeclarations) {
  auto r = runFrontend(R"(
const float PI = 3.14159f, TWO_PI = 2.0f * PI;
constant int N = 16;
float sq(float x);
float sq(float x) { return x * x; }
void nothing(void) {}
__kernel void k(__global const float* restrict in, global float* out,
                constant float* table, float s) {}
)",
                       false);
  ASSERT_EQ(r.numErrors, 0u) << r.diags;
  auto decls = r.tu->getDecls();
  ASSERT_EQ(decls.size(), 7u);
  EXPECT_TRUE(llvm::isa<VarDecl>(decls[0]));
  EXPECT_EQ(decls[1]->getName(), "TWO_PI");
  EXPECT_EQ(decls[2]->getName(), "N");
  auto *proto = llvm::cast<FunctionDecl>(decls[3]);
  EXPECT_FALSE(proto->isDefinition());
  auto *k = llvm::cast<FunctionDecl>(decls[6]);
  EXPECT_TRUE(k->isKernel());
  ASSERT_EQ(k->getParams().size(), 4u);
  const Type &in = k->getParams()[0]->getType();
  EXPECT_TRUE(in.isPointer());
  EXPECT_EQ(in.getAddressSpace(), AddressSpace::Global);
  EXPECT_TRUE(in.isConstElement());
  EXPECT_EQ(in.getElementKind(), ScalarKind::Float);
  EXPECT_FALSE(k->getParams()[1]->getType().isConstElement());
  EXPECT_EQ(k->getParams()[2]->getType().getAddressSpace(),
            AddressSpace::Constant);
  EXPECT_TRUE(k->getParams()[2]->getType().isConstElement());
  EXPECT_TRUE(k->getParams()[3]->getType().isScalar());
  EXPECT_EQ(llvm::cast<FunctionDecl>(decls[4])->getParams().size(), 1u);
  EXPECT_EQ(llvm::cast<FunctionDecl>(decls[5])->getParams().size(), 0u);
}

TEST(ParserTest, MMATypes) {
  auto r = runFrontend("kernel void k() {\n"
                       "  mma<m16n8k16, a, half> a;\n"
                       "  mma<m32n8k16, b, half> b;\n"
                       "  mma<m8n32k16, acc, float> c;\n"
                       "  mma<m16n16k16, acc, half> d;\n}\n",
                       false);
  ASSERT_EQ(r.numErrors, 0u) << r.diags;
  auto body = getBody(*r.tu, "k");
  Type a = llvm::cast<DeclStmt>(body[0])->getDecls()[0]->getType();
  EXPECT_TRUE(a.isMMA());
  EXPECT_EQ(a.getMMAShape(), MMAShape::M16N8K16);
  EXPECT_EQ(a.getMMARole(), MMARole::A);
  EXPECT_EQ(a.getElementKind(), ScalarKind::Half);
  Type c = llvm::cast<DeclStmt>(body[2])->getDecls()[0]->getType();
  EXPECT_EQ(c.getMMARole(), MMARole::Acc);
  EXPECT_EQ(c.str(), "mma<m8n32k16, acc, float>");
}

TEST(ParserTest, ParallelForWithReduceClauses) {
  auto r = runFrontend(R"(
kernel void k(global float* out, int n) {
  float s = 0.0f, m = 0.0f;
  int bits = 0;
  parallel for (int i = 0; i < n; i++) reduce(+: s, out[0]) reduce(max: m, ^: bits) {
    s += 1.0f;
  }
}
)",
                       false);
  ASSERT_EQ(r.numErrors, 0u) << r.diags;
  auto *pf = llvm::cast<ParallelForStmt>(getBody(*r.tu, "k")[2]);
  auto clauses = pf->getReduceClauses();
  ASSERT_EQ(clauses.size(), 4u);
  EXPECT_EQ(clauses[0].op, ReduceOpKind::Add);
  EXPECT_EQ(clauses[1].op, ReduceOpKind::Add);
  EXPECT_TRUE(llvm::isa<SubscriptExpr>(clauses[1].target));
  EXPECT_EQ(clauses[2].op, ReduceOpKind::Max);
  EXPECT_EQ(clauses[3].op, ReduceOpKind::Xor);
}

TEST(ParserTest, RecoveryReportsMultipleErrors) {
  auto r = runFrontend(R"(kernel void k(global float* out) {
  out[0] = ;
  float x = 1.0f
  out[1] = x;
  int y = (2 + ;
  out[2] = 3.0f;
}
kernel void good(global float* out) { out[0] = 1.0f; }
float broken( { }
kernel void after(global float* out) { out[0] = 2.0f; }
)",
                       false);
  EXPECT_EQ(r.numErrors, 4u) << r.diags;
  EXPECT_NE(r.diags.find("test.kgc:2:12: error: expected expression"),
            std::string::npos)
      << r.diags;
  EXPECT_NE(r.diags.find("test.kgc:4:3: error: expected ';' after declaration"),
            std::string::npos)
      << r.diags;
  EXPECT_NE(r.diags.find("test.kgc:5:16: error: expected expression"),
            std::string::npos)
      << r.diags;
  // The statement after each error and the following functions survive.
  auto body = getBody(*r.tu, "k");
  EXPECT_EQ(body.size(), 1u); // out[2] = 3.0f;
  EXPECT_NE(r.tu->lookupFunction("good"), nullptr);
  EXPECT_NE(r.tu->lookupFunction("after"), nullptr);
  // And parseAndAnalyze reports the same errors and returns null.
  auto r2 = runFrontend(R"(kernel void k() { int a = ; int b = ; })");
  EXPECT_EQ(r2.tu, nullptr);
  EXPECT_EQ(r2.numErrors, 2u);
}

TEST(ParserTest, DiagnosticFormatHasSourceLineAndCaret) {
  auto r = runFrontend("kernel void k() {\n  int x = @;\n}\n", false);
  EXPECT_EQ(r.diags,
            "test.kgc:2:11: error: invalid character '@' in source file\n"
            "  int x = @;\n"
            "          ^\n");
}

TEST(ParserTest, NestingLimit) {
  std::string deep =
      "kernel void k(global int* o) { o[0] = " + std::string(1000, '(') + "1" +
      std::string(1000, ')') + "; }";
  auto r = runFrontend(deep, false);
  EXPECT_EQ(r.numErrors, 1u);
  EXPECT_NE(r.diags.find("nesting too deep"), std::string::npos);
  std::string ok =
      "kernel void k(global int* o) { o[0] = " + std::string(100, '(') + "1" +
      std::string(100, ')') + "; }";
  EXPECT_EQ(runFrontend(ok).numErrors, 0u);
  // A flat operator chain is not nesting: 100,000 terms are accepted
  // (parsed, checked and dumped without deep recursion).
  std::string chain = "kernel void k(global int* o, int x) { o[0] = x";
  for (int i = 0; i < 100000; ++i)
    chain += "+x";
  chain += "; }";
  auto r3 = runFrontend(chain);
  EXPECT_EQ(r3.numErrors, 0u) << r3.firstError();
  std::string unary =
      "kernel void k(global int* o, int x) { o[0] = " + std::string(5000, '-') +
      "x; }";
  EXPECT_EQ(runFrontend(unary).numErrors, 1u);
}

TEST(ParserTest, FlatChainsAreNotNesting) {
  auto analyze = [](const std::string &src) {
    auto r = runFrontend(src);
    // (The dump indents each else-if level: only for small inputs.)
    if (r.tu && src.size() < 100000) {
      std::string dump;
      llvm::raw_string_ostream os(dump);
      r.tu->dump(os);
    }
    return r;
  };
  // 300 and 100,000 else-if arms.
  for (int n : {300, 100000}) {
    std::string src = "kernel void k(global int* o, int x) {\n";
    for (int i = 0; i < n; ++i)
      src += (i ? "  else if (x == " : "  if (x == ") + std::to_string(i) +
             ") o[0] = " + std::to_string(i) + ";\n";
    src += "  else o[0] = -1;\n}\n";
    auto r = analyze(src);
    EXPECT_EQ(r.numErrors, 0u) << n << ": " << r.firstError();
    ASSERT_TRUE(r.tu);
    // The AST is the usual right-nested chain.
    auto body = getBody(*r.tu, "k");
    ASSERT_EQ(body.size(), 1u);
    const Stmt *cur = body[0];
    int arms = 0;
    while (auto *i = llvm::dyn_cast_or_null<IfStmt>(cur)) {
      ++arms;
      cur = i->getElse();
    }
    EXPECT_EQ(arms, n);
  }
  // Comma, && and constant chains of 100,000 terms; a constant chain is
  // folded iteratively too (array size).
  std::string comma = "kernel void k(global int* o, int x) { x = 0";
  std::string land = "kernel void k(global int* o, int x) { o[0] = x > 0";
  std::string sum = "kernel void k(global int* o) { int a[0";
  for (int i = 0; i < 100000; ++i) {
    comma += ", x++";
    land += " && x > " + std::to_string(i % 7);
    sum += " + 1";
  }
  comma += "; o[0] = x; }";
  land += "; }";
  sum += "]; a[0] = 1; o[0] = a[0]; }";
  for (const std::string *src : {&comma, &land, &sum}) {
    auto r = analyze(*src);
    EXPECT_EQ(r.numErrors, 0u) << r.firstError();
  }
  // 200 nested subscripts (real nesting, one level each) are accepted;
  // 300 are refused with a located error, not a stack overflow.
  auto subscripts = [](int n) {
    std::string src = "kernel void k(global int* o) { o[0] = ";
    for (int i = 0; i < n; ++i)
      src += "o[";
    src += "0";
    for (int i = 0; i < n; ++i)
      src += "]";
    return src + "; }";
  };
  EXPECT_EQ(analyze(subscripts(200)).numErrors, 0u)
      << analyze(subscripts(200)).firstError();
  auto deep = analyze(subscripts(300));
  EXPECT_EQ(deep.numErrors, 1u);
  EXPECT_NE(deep.firstError().find("nesting too deep"), std::string::npos);
  EXPECT_EQ(deep.firstError().rfind("1:", 0), 0u) << deep.firstError();
  // Real nesting of 100,000 levels is refused, with one located error.
  std::string parens =
      "kernel void k(global int* o) { o[0] = " + std::string(100000, '(') +
      "1" + std::string(100000, ')') + "; }";
  EXPECT_EQ(analyze(parens).numErrors, 1u);
  std::string blocks = "kernel void k(global int* o) " +
                       std::string(100000, '{') + std::string(100000, '}');
  EXPECT_EQ(analyze(blocks).numErrors, 1u);
  std::string assigns = "kernel void k(global int* o, int x) { ";
  for (int i = 0; i < 100000; ++i)
    assigns += "x = ";
  assigns += "1; }";
  EXPECT_EQ(analyze(assigns).numErrors, 1u);
}

TEST(ParserTest, TooManyErrorsStops) {
  std::string src;
  for (int i = 0; i < 500; ++i)
    src += "@ ";
  auto r = runFrontend(src);
  EXPECT_EQ(r.numErrors, DiagnosticEngine::kMaxErrors);
  EXPECT_NE(r.diags.find("too many errors emitted"), std::string::npos);
}

} // namespace
