//===- Parser.h - kgc recursive-descent parser ------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Builds an unresolved AST (names and types of expressions are filled in by
// Sema). Syntax errors are reported through the DiagnosticEngine; the parser
// recovers at statement level (skipping to ';' or '}') and at top level.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_PARSER_H
#define KGPU_FRONTEND_KGC_PARSER_H

#include "kgpu/Frontend/KGC/AST.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"
#include "kgpu/Frontend/KGC/Token.h"

#include <optional>
#include <vector>

namespace kgpu::kgc {

class Parser {
public:
  /// Maximum nesting depth of statements and expressions.
  static constexpr unsigned kMaxNestingDepth = 256;

  Parser(std::vector<Token> tokens, DiagnosticEngine &diags,
         TranslationUnit &tu);

  /// Parses the whole token stream into `tu`.
  void parseTranslationUnit();

  /// Parses a single expression followed by eof (for tests).
  Expr *parseStandaloneExpression();

private:
  /// Parsed declaration specifiers: qualifiers, base type, pointer.
  struct DeclSpec {
    llvm::SMLoc loc;
    bool isConst = false;
    std::optional<AddressSpace> space;
    llvm::SMLoc spaceLoc;
    bool isVoid = false;
    bool isMMA = false;
    ScalarKind scalar = ScalarKind::Int;
    MMAShape shape = MMAShape::M16N16K16;
    MMARole role = MMARole::A;
    bool isPointer = false;
  };
  enum class DeclContext { TopLevel, KernelParam, HelperParam, Local, Cast };

  // Token helpers.
  const Token &tok() const { return tokens[pos]; }
  const Token &peekTok(unsigned n = 1) const {
    size_t i = pos + n;
    return i < tokens.size() ? tokens[i] : tokens.back();
  }
  void consume() {
    if (pos + 1 < tokens.size())
      ++pos;
  }
  bool consumeIf(TokenKind k) {
    if (tok().is(k)) {
      consume();
      return true;
    }
    return false;
  }
  bool expect(TokenKind k, llvm::StringRef context = "");
  void errorAt(const Token &t, const llvm::Twine &msg);
  void error(llvm::SMLoc loc, const llvm::Twine &msg);
  bool shouldStop() const { return aborted || diags.tooManyErrors(); }

  // Depth accounting.
  bool enterNesting();
  void exitNesting() { --depth; }
  struct NestingGuard {
    Parser &p;
    bool ok;
    explicit NestingGuard(Parser &p) : p(p), ok(p.enterNesting()) {}
    ~NestingGuard() {
      if (ok)
        p.exitNesting();
    }
  };

  // Recovery.
  void skipToStatementEnd();
  void skipToTopLevel();

  // Declarations.
  bool startsDeclSpec(const Token &t) const;
  bool parseDeclSpec(DeclSpec &spec, DeclContext ctx);
  bool parseMMAType(DeclSpec &spec);
  bool checkDeclSpec(const DeclSpec &spec, DeclContext ctx);
  Type getTypeFromSpec(const DeclSpec &spec) const;
  void parseTopLevelDecl();
  void parseFunction(const DeclSpec &spec, bool isKernel, const Token &name,
                     std::optional<std::array<uint32_t, 3>> workGroupSize);
  bool parseAttributes(std::optional<std::array<uint32_t, 3>> &workGroupSize,
                       llvm::SMLoc &attrLoc);
  VarDecl *parseParam(bool isKernel);
  Stmt *parseDeclStmt();
  VarDecl *parseLocalDeclarator(const DeclSpec &spec);
  Expr *parseInitializer();
  void diagnoseUnsupportedKeyword(const Token &t);

  // Statements.
  Stmt *parseStatement();
  CompoundStmt *parseCompound();
  Stmt *parseIf();
  Stmt *parseFor(bool isParallel);
  Stmt *parseWhile();
  Stmt *parseDo();
  Stmt *parseReturn();
  bool parseReduceClause(std::vector<ReduceClause> &clauses);

  // Expressions.
  Expr *parseExpression();
  Expr *parseAssignment();
  Expr *parseConditional();
  Expr *parseBinary(unsigned minPrec);
  Expr *parseUnary();
  Expr *parsePostfix(Expr *base);
  Expr *parsePrimary();
  Expr *parseIntLiteral();
  Expr *parseFloatLiteral();

  std::vector<Token> tokens;
  size_t pos = 0;
  DiagnosticEngine &diags;
  TranslationUnit &tu;
  unsigned depth = 0;
  bool aborted = false;
  bool inKernel = false;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_PARSER_H
