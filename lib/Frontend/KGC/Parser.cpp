//===- Parser.cpp - kgc recursive-descent parser --------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Parser.h"
#include "kgpu/Frontend/KGC/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace kgpu::kgc;
using llvm::SMLoc;

Parser::Parser(std::vector<Token> toks, DiagnosticEngine &diags,
               TranslationUnit &tu)
    : tokens(std::move(toks)), diags(diags), tu(tu) {
  if (tokens.empty() || tokens.back().isNot(TokenKind::eof))
    tokens.push_back(Token(TokenKind::eof, ""));
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

void Parser::error(SMLoc loc, const llvm::Twine &msg) { diags.error(loc, msg); }

void Parser::errorAt(const Token &t, const llvm::Twine &msg) {
  // Invalid tokens were already diagnosed by the lexer.
  if (t.is(TokenKind::error))
    return;
  // An error at the end of the file after an earlier error (e.g. an
  // unterminated comment) is almost always a cascade.
  if (t.is(TokenKind::eof) && diags.hasErrors())
    return;
  diags.error(t.getLoc(), msg);
}

bool Parser::expect(TokenKind k, llvm::StringRef context) {
  if (consumeIf(k))
    return true;
  std::string msg = ("expected " + getTokenKindSpelling(k)).str();
  if (!context.empty())
    msg += (" " + context).str();
  errorAt(tok(), msg);
  return false;
}

bool Parser::enterNesting() {
  if (aborted)
    return false;
  if (++depth > kMaxNestingDepth) {
    --depth;
    error(tok().getLoc(), "nesting too deep: statements and expressions may be "
                          "nested at most 256 levels");
    aborted = true;
    return false;
  }
  return true;
}

void Parser::skipToStatementEnd() {
  unsigned braces = 0, parens = 0;
  while (!tok().is(TokenKind::eof)) {
    switch (tok().getKind()) {
    case TokenKind::semi:
      if (braces == 0 && parens == 0) {
        consume();
        return;
      }
      break;
    case TokenKind::l_paren:
      ++parens;
      break;
    case TokenKind::r_paren:
      if (parens)
        --parens;
      break;
    case TokenKind::l_brace:
      ++braces;
      break;
    case TokenKind::r_brace:
      if (braces == 0)
        return;
      if (--braces == 0 && parens == 0) {
        consume();
        return;
      }
      break;
    default:
      break;
    }
    consume();
  }
}

void Parser::skipToTopLevel() {
  unsigned braces = 0;
  while (!tok().is(TokenKind::eof)) {
    if (tok().is(TokenKind::l_brace)) {
      ++braces;
    } else if (tok().is(TokenKind::r_brace)) {
      if (braces <= 1) {
        consume();
        return;
      }
      --braces;
    } else if (tok().is(TokenKind::semi) && braces == 0) {
      consume();
      return;
    }
    consume();
  }
}

void Parser::diagnoseUnsupportedKeyword(const Token &t) {
  llvm::StringRef s = t.getSpelling();
  std::string msg =
      llvm::StringSwitch<std::string>(s)
          .Cases({"struct", "union", "enum", "typedef"},
                 ("'" + s + "' is not supported").str())
          .Cases({"switch", "case", "default"},
                 "switch statements are not supported; use if/else")
          .Case("goto", "goto is not supported")
          .Case("sizeof", "sizeof is not supported")
          .Cases({"new", "delete"},
                 ("dynamic memory allocation is not supported ('" + s + "')")
                     .str())
          .Cases({"unsigned", "signed"},
                 ("'" + s +
                  "' is not supported; use 'int', 'uint', 'long' or "
                  "'ulong'")
                     .str())
          .Cases({"char", "short"},
                 ("type '" + s +
                  "' is not supported; use 'int', 'uint', 'long' or 'ulong'")
                     .str())
          .Default(("'" + s + "' is not supported").str());
  errorAt(t, msg);
}

//===----------------------------------------------------------------------===//
// Declaration specifiers
//===----------------------------------------------------------------------===//

bool Parser::startsDeclSpec(const Token &t) const {
  return t.isTypeKeyword() || t.isQualifierKeyword();
}

bool Parser::parseMMAType(DeclSpec &spec) {
  // mma < shape , role , elem >
  consume(); // 'mma'
  spec.isMMA = true;
  if (!expect(TokenKind::less, "after 'mma'"))
    return false;
  if (tok().isNot(TokenKind::identifier)) {
    errorAt(tok(), "expected mma shape (e.g. m16n16k16)");
    return false;
  }
  llvm::StringRef shapeName = tok().getSpelling();
  std::optional<MMAShape> shape =
      llvm::StringSwitch<std::optional<MMAShape>>(shapeName)
          .Case("m16n8k16", MMAShape::M16N8K16)
          .Case("m16n16k16", MMAShape::M16N16K16)
          .Case("m16n8k32", MMAShape::M16N8K32)
          .Case("m16n8k8", MMAShape::M16N8K8)
          .Case("m32n8k16", MMAShape::M32N8K16)
          .Case("m8n32k16", MMAShape::M8N32K16)
          .Case("m64n64k16", MMAShape::M64N64K16)
          .Case("m64n128k16", MMAShape::M64N128K16)
          .Case("m64n256k16", MMAShape::M64N256K16)
          .Default(std::nullopt);
  if (!shape) {
    errorAt(tok(), "unknown mma shape '" + shapeName +
                       "'; expected one of m16n8k16, m16n16k16, m16n8k32, "
                       "m16n8k8, m32n8k16, m8n32k16, m64n64k16, "
                       "m64n128k16, m64n256k16");
    return false;
  }
  spec.shape = *shape;
  consume();
  if (!expect(TokenKind::comma, "after mma shape"))
    return false;
  if (tok().isNot(TokenKind::identifier)) {
    errorAt(tok(), "expected mma role ('a', 'b' or 'acc')");
    return false;
  }
  llvm::StringRef roleName = tok().getSpelling();
  std::optional<MMARole> role =
      llvm::StringSwitch<std::optional<MMARole>>(roleName)
          .Case("a", MMARole::A)
          .Case("b", MMARole::B)
          .Case("acc", MMARole::Acc)
          .Default(std::nullopt);
  if (!role) {
    errorAt(tok(),
            "unknown mma role '" + roleName + "'; expected 'a', 'b' or 'acc'");
    return false;
  }
  spec.role = *role;
  consume();
  if (!expect(TokenKind::comma, "after mma role"))
    return false;
  Token elemTok = tok();
  switch (elemTok.getKind()) {
  case TokenKind::kw_half:
    spec.scalar = ScalarKind::Half;
    break;
  case TokenKind::kw_float:
    spec.scalar = ScalarKind::Float;
    break;
  default:
    errorAt(elemTok, "expected mma element type ('half' or 'float')");
    return false;
  }
  consume();
  if (isWgmmaShape(spec.shape) &&
      (spec.role != MMARole::Acc || spec.scalar != ScalarKind::Float)) {
    errorAt(elemTok, "warp-group mma shape '" + getMMAShapeName(spec.shape) +
                         "' is an accumulator only: mma<" +
                         getMMAShapeName(spec.shape) + ", acc, float>");
    return false;
  }
  if (spec.role != MMARole::Acc && spec.scalar != ScalarKind::Half) {
    errorAt(elemTok, "mma 'a' and 'b' fragments must have element type 'half'");
    return false;
  }
  if (!expect(TokenKind::greater, "to close the mma type"))
    return false;
  return true;
}

bool Parser::parseDeclSpec(DeclSpec &spec, DeclContext ctx) {
  spec.loc = tok().getLoc();
  bool haveBase = false;
  while (true) {
    const Token &t = tok();
    switch (t.getKind()) {
    case TokenKind::kw_const:
      spec.isConst = true;
      consume();
      continue;
    case TokenKind::kw_restrict:
      consume();
      continue;
    case TokenKind::kw_global:
    case TokenKind::kw_local:
    case TokenKind::kw_constant: {
      AddressSpace as = t.is(TokenKind::kw_global)  ? AddressSpace::Global
                        : t.is(TokenKind::kw_local) ? AddressSpace::Local
                                                    : AddressSpace::Constant;
      if (spec.space && *spec.space != as) {
        errorAt(t, "conflicting address space qualifiers");
        return false;
      }
      spec.space = as;
      spec.spaceLoc = t.getLoc();
      consume();
      continue;
    }
    case TokenKind::kw_mma:
      if (haveBase) {
        errorAt(t, "multiple types in declaration");
        return false;
      }
      if (!parseMMAType(spec))
        return false;
      haveBase = true;
      continue;
    case TokenKind::kw_void:
    case TokenKind::kw_bool:
    case TokenKind::kw_int:
    case TokenKind::kw_uint:
    case TokenKind::kw_long:
    case TokenKind::kw_ulong:
    case TokenKind::kw_float:
    case TokenKind::kw_double:
    case TokenKind::kw_half: {
      if (haveBase) {
        if (t.is(TokenKind::kw_long) || t.is(TokenKind::kw_int))
          errorAt(t, "'long long' and 'long int' are not supported; use "
                     "'long'");
        else
          errorAt(t, "multiple types in declaration");
        return false;
      }
      haveBase = true;
      switch (t.getKind()) {
      case TokenKind::kw_void:
        spec.isVoid = true;
        break;
      case TokenKind::kw_bool:
        spec.scalar = ScalarKind::Bool;
        break;
      case TokenKind::kw_int:
        spec.scalar = ScalarKind::Int;
        break;
      case TokenKind::kw_uint:
        spec.scalar = ScalarKind::UInt;
        break;
      case TokenKind::kw_long:
        spec.scalar = ScalarKind::Long;
        break;
      case TokenKind::kw_ulong:
        spec.scalar = ScalarKind::ULong;
        break;
      case TokenKind::kw_float:
        spec.scalar = ScalarKind::Float;
        break;
      case TokenKind::kw_double:
        spec.scalar = ScalarKind::Double;
        break;
      default:
        spec.scalar = ScalarKind::Half;
        break;
      }
      consume();
      continue;
    }
    case TokenKind::kw_unsupported:
      diagnoseUnsupportedKeyword(t);
      return false;
    default:
      break;
    }
    break;
  }
  if (!haveBase) {
    if (tok().is(TokenKind::identifier))
      errorAt(tok(), "unknown type name '" + tok().getSpelling() + "'");
    else
      errorAt(tok(), "expected a type");
    return false;
  }
  if (tok().is(TokenKind::star)) {
    if (spec.isMMA) {
      errorAt(tok(), "pointers to mma fragments are not supported");
      return false;
    }
    if (spec.isVoid) {
      errorAt(tok(), "'void*' pointers are not supported");
      return false;
    }
    spec.isPointer = true;
    consume();
    // Qualifiers of the pointer itself are accepted and ignored.
    while (tok().isAny(TokenKind::kw_const, TokenKind::kw_restrict))
      consume();
    if (tok().is(TokenKind::star)) {
      errorAt(tok(), "pointers to pointers are not supported");
      return false;
    }
  }
  if (tok().is(TokenKind::l_paren) && peekTok().is(TokenKind::star) &&
      ctx != DeclContext::Cast) {
    errorAt(tok(), "function pointers are not supported");
    return false;
  }
  return checkDeclSpec(spec, ctx);
}

bool Parser::checkDeclSpec(const DeclSpec &spec, DeclContext ctx) {
  if (spec.isPointer || ctx == DeclContext::Cast)
    return true;
  bool isParam =
      ctx == DeclContext::KernelParam || ctx == DeclContext::HelperParam;
  if (isParam && tok().is(TokenKind::identifier) &&
      peekTok().is(TokenKind::l_square)) {
    // `T name[...]` as a parameter: say what is wrong (arrays cannot be
    // passed) rather than complaining about the address space.
    const Token &sq = peekTok();
    if (spec.space && *spec.space == AddressSpace::Local &&
        ctx == DeclContext::KernelParam)
      errorAt(sq, "array parameters are not supported; a kernel cannot be "
                  "passed local memory: declare the local array inside the "
                  "kernel");
    else if (spec.space)
      errorAt(sq, "array parameters are not supported; use a pointer "
                  "parameter ('" +
                      getAddressSpaceName(*spec.space) + " T* " +
                      tok().getSpelling() + "')");
    else
      errorAt(sq, "array parameters are not supported; use a pointer with "
                  "an address space");
    return false;
  }
  if (spec.space && isParam) {
    error(spec.spaceLoc, "address space qualifier '" +
                             getAddressSpaceName(*spec.space) +
                             "' on a non-pointer parameter; only pointer "
                             "parameters have an address space");
    return false;
  }
  if (spec.space && ctx != DeclContext::Local) {
    if (ctx == DeclContext::TopLevel && *spec.space == AddressSpace::Constant)
      return true; // `constant float X = ...;` is a file-scope constant.
    error(spec.spaceLoc, "address space qualifier '" +
                             getAddressSpaceName(*spec.space) +
                             "' is only allowed on pointers and local arrays");
    return false;
  }
  if (spec.space && ctx == DeclContext::Local &&
      *spec.space != AddressSpace::Local) {
    error(spec.spaceLoc, "variables cannot be declared in the '" +
                             getAddressSpaceName(*spec.space) +
                             "' address space; only pointer parameters can "
                             "point to global or constant memory");
    return false;
  }
  return true;
}

Type Parser::getTypeFromSpec(const DeclSpec &spec) const {
  if (spec.isVoid)
    return Type::getVoid();
  if (spec.isMMA)
    return Type::getMMA(spec.shape, spec.role, spec.scalar);
  if (spec.isPointer)
    return Type::getPointer(
        spec.scalar, spec.space.value_or(AddressSpace::Private), spec.isConst);
  return Type::getScalar(spec.scalar);
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

void Parser::parseTranslationUnit() {
  while (tok().isNot(TokenKind::eof) && !shouldStop()) {
    size_t before = pos;
    parseTopLevelDecl();
    if (pos == before && tok().isNot(TokenKind::eof))
      consume(); // Guarantee progress.
  }
}

void Parser::parseTopLevelDecl() {
  if (consumeIf(TokenKind::semi))
    return;
  if (tok().is(TokenKind::error)) {
    consume();
    return;
  }
  bool isKernel = false;
  std::optional<std::array<uint32_t, 3>> workGroupSize;
  llvm::SMLoc attrLoc;
  auto isAttribute = [&] {
    return tok().is(TokenKind::kw_unsupported) &&
           tok().getSpelling() == "__attribute__";
  };
  // OpenCL puts attributes before or after `kernel`.
  if (isAttribute() && !parseAttributes(workGroupSize, attrLoc)) {
    skipToTopLevel();
    return;
  }
  if (tok().is(TokenKind::kw_kernel)) {
    isKernel = true;
    consume();
  }
  if (isAttribute() && !parseAttributes(workGroupSize, attrLoc)) {
    skipToTopLevel();
    return;
  }
  if (workGroupSize && !isKernel) {
    error(attrLoc, "'reqd_work_group_size' applies only to kernel functions");
    skipToTopLevel();
    return;
  }
  if (!startsDeclSpec(tok())) {
    if (tok().is(TokenKind::kw_unsupported))
      diagnoseUnsupportedKeyword(tok());
    else if (tok().is(TokenKind::identifier) &&
             peekTok().is(TokenKind::identifier))
      errorAt(tok(), "unknown type name '" + tok().getSpelling() + "'");
    else
      errorAt(tok(), "expected a function or constant declaration");
    skipToTopLevel();
    return;
  }
  DeclSpec spec;
  if (!parseDeclSpec(spec, DeclContext::TopLevel)) {
    skipToTopLevel();
    return;
  }
  if (tok().isNot(TokenKind::identifier)) {
    errorAt(tok(), "expected an identifier");
    skipToTopLevel();
    return;
  }
  Token name = tok();
  consume();
  if (tok().is(TokenKind::l_paren)) {
    parseFunction(spec, isKernel, name, workGroupSize);
    return;
  }
  if (isKernel) {
    errorAt(tok(), "expected '(' after kernel name");
    skipToTopLevel();
    return;
  }
  // File-scope constant(s).
  if (tok().is(TokenKind::l_square)) {
    errorAt(tok(), "file-scope arrays are not supported");
    skipToTopLevel();
    return;
  }
  bool isConst =
      spec.isConst || (spec.space && *spec.space == AddressSpace::Constant);
  if (spec.isPointer || spec.isMMA || spec.isVoid || !isConst) {
    errorAt(name, "file-scope variables must be scalar constants declared "
                  "'const' with a constant initializer");
    skipToTopLevel();
    return;
  }
  while (true) {
    auto *var = tu.create<VarDecl>(name.getLoc(), name.getSpelling(),
                                   getTypeFromSpec(spec),
                                   VarDecl::VarKind::GlobalConst, true);
    if (!consumeIf(TokenKind::equal)) {
      errorAt(name, "file-scope constant '" + name.getSpelling() +
                        "' requires an initializer");
      skipToTopLevel();
      return;
    }
    Expr *init = parseAssignment();
    if (!init) {
      skipToTopLevel();
      return;
    }
    var->setInit(init);
    tu.addDecl(var);
    if (!consumeIf(TokenKind::comma))
      break;
    if (tok().isNot(TokenKind::identifier)) {
      errorAt(tok(), "expected an identifier");
      skipToTopLevel();
      return;
    }
    name = tok();
    consume();
  }
  if (!expect(TokenKind::semi, "after declaration"))
    skipToTopLevel();
}

/// `__attribute__((reqd_work_group_size(X, Y, Z)))`, possibly several
/// attribute lists; the only attribute kgc knows is reqd_work_group_size.
bool Parser::parseAttributes(
    std::optional<std::array<uint32_t, 3>> &workGroupSize,
    llvm::SMLoc &attrLoc) {
  while (tok().is(TokenKind::kw_unsupported) &&
         tok().getSpelling() == "__attribute__") {
    consume();
    if (!expect(TokenKind::l_paren, "after '__attribute__'") ||
        !expect(TokenKind::l_paren, "after '__attribute__('"))
      return false;
    while (true) {
      const Token name = tok();
      if (name.isNot(TokenKind::identifier)) {
        errorAt(name, "expected an attribute name");
        return false;
      }
      llvm::StringRef spelling = name.getSpelling();
      if (spelling != "reqd_work_group_size" &&
          spelling != "__reqd_work_group_size__") {
        errorAt(name, "unknown attribute '" + spelling +
                          "'; kgc supports reqd_work_group_size(X, Y, Z) on "
                          "kernels");
        return false;
      }
      if (workGroupSize) {
        errorAt(name, "duplicate 'reqd_work_group_size' attribute");
        return false;
      }
      consume();
      if (!expect(TokenKind::l_paren, "after 'reqd_work_group_size'"))
        return false;
      std::array<uint32_t, 3> size = {1, 1, 1};
      uint64_t total = 1;
      for (unsigned d = 0; d < 3; ++d) {
        if (d > 0 && !expect(TokenKind::comma,
                             "between the 3 sizes of reqd_work_group_size"))
          return false;
        const Token t = tok();
        if (t.isNot(TokenKind::int_literal)) {
          errorAt(t, "reqd_work_group_size takes 3 integer constants");
          return false;
        }
        uint64_t value = 0;
        IntLiteralSuffix suffix;
        bool isDecimal = true;
        std::string err;
        if (!kgpu::kgc::parseIntegerLiteral(t.getSpelling(), value, suffix,
                                            isDecimal, err)) {
          errorAt(t, err);
          return false;
        }
        if (value < 1 || value > 1024) {
          errorAt(t, "work-group size " + t.getSpelling() +
                         " is out of range: each size must be 1 to 1024");
          return false;
        }
        size[d] = static_cast<uint32_t>(value);
        total *= value;
        consume();
      }
      if (tok().is(TokenKind::comma)) {
        errorAt(tok(), "reqd_work_group_size takes exactly 3 sizes");
        return false;
      }
      if (!expect(TokenKind::r_paren,
                  "after the sizes of reqd_work_group_size"))
        return false;
      if (total > 1024) {
        errorAt(name, "reqd_work_group_size(" + std::to_string(size[0]) + ", " +
                          std::to_string(size[1]) + ", " +
                          std::to_string(size[2]) + ") has " +
                          std::to_string(total) +
                          " work-items; a work-group has at most 1024");
        return false;
      }
      attrLoc = name.getLoc();
      workGroupSize = size;
      if (!consumeIf(TokenKind::comma))
        break;
    }
    if (!expect(TokenKind::r_paren, "to close the attribute list") ||
        !expect(TokenKind::r_paren, "to close '__attribute__(('"))
      return false;
  }
  return true;
}

void Parser::parseFunction(
    const DeclSpec &spec, bool isKernel, const Token &name,
    std::optional<std::array<uint32_t, 3>> workGroupSize) {
  if (isKernel && (!spec.isVoid || spec.isPointer)) {
    error(spec.loc,
          "kernel function '" + name.getSpelling() + "' must return void");
    skipToTopLevel();
    return;
  }
  if (spec.isPointer) {
    error(spec.loc, "functions cannot return pointers");
    skipToTopLevel();
    return;
  }
  if (spec.isMMA) {
    error(spec.loc, "functions cannot return mma fragments");
    skipToTopLevel();
    return;
  }
  if (spec.space) {
    error(spec.spaceLoc, "address space qualifier on a function return type");
    skipToTopLevel();
    return;
  }
  auto *fn = tu.create<FunctionDecl>(name.getLoc(), name.getSpelling(),
                                     getTypeFromSpec(spec), isKernel);
  if (workGroupSize)
    fn->setReqdWorkGroupSize(*workGroupSize);
  consume(); // '('
  if (tok().is(TokenKind::kw_void) && peekTok().is(TokenKind::r_paren)) {
    consume();
  } else if (tok().isNot(TokenKind::r_paren)) {
    while (true) {
      VarDecl *param = parseParam(isKernel);
      if (!param) {
        skipToTopLevel();
        return;
      }
      fn->getParamsMutable().push_back(param);
      if (!consumeIf(TokenKind::comma))
        break;
    }
  }
  if (!expect(TokenKind::r_paren, "after parameter list")) {
    skipToTopLevel();
    return;
  }
  if (consumeIf(TokenKind::semi)) {
    tu.addDecl(fn); // Prototype.
    return;
  }
  if (tok().isNot(TokenKind::l_brace)) {
    errorAt(tok(), "expected '{' or ';' after function declarator");
    skipToTopLevel();
    return;
  }
  inKernel = isKernel;
  CompoundStmt *body = parseCompound();
  inKernel = false;
  if (!body) {
    skipToTopLevel();
    return;
  }
  fn->setBody(body);
  tu.addDecl(fn);
}

VarDecl *Parser::parseParam(bool isKernel) {
  DeclSpec spec;
  if (!parseDeclSpec(spec, isKernel ? DeclContext::KernelParam
                                    : DeclContext::HelperParam))
    return nullptr;
  if (tok().isNot(TokenKind::identifier)) {
    errorAt(tok(), "expected parameter name");
    return nullptr;
  }
  Token name = tok();
  consume();
  if (tok().is(TokenKind::l_square)) {
    errorAt(tok(), "array parameters are not supported; use a pointer with "
                   "an address space");
    return nullptr;
  }
  if (spec.isVoid) {
    error(name.getLoc(),
          "parameter '" + name.getSpelling() + "' has void type");
    return nullptr;
  }
  if (spec.isMMA) {
    error(spec.loc, "mma fragments cannot be passed to functions");
    return nullptr;
  }
  if (spec.isPointer) {
    if (!spec.space) {
      error(name.getLoc(), "pointer parameter '" + name.getSpelling() +
                               "' must have an explicit address space "
                               "(global, local or constant)");
      return nullptr;
    }
    if (isKernel && *spec.space == AddressSpace::Local) {
      error(spec.spaceLoc, "local pointer kernel parameters are not "
                           "supported; declare a local array inside the "
                           "kernel");
      return nullptr;
    }
  }
  return tu.create<VarDecl>(name.getLoc(), name.getSpelling(),
                            getTypeFromSpec(spec), VarDecl::VarKind::Param,
                            spec.isConst && !spec.isPointer);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

CompoundStmt *Parser::parseCompound() {
  SMLoc loc = tok().getLoc();
  if (!expect(TokenKind::l_brace))
    return nullptr;
  std::vector<Stmt *> body;
  while (tok().isNot(TokenKind::r_brace) && tok().isNot(TokenKind::eof)) {
    if (shouldStop())
      return nullptr;
    size_t before = pos;
    Stmt *s = parseStatement();
    if (aborted)
      return nullptr;
    if (s) {
      body.push_back(s);
    } else {
      skipToStatementEnd();
      if (pos == before && tok().isNot(TokenKind::r_brace))
        consume();
    }
  }
  if (!expect(TokenKind::r_brace, "at end of block"))
    return nullptr;
  return tu.create<CompoundStmt>(loc, std::move(body));
}

Stmt *Parser::parseStatement() {
  NestingGuard guard(*this);
  if (!guard.ok)
    return nullptr;
  const Token &t = tok();
  SMLoc loc = t.getLoc();
  switch (t.getKind()) {
  case TokenKind::l_brace:
    return parseCompound();
  case TokenKind::semi:
    consume();
    return tu.create<NullStmt>(loc);
  case TokenKind::kw_if:
    return parseIf();
  case TokenKind::kw_for:
    return parseFor(/*isParallel=*/false);
  case TokenKind::kw_while:
    return parseWhile();
  case TokenKind::kw_do:
    return parseDo();
  case TokenKind::kw_break:
    consume();
    if (!expect(TokenKind::semi, "after 'break'"))
      return nullptr;
    return tu.create<BreakStmt>(loc);
  case TokenKind::kw_continue:
    consume();
    if (!expect(TokenKind::semi, "after 'continue'"))
      return nullptr;
    return tu.create<ContinueStmt>(loc);
  case TokenKind::kw_return:
    return parseReturn();
  case TokenKind::kw_unsupported:
    diagnoseUnsupportedKeyword(t);
    return nullptr;
  case TokenKind::kw_kernel:
    errorAt(t, "kernel functions can only be defined at file scope");
    return nullptr;
  case TokenKind::kw_else:
    errorAt(t, "'else' without a matching 'if'");
    return nullptr;
  case TokenKind::error:
    consume();
    return nullptr;
  case TokenKind::identifier:
    if (t.getSpelling() == "parallel" && peekTok().is(TokenKind::kw_for)) {
      consume();
      return parseFor(/*isParallel=*/true);
    }
    if (peekTok().is(TokenKind::identifier)) {
      errorAt(t, "unknown type name '" + t.getSpelling() + "'");
      return nullptr;
    }
    if (peekTok().is(TokenKind::colon)) {
      errorAt(t, "labels are not supported");
      return nullptr;
    }
    break;
  default:
    break;
  }
  if (startsDeclSpec(t))
    return parseDeclStmt();
  Expr *e = parseExpression();
  if (!e)
    return nullptr;
  if (!expect(TokenKind::semi, "after expression"))
    return nullptr;
  return tu.create<ExprStmt>(loc, e);
}

/// The error for a block-scope pointer variable; `name` is the token after
/// the type.
static std::string pointerVariableMessage(const Token &name) {
  std::string what = name.is(TokenKind::identifier)
                         ? ("'" + name.getSpelling() + "'").str()
                         : std::string("a variable");
  return "pointer variables are not supported (" + what +
         " is declared as a pointer): only parameters can be pointers; index "
         "the pointer parameter directly, e.g. 'p[offset + i]'";
}

Stmt *Parser::parseDeclStmt() {
  SMLoc loc = tok().getLoc();
  DeclSpec spec;
  if (!parseDeclSpec(spec, DeclContext::Local))
    return nullptr;
  if (spec.isVoid) {
    errorAt(tok(), "variables cannot have type 'void'");
    return nullptr;
  }
  if (spec.isPointer) {
    error(spec.loc, pointerVariableMessage(tok()));
    return nullptr;
  }
  std::vector<VarDecl *> decls;
  while (true) {
    VarDecl *var = parseLocalDeclarator(spec);
    if (!var)
      return nullptr;
    decls.push_back(var);
    if (!consumeIf(TokenKind::comma))
      break;
  }
  if (!expect(TokenKind::semi, "after declaration"))
    return nullptr;
  return tu.create<DeclStmt>(loc, std::move(decls));
}

VarDecl *Parser::parseLocalDeclarator(const DeclSpec &spec) {
  if (tok().is(TokenKind::l_paren) && peekTok().is(TokenKind::star)) {
    errorAt(tok(), "function pointers are not supported");
    return nullptr;
  }
  if (tok().is(TokenKind::star)) {
    errorAt(tok(), pointerVariableMessage(peekTok()));
    return nullptr;
  }
  if (tok().isNot(TokenKind::identifier)) {
    errorAt(tok(), "expected variable name");
    return nullptr;
  }
  Token name = tok();
  consume();
  if (tok().is(TokenKind::l_paren)) {
    errorAt(tok(), "function declarations are only allowed at file scope");
    return nullptr;
  }
  std::vector<Expr *> dims;
  while (tok().is(TokenKind::l_square)) {
    SMLoc l = tok().getLoc();
    consume();
    if (tok().is(TokenKind::r_square)) {
      error(l, "array '" + name.getSpelling() + "' must have a constant size");
      return nullptr;
    }
    Expr *d = parseExpression();
    if (!d)
      return nullptr;
    if (!expect(TokenKind::r_square, "after array size"))
      return nullptr;
    dims.push_back(d);
  }
  if (dims.size() > 3) {
    error(name.getLoc(), "arrays may have at most 3 dimensions");
    return nullptr;
  }
  bool isLocal = spec.space && *spec.space == AddressSpace::Local;
  if (isLocal && dims.empty()) {
    error(spec.spaceLoc, "'local' variables must be arrays (e.g. 'local int "
                         "count[1];')");
    return nullptr;
  }
  if (spec.isMMA && !dims.empty()) {
    error(name.getLoc(), "arrays of mma fragments are not supported");
    return nullptr;
  }
  Type type = getTypeFromSpec(spec);
  if (!dims.empty()) {
    llvm::SmallVector<int64_t, 3> zeros(dims.size(), 1);
    type = Type::getArray(spec.scalar, zeros,
                          isLocal ? AddressSpace::Local : AddressSpace::Private,
                          spec.isConst);
  }
  auto *var = tu.create<VarDecl>(name.getLoc(), name.getSpelling(), type,
                                 VarDecl::VarKind::Local, spec.isConst);
  var->setParsedDims(std::move(dims));
  if (consumeIf(TokenKind::equal)) {
    if (isLocal) {
      error(name.getLoc(), "local array '" + name.getSpelling() +
                               "' cannot have an initializer");
      return nullptr;
    }
    Expr *init = parseInitializer();
    if (!init)
      return nullptr;
    var->setInit(init);
  }
  return var;
}

Expr *Parser::parseInitializer() {
  if (tok().isNot(TokenKind::l_brace))
    return parseAssignment();
  NestingGuard guard(*this);
  if (!guard.ok)
    return nullptr;
  SMLoc loc = tok().getLoc();
  consume();
  std::vector<Expr *> inits;
  while (tok().isNot(TokenKind::r_brace)) {
    Expr *e = parseInitializer();
    if (!e)
      return nullptr;
    inits.push_back(e);
    if (!consumeIf(TokenKind::comma))
      break;
  }
  if (!expect(TokenKind::r_brace, "at end of initializer list"))
    return nullptr;
  return tu.create<InitListExpr>(loc, std::move(inits));
}

Stmt *Parser::parseIf() {
  // An `else if` chain is parsed in a loop: it is flat, not nesting. The
  // AST is the usual right-nested IfStmt chain (else = the next IfStmt).
  struct Arm {
    SMLoc loc;
    Expr *cond;
    Stmt *thenS;
  };
  llvm::SmallVector<Arm, 4> arms;
  Stmt *elseS = nullptr;
  while (true) {
    SMLoc loc = tok().getLoc();
    consume(); // 'if'
    if (!expect(TokenKind::l_paren, "after 'if'"))
      return nullptr;
    Expr *cond = parseExpression();
    if (!cond || !expect(TokenKind::r_paren, "after condition"))
      return nullptr;
    Stmt *thenS = parseStatement();
    if (!thenS || aborted)
      return nullptr;
    arms.push_back({loc, cond, thenS});
    if (!consumeIf(TokenKind::kw_else))
      break;
    if (tok().is(TokenKind::kw_if))
      continue;
    elseS = parseStatement();
    if (!elseS)
      return nullptr;
    break;
  }
  for (const Arm &arm : llvm::reverse(arms))
    elseS = tu.create<IfStmt>(arm.loc, arm.cond, arm.thenS, elseS);
  return elseS;
}

/// Returns the reduction operator spelled by `t` (+ * & | ^ min max).
static std::optional<ReduceOpKind> getReduceOp(const Token &t) {
  switch (t.getKind()) {
  case TokenKind::plus:
    return ReduceOpKind::Add;
  case TokenKind::star:
    return ReduceOpKind::Mul;
  case TokenKind::amp:
    return ReduceOpKind::And;
  case TokenKind::pipe:
    return ReduceOpKind::Or;
  case TokenKind::caret:
    return ReduceOpKind::Xor;
  case TokenKind::identifier:
    if (t.getSpelling() == "min")
      return ReduceOpKind::Min;
    if (t.getSpelling() == "max")
      return ReduceOpKind::Max;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

bool Parser::parseReduceClause(std::vector<ReduceClause> &clauses) {
  // reduce ( op : target {, target} {, op : target {, target}} )
  consume(); // 'reduce'
  if (!expect(TokenKind::l_paren, "after 'reduce'"))
    return false;
  while (true) {
    std::optional<ReduceOpKind> op = getReduceOp(tok());
    if (!op || peekTok().isNot(TokenKind::colon)) {
      errorAt(tok(), "expected a reduction operator (+, *, min, max, &, |, "
                     "^) followed by ':'");
      return false;
    }
    consume();
    consume(); // ':'
    bool newOp = false;
    while (true) {
      SMLoc tloc = tok().getLoc();
      Expr *target = parseConditional();
      if (!target)
        return false;
      clauses.push_back(ReduceClause{tloc, *op, target});
      if (tok().isNot(TokenKind::comma))
        break;
      consume();
      if (getReduceOp(tok()) && peekTok().is(TokenKind::colon)) {
        newOp = true;
        break;
      }
    }
    if (!newOp)
      break;
  }
  return expect(TokenKind::r_paren, "after reduce clause");
}

Stmt *Parser::parseFor(bool isParallel) {
  SMLoc loc = tok().getLoc();
  consume(); // 'for'
  if (!expect(TokenKind::l_paren, "after 'for'"))
    return nullptr;
  Stmt *init = nullptr;
  if (startsDeclSpec(tok())) {
    init = parseDeclStmt(); // Consumes ';'.
    if (!init)
      return nullptr;
  } else if (!consumeIf(TokenKind::semi)) {
    SMLoc iloc = tok().getLoc();
    Expr *e = parseExpression();
    if (!e || !expect(TokenKind::semi, "in 'for'"))
      return nullptr;
    init = tu.create<ExprStmt>(iloc, e);
  }
  Expr *cond = nullptr;
  if (tok().isNot(TokenKind::semi)) {
    cond = parseExpression();
    if (!cond)
      return nullptr;
  }
  if (!expect(TokenKind::semi, "in 'for'"))
    return nullptr;
  Expr *inc = nullptr;
  if (tok().isNot(TokenKind::r_paren)) {
    inc = parseExpression();
    if (!inc)
      return nullptr;
  }
  if (!expect(TokenKind::r_paren, "after 'for' header"))
    return nullptr;
  std::vector<ReduceClause> clauses;
  if (isParallel) {
    while (tok().is(TokenKind::identifier) && tok().getSpelling() == "reduce" &&
           peekTok().is(TokenKind::l_paren)) {
      if (!parseReduceClause(clauses))
        return nullptr;
    }
  } else if (tok().is(TokenKind::identifier) &&
             tok().getSpelling() == "reduce" &&
             peekTok().is(TokenKind::l_paren)) {
    // Accept and diagnose in Sema-like fashion here: only parallel loops
    // have reduce clauses.
    errorAt(tok(), "reduce clauses are only allowed on 'parallel for'");
    return nullptr;
  }
  Stmt *body = parseStatement();
  if (!body)
    return nullptr;
  if (isParallel)
    return tu.create<ParallelForStmt>(loc, init, cond, inc, std::move(clauses),
                                      body);
  return tu.create<ForStmt>(loc, init, cond, inc, body);
}

Stmt *Parser::parseWhile() {
  SMLoc loc = tok().getLoc();
  consume();
  if (!expect(TokenKind::l_paren, "after 'while'"))
    return nullptr;
  Expr *cond = parseExpression();
  if (!cond || !expect(TokenKind::r_paren, "after condition"))
    return nullptr;
  Stmt *body = parseStatement();
  if (!body)
    return nullptr;
  return tu.create<WhileStmt>(loc, cond, body);
}

Stmt *Parser::parseDo() {
  SMLoc loc = tok().getLoc();
  consume();
  Stmt *body = parseStatement();
  if (!body)
    return nullptr;
  if (!expect(TokenKind::kw_while, "after 'do' body"))
    return nullptr;
  if (!expect(TokenKind::l_paren, "after 'while'"))
    return nullptr;
  Expr *cond = parseExpression();
  if (!cond || !expect(TokenKind::r_paren, "after condition") ||
      !expect(TokenKind::semi, "after do-while"))
    return nullptr;
  return tu.create<DoStmt>(loc, body, cond);
}

Stmt *Parser::parseReturn() {
  SMLoc loc = tok().getLoc();
  consume();
  Expr *value = nullptr;
  if (tok().isNot(TokenKind::semi)) {
    value = parseExpression();
    if (!value)
      return nullptr;
  }
  if (!expect(TokenKind::semi, "after return statement"))
    return nullptr;
  return tu.create<ReturnStmt>(loc, value);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Expr *Parser::parseStandaloneExpression() {
  Expr *e = parseExpression();
  if (e && tok().isNot(TokenKind::eof)) {
    errorAt(tok(), "expected end of expression");
    return nullptr;
  }
  return e;
}

Expr *Parser::parseExpression() {
  // A comma chain is flat: it does not count as nesting (every later stage
  // walks left-nested chains iteratively).
  Expr *lhs = parseAssignment();
  while (lhs && tok().is(TokenKind::comma)) {
    SMLoc loc = tok().getLoc();
    consume();
    Expr *rhs = parseAssignment();
    lhs = rhs ? tu.create<BinaryExpr>(loc, BinaryOpKind::Comma, lhs, rhs)
              : nullptr;
  }
  return lhs;
}

static std::optional<BinaryOpKind> getAssignOp(TokenKind k) {
  switch (k) {
  case TokenKind::equal:
    return BinaryOpKind::Assign;
  case TokenKind::plus_equal:
    return BinaryOpKind::AddAssign;
  case TokenKind::minus_equal:
    return BinaryOpKind::SubAssign;
  case TokenKind::star_equal:
    return BinaryOpKind::MulAssign;
  case TokenKind::slash_equal:
    return BinaryOpKind::DivAssign;
  case TokenKind::percent_equal:
    return BinaryOpKind::RemAssign;
  case TokenKind::lessless_equal:
    return BinaryOpKind::ShlAssign;
  case TokenKind::greatergreater_equal:
    return BinaryOpKind::ShrAssign;
  case TokenKind::amp_equal:
    return BinaryOpKind::AndAssign;
  case TokenKind::caret_equal:
    return BinaryOpKind::XorAssign;
  case TokenKind::pipe_equal:
    return BinaryOpKind::OrAssign;
  default:
    return std::nullopt;
  }
}

Expr *Parser::parseAssignment() {
  Expr *lhs = parseConditional();
  if (!lhs)
    return nullptr;
  if (auto op = getAssignOp(tok().getKind())) {
    SMLoc loc = tok().getLoc();
    consume();
    NestingGuard guard(*this); // Right recursion deepens the tree.
    if (!guard.ok)
      return nullptr;
    Expr *rhs = parseAssignment(); // Right associative.
    if (!rhs)
      return nullptr;
    return tu.create<AssignExpr>(loc, *op, lhs, rhs);
  }
  return lhs;
}

Expr *Parser::parseConditional() {
  Expr *cond = parseBinary(1);
  if (!cond || tok().isNot(TokenKind::question))
    return cond;
  SMLoc loc = tok().getLoc();
  consume();
  NestingGuard guard(*this); // Right recursion deepens the tree.
  if (!guard.ok)
    return nullptr;
  Expr *t = parseExpression();
  if (!t || !expect(TokenKind::colon, "in conditional expression"))
    return nullptr;
  Expr *f = parseConditional(); // Right associative.
  if (!f)
    return nullptr;
  return tu.create<ConditionalExpr>(loc, cond, t, f);
}

/// Binary operator precedence (higher binds tighter); 0 if not binary.
static unsigned getBinaryPrecedence(TokenKind k, BinaryOpKind &op) {
  switch (k) {
  case TokenKind::pipepipe:
    op = BinaryOpKind::LOr;
    return 1;
  case TokenKind::ampamp:
    op = BinaryOpKind::LAnd;
    return 2;
  case TokenKind::pipe:
    op = BinaryOpKind::Or;
    return 3;
  case TokenKind::caret:
    op = BinaryOpKind::Xor;
    return 4;
  case TokenKind::amp:
    op = BinaryOpKind::And;
    return 5;
  case TokenKind::equalequal:
    op = BinaryOpKind::EQ;
    return 6;
  case TokenKind::exclaimequal:
    op = BinaryOpKind::NE;
    return 6;
  case TokenKind::less:
    op = BinaryOpKind::LT;
    return 7;
  case TokenKind::greater:
    op = BinaryOpKind::GT;
    return 7;
  case TokenKind::lessequal:
    op = BinaryOpKind::LE;
    return 7;
  case TokenKind::greaterequal:
    op = BinaryOpKind::GE;
    return 7;
  case TokenKind::lessless:
    op = BinaryOpKind::Shl;
    return 8;
  case TokenKind::greatergreater:
    op = BinaryOpKind::Shr;
    return 8;
  case TokenKind::plus:
    op = BinaryOpKind::Add;
    return 9;
  case TokenKind::minus:
    op = BinaryOpKind::Sub;
    return 9;
  case TokenKind::star:
    op = BinaryOpKind::Mul;
    return 10;
  case TokenKind::slash:
    op = BinaryOpKind::Div;
    return 10;
  case TokenKind::percent:
    op = BinaryOpKind::Rem;
    return 10;
  default:
    return 0;
  }
}

Expr *Parser::parseBinary(unsigned minPrec) {
  // Left-associative chains (`a + b + c + ...`) are built in a loop and do
  // not count as nesting: Sema, the divergence analysis, the emitter and the
  // printers walk left-nested operator chains iteratively. The recursion for
  // a right operand is bounded by the number of precedence levels.
  Expr *lhs = parseUnary();
  while (lhs) {
    BinaryOpKind op;
    unsigned prec = getBinaryPrecedence(tok().getKind(), op);
    if (prec == 0 || prec < minPrec)
      break;
    SMLoc loc = tok().getLoc();
    consume();
    Expr *rhs = parseBinary(prec + 1); // Left associative.
    lhs = rhs ? tu.create<BinaryExpr>(loc, op, lhs, rhs) : nullptr;
  }
  return lhs;
}

Expr *Parser::parseUnary() {
  NestingGuard guard(*this);
  if (!guard.ok)
    return nullptr;
  const Token &t = tok();
  SMLoc loc = t.getLoc();
  std::optional<UnaryOpKind> op;
  switch (t.getKind()) {
  case TokenKind::plus:
    op = UnaryOpKind::Plus;
    break;
  case TokenKind::minus:
    op = UnaryOpKind::Minus;
    break;
  case TokenKind::exclaim:
    op = UnaryOpKind::LNot;
    break;
  case TokenKind::tilde:
    op = UnaryOpKind::Not;
    break;
  case TokenKind::plusplus:
    op = UnaryOpKind::PreInc;
    break;
  case TokenKind::minusminus:
    op = UnaryOpKind::PreDec;
    break;
  case TokenKind::amp:
    op = UnaryOpKind::AddrOf;
    break;
  case TokenKind::star:
    op = UnaryOpKind::Deref;
    break;
  case TokenKind::l_paren:
    if (startsDeclSpec(peekTok())) {
      // Cast expression.
      consume();
      DeclSpec spec;
      if (!parseDeclSpec(spec, DeclContext::Cast))
        return nullptr;
      if (!expect(TokenKind::r_paren, "after cast type"))
        return nullptr;
      if (spec.isPointer) {
        error(loc, "pointer casts are not supported");
        return nullptr;
      }
      if (spec.isMMA) {
        error(loc, "casts to mma fragment types are not supported");
        return nullptr;
      }
      if (spec.space) {
        error(spec.spaceLoc, "address space qualifier in a cast to a "
                             "non-pointer type");
        return nullptr;
      }
      Expr *sub = parseUnary();
      if (!sub)
        return nullptr;
      return tu.create<ExplicitCastExpr>(loc, getTypeFromSpec(spec), sub);
    }
    break;
  case TokenKind::kw_unsupported:
    diagnoseUnsupportedKeyword(t);
    return nullptr;
  default:
    break;
  }
  if (op) {
    consume();
    Expr *sub = parseUnary();
    if (!sub)
      return nullptr;
    return tu.create<UnaryExpr>(loc, *op, sub);
  }
  Expr *primary = parsePrimary();
  if (!primary)
    return nullptr;
  return parsePostfix(primary);
}

Expr *Parser::parsePostfix(Expr *base) {
  // The first postfix operator is covered by the nesting level of the
  // operand (so `a[a[a[i]]]` counts one level per subscript); each further
  // one in a chain (`a[i][j]...`, `x++ ++`) deepens the tree and counts.
  unsigned folded = 0;
  bool first = true;
  auto enterPostfix = [&]() {
    if (first) {
      first = false;
      return true;
    }
    if (!enterNesting())
      return false;
    ++folded;
    return true;
  };
  while (base) {
    const Token &t = tok();
    SMLoc loc = t.getLoc();
    if (t.is(TokenKind::l_square)) {
      consume();
      if (!enterPostfix()) {
        base = nullptr;
        break;
      }
      Expr *index = parseExpression();
      if (!index || !expect(TokenKind::r_square, "after subscript")) {
        base = nullptr;
        break;
      }
      base = tu.create<SubscriptExpr>(loc, base, index);
    } else if (t.is(TokenKind::plusplus) || t.is(TokenKind::minusminus)) {
      consume();
      if (!enterPostfix()) {
        base = nullptr;
        break;
      }
      base =
          tu.create<UnaryExpr>(loc,
                               t.is(TokenKind::plusplus) ? UnaryOpKind::PostInc
                                                         : UnaryOpKind::PostDec,
                               base);
    } else if (t.is(TokenKind::l_paren)) {
      errorAt(t, "called object is not a function name");
      base = nullptr;
    } else if (t.is(TokenKind::period) || t.is(TokenKind::arrow)) {
      errorAt(t, "member access is not supported (kgc has no structs)");
      base = nullptr;
    } else {
      break;
    }
  }
  depth -= folded;
  return base;
}

Expr *Parser::parseIntLiteral() {
  const Token &t = tok();
  uint64_t value = 0;
  IntLiteralSuffix suffix;
  bool isDecimal = true;
  std::string err;
  if (!kgpu::kgc::parseIntegerLiteral(t.getSpelling(), value, suffix, isDecimal,
                                      err)) {
    errorAt(t, err);
    return nullptr;
  }
  // C rules: the first type of the list that can represent the value.
  ScalarKind kind;
  bool fitsInt = value <= INT32_MAX, fitsUInt = value <= UINT32_MAX,
       fitsLong = value <= (uint64_t)INT64_MAX;
  switch (suffix) {
  case IntLiteralSuffix::None:
    if (fitsInt)
      kind = ScalarKind::Int;
    else if (!isDecimal && fitsUInt)
      kind = ScalarKind::UInt;
    else if (fitsLong)
      kind = ScalarKind::Long;
    else if (!isDecimal)
      kind = ScalarKind::ULong;
    else {
      errorAt(t, "integer literal is too large to be represented in type "
                 "'long'; add a 'ul' suffix");
      return nullptr;
    }
    break;
  case IntLiteralSuffix::U:
    kind = fitsUInt ? ScalarKind::UInt : ScalarKind::ULong;
    break;
  case IntLiteralSuffix::L:
    if (fitsLong)
      kind = ScalarKind::Long;
    else if (!isDecimal)
      kind = ScalarKind::ULong;
    else {
      errorAt(t, "integer literal is too large to be represented in type "
                 "'long'; add a 'ul' suffix");
      return nullptr;
    }
    break;
  case IntLiteralSuffix::UL:
    kind = ScalarKind::ULong;
    break;
  }
  consume();
  return tu.create<IntegerLiteral>(t.getLoc(), value, Type::getScalar(kind));
}

Expr *Parser::parseFloatLiteral() {
  const Token &t = tok();
  double value = 0;
  FloatLiteralSuffix suffix;
  std::string err;
  if (!kgpu::kgc::parseFloatLiteral(t.getSpelling(), value, suffix, err)) {
    errorAt(t, err);
    return nullptr;
  }
  ScalarKind kind = suffix == FloatLiteralSuffix::F   ? ScalarKind::Float
                    : suffix == FloatLiteralSuffix::H ? ScalarKind::Half
                                                      : ScalarKind::Double;
  consume();
  return tu.create<FloatLiteral>(t.getLoc(), value, Type::getScalar(kind));
}

Expr *Parser::parsePrimary() {
  const Token &t = tok();
  SMLoc loc = t.getLoc();
  switch (t.getKind()) {
  case TokenKind::int_literal:
    return parseIntLiteral();
  case TokenKind::float_literal:
    return parseFloatLiteral();
  case TokenKind::kw_true:
  case TokenKind::kw_false: {
    bool v = t.is(TokenKind::kw_true);
    consume();
    return tu.create<BoolLiteral>(loc, v);
  }
  case TokenKind::identifier: {
    llvm::StringRef name = t.getSpelling();
    consume();
    if (tok().is(TokenKind::l_paren)) {
      consume();
      std::vector<Expr *> args;
      if (tok().isNot(TokenKind::r_paren)) {
        while (true) {
          Expr *a = parseAssignment();
          if (!a)
            return nullptr;
          args.push_back(a);
          if (!consumeIf(TokenKind::comma))
            break;
        }
      }
      if (!expect(TokenKind::r_paren, "after call arguments"))
        return nullptr;
      return tu.create<CallExpr>(loc, name, std::move(args));
    }
    return tu.create<DeclRefExpr>(loc, name);
  }
  case TokenKind::l_paren: {
    consume();
    Expr *e = parseExpression();
    if (!e || !expect(TokenKind::r_paren, "after expression"))
      return nullptr;
    return e;
  }
  case TokenKind::error:
    consume();
    return nullptr;
  case TokenKind::kw_unsupported:
    diagnoseUnsupportedKeyword(t);
    return nullptr;
  default:
    errorAt(t, "expected expression");
    return nullptr;
  }
}
