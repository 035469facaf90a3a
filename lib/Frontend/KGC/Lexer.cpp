//===- Lexer.cpp - kgc lexer ----------------------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ConvertUTF.h"

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>

using namespace kgpu::kgc;

llvm::StringRef kgpu::kgc::getTokenKindSpelling(TokenKind kind) {
  switch (kind) {
  case TokenKind::eof:
    return "end of file";
  case TokenKind::error:
    return "invalid token";
  case TokenKind::identifier:
    return "identifier";
  case TokenKind::int_literal:
    return "integer literal";
  case TokenKind::float_literal:
    return "floating literal";
  case TokenKind::kw_kernel:
    return "'kernel'";
  case TokenKind::kw_void:
    return "'void'";
  case TokenKind::kw_bool:
    return "'bool'";
  case TokenKind::kw_int:
    return "'int'";
  case TokenKind::kw_uint:
    return "'uint'";
  case TokenKind::kw_long:
    return "'long'";
  case TokenKind::kw_ulong:
    return "'ulong'";
  case TokenKind::kw_float:
    return "'float'";
  case TokenKind::kw_double:
    return "'double'";
  case TokenKind::kw_half:
    return "'half'";
  case TokenKind::kw_const:
    return "'const'";
  case TokenKind::kw_restrict:
    return "'restrict'";
  case TokenKind::kw_global:
    return "'global'";
  case TokenKind::kw_local:
    return "'local'";
  case TokenKind::kw_constant:
    return "'constant'";
  case TokenKind::kw_if:
    return "'if'";
  case TokenKind::kw_else:
    return "'else'";
  case TokenKind::kw_for:
    return "'for'";
  case TokenKind::kw_while:
    return "'while'";
  case TokenKind::kw_do:
    return "'do'";
  case TokenKind::kw_break:
    return "'break'";
  case TokenKind::kw_continue:
    return "'continue'";
  case TokenKind::kw_return:
    return "'return'";
  case TokenKind::kw_true:
    return "'true'";
  case TokenKind::kw_false:
    return "'false'";
  case TokenKind::kw_mma:
    return "'mma'";
  case TokenKind::kw_unsupported:
    return "unsupported keyword";
  case TokenKind::l_paren:
    return "'('";
  case TokenKind::r_paren:
    return "')'";
  case TokenKind::l_brace:
    return "'{'";
  case TokenKind::r_brace:
    return "'}'";
  case TokenKind::l_square:
    return "'['";
  case TokenKind::r_square:
    return "']'";
  case TokenKind::comma:
    return "','";
  case TokenKind::semi:
    return "';'";
  case TokenKind::colon:
    return "':'";
  case TokenKind::question:
    return "'?'";
  case TokenKind::equal:
    return "'='";
  case TokenKind::plus_equal:
    return "'+='";
  case TokenKind::minus_equal:
    return "'-='";
  case TokenKind::star_equal:
    return "'*='";
  case TokenKind::slash_equal:
    return "'/='";
  case TokenKind::percent_equal:
    return "'%='";
  case TokenKind::lessless_equal:
    return "'<<='";
  case TokenKind::greatergreater_equal:
    return "'>>='";
  case TokenKind::amp_equal:
    return "'&='";
  case TokenKind::caret_equal:
    return "'^='";
  case TokenKind::pipe_equal:
    return "'|='";
  case TokenKind::pipepipe:
    return "'||'";
  case TokenKind::ampamp:
    return "'&&'";
  case TokenKind::pipe:
    return "'|'";
  case TokenKind::caret:
    return "'^'";
  case TokenKind::amp:
    return "'&'";
  case TokenKind::equalequal:
    return "'=='";
  case TokenKind::exclaimequal:
    return "'!='";
  case TokenKind::less:
    return "'<'";
  case TokenKind::lessequal:
    return "'<='";
  case TokenKind::greater:
    return "'>'";
  case TokenKind::greaterequal:
    return "'>='";
  case TokenKind::lessless:
    return "'<<'";
  case TokenKind::greatergreater:
    return "'>>'";
  case TokenKind::plus:
    return "'+'";
  case TokenKind::minus:
    return "'-'";
  case TokenKind::star:
    return "'*'";
  case TokenKind::slash:
    return "'/'";
  case TokenKind::percent:
    return "'%'";
  case TokenKind::exclaim:
    return "'!'";
  case TokenKind::tilde:
    return "'~'";
  case TokenKind::plusplus:
    return "'++'";
  case TokenKind::minusminus:
    return "'--'";
  case TokenKind::period:
    return "'.'";
  case TokenKind::arrow:
    return "'->'";
  }
  return "token";
}

bool Token::isTypeKeyword() const {
  switch (kind) {
  case TokenKind::kw_void:
  case TokenKind::kw_bool:
  case TokenKind::kw_int:
  case TokenKind::kw_uint:
  case TokenKind::kw_long:
  case TokenKind::kw_ulong:
  case TokenKind::kw_float:
  case TokenKind::kw_double:
  case TokenKind::kw_half:
  case TokenKind::kw_mma:
    return true;
  default:
    return false;
  }
}

bool Token::isQualifierKeyword() const {
  return isAny(TokenKind::kw_const, TokenKind::kw_restrict,
               TokenKind::kw_global, TokenKind::kw_local,
               TokenKind::kw_constant);
}

void Lexer::error(const char *pos, const llvm::Twine &msg) {
  diags.error(llvm::SMLoc::getFromPointer(pos), msg);
}

static bool isIdentStart(char c) { return llvm::isAlpha(c) || c == '_'; }
static bool isIdentBody(char c) { return llvm::isAlnum(c) || c == '_'; }

/// Returns the length of the valid UTF-8 sequence at `p` (2-4), or 0 if the
/// bytes at `p` are not valid UTF-8.
static unsigned validUTF8Length(const char *p, const char *end) {
  unsigned len = llvm::getNumBytesForUTF8((unsigned char)*p);
  if (len < 2 || len > 4 || len > (unsigned)(end - p))
    return 0;
  if (!llvm::isLegalUTF8Sequence(reinterpret_cast<const llvm::UTF8 *>(p),
                                 reinterpret_cast<const llvm::UTF8 *>(p + len)))
    return 0;
  return len;
}

bool Lexer::skipSpecialByte(bool inComment) {
  const char *start = cur;
  if (*cur == '\0') {
    error(start, "null character in source file");
    ++cur;
    return false;
  }
  unsigned len = validUTF8Length(cur, buffer.end());
  if (len == 0) {
    error(start, "invalid UTF-8 sequence in source file");
    ++cur;
    // Swallow continuation bytes so that one bad sequence yields one error.
    while (!atEnd() && ((unsigned char)*cur & 0xC0) == 0x80)
      ++cur;
    return false;
  }
  cur += len;
  if (!inComment) {
    error(start, "non-ASCII character outside of a comment");
    return false;
  }
  return true;
}

void Lexer::skipTrivia() {
  while (!atEnd()) {
    char c = *cur;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
        c == '\f') {
      ++cur;
      continue;
    }
    if (c == '/' && peek(1) == '/') {
      while (!atEnd() && *cur != '\n') {
        if (*cur == '\0' || (unsigned char)*cur >= 0x80)
          skipSpecialByte(/*inComment=*/true);
        else
          ++cur;
      }
      continue;
    }
    if (c == '/' && peek(1) == '*') {
      const char *start = cur;
      cur += 2;
      bool closed = false;
      while (!atEnd()) {
        if (*cur == '*' && peek(1) == '/') {
          cur += 2;
          closed = true;
          break;
        }
        if (*cur == '\0' || (unsigned char)*cur >= 0x80)
          skipSpecialByte(/*inComment=*/true);
        else
          ++cur;
      }
      if (!closed)
        error(start, "unterminated block comment");
      continue;
    }
    return;
  }
}

Token Lexer::lexIdentifier(const char *start) {
  while (!atEnd() && isIdentBody(*cur))
    ++cur;
  llvm::StringRef text(start, cur - start);
  TokenKind kind =
      llvm::StringSwitch<TokenKind>(text)
          .Cases({"kernel", "__kernel"}, TokenKind::kw_kernel)
          .Case("void", TokenKind::kw_void)
          .Case("bool", TokenKind::kw_bool)
          .Case("int", TokenKind::kw_int)
          .Case("uint", TokenKind::kw_uint)
          .Case("long", TokenKind::kw_long)
          .Case("ulong", TokenKind::kw_ulong)
          .Case("float", TokenKind::kw_float)
          .Case("double", TokenKind::kw_double)
          .Case("half", TokenKind::kw_half)
          .Cases({"const", "__const"}, TokenKind::kw_const)
          .Cases({"restrict", "__restrict"}, TokenKind::kw_restrict)
          .Cases({"global", "__global"}, TokenKind::kw_global)
          .Cases({"local", "__local"}, TokenKind::kw_local)
          .Cases({"constant", "__constant"}, TokenKind::kw_constant)
          .Case("if", TokenKind::kw_if)
          .Case("else", TokenKind::kw_else)
          .Case("for", TokenKind::kw_for)
          .Case("while", TokenKind::kw_while)
          .Case("do", TokenKind::kw_do)
          .Case("break", TokenKind::kw_break)
          .Case("continue", TokenKind::kw_continue)
          .Case("return", TokenKind::kw_return)
          .Case("true", TokenKind::kw_true)
          .Case("false", TokenKind::kw_false)
          .Case("mma", TokenKind::kw_mma)
          .Cases({"struct", "union", "enum", "typedef", "switch", "case",
                  "default", "goto", "sizeof"},
                 TokenKind::kw_unsupported)
          .Cases({"unsigned", "signed", "char", "short", "static", "extern",
                  "volatile", "inline", "auto", "register", "new", "delete"},
                 TokenKind::kw_unsupported)
          .Cases({"class", "template", "namespace", "using", "private",
                  "__private", "__attribute__", "typeof", "_Bool"},
                 TokenKind::kw_unsupported)
          .Default(TokenKind::identifier);
  return makeToken(kind, start);
}

Token Lexer::lexNumber(const char *start) {
  // Lex a C "pp-number": digits, letters, '.', '_' and exponent signs.
  while (!atEnd()) {
    char c = *cur;
    if (isIdentBody(c) || c == '.') {
      ++cur;
      continue;
    }
    if ((c == '+' || c == '-') && cur > start &&
        (cur[-1] == 'e' || cur[-1] == 'E' || cur[-1] == 'p' ||
         cur[-1] == 'P')) {
      // Only an exponent sign for non-hex numbers ('e' is a hex digit).
      llvm::StringRef sofar(start, cur - start);
      bool isHex = sofar.starts_with_insensitive("0x");
      if (!isHex || cur[-1] == 'p' || cur[-1] == 'P') {
        ++cur;
        continue;
      }
    }
    break;
  }
  llvm::StringRef text(start, cur - start);
  bool isHex = text.starts_with_insensitive("0x");
  bool isFloat = text.contains('.') ||
                 (!isHex && (text.contains('e') || text.contains('E'))) ||
                 (isHex && (text.contains('p') || text.contains('P')));
  return makeToken(isFloat ? TokenKind::float_literal : TokenKind::int_literal,
                   start);
}

Token Lexer::lex() {
  skipTrivia();
  const char *start = cur;
  if (atEnd())
    return Token(TokenKind::eof, llvm::StringRef(buffer.end(), 0));

  char c = *cur++;
  auto tok = [&](TokenKind kind) { return makeToken(kind, start); };
  auto tok2 = [&](char next, TokenKind yes, TokenKind no) {
    if (peek() == next) {
      ++cur;
      return makeToken(yes, start);
    }
    return makeToken(no, start);
  };

  if (isIdentStart(c))
    return lexIdentifier(start);
  if (llvm::isDigit(c) || (c == '.' && llvm::isDigit(peek())))
    return lexNumber(start);

  switch (c) {
  case '(':
    return tok(TokenKind::l_paren);
  case ')':
    return tok(TokenKind::r_paren);
  case '{':
    return tok(TokenKind::l_brace);
  case '}':
    return tok(TokenKind::r_brace);
  case '[':
    return tok(TokenKind::l_square);
  case ']':
    return tok(TokenKind::r_square);
  case ',':
    return tok(TokenKind::comma);
  case ';':
    return tok(TokenKind::semi);
  case ':':
    return tok(TokenKind::colon);
  case '?':
    return tok(TokenKind::question);
  case '~':
    return tok(TokenKind::tilde);
  case '.':
    return tok(TokenKind::period);
  case '=':
    return tok2('=', TokenKind::equalequal, TokenKind::equal);
  case '!':
    return tok2('=', TokenKind::exclaimequal, TokenKind::exclaim);
  case '*':
    return tok2('=', TokenKind::star_equal, TokenKind::star);
  case '/':
    return tok2('=', TokenKind::slash_equal, TokenKind::slash);
  case '%':
    return tok2('=', TokenKind::percent_equal, TokenKind::percent);
  case '^':
    return tok2('=', TokenKind::caret_equal, TokenKind::caret);
  case '+':
    if (peek() == '+') {
      ++cur;
      return tok(TokenKind::plusplus);
    }
    return tok2('=', TokenKind::plus_equal, TokenKind::plus);
  case '-':
    if (peek() == '-') {
      ++cur;
      return tok(TokenKind::minusminus);
    }
    if (peek() == '>') {
      ++cur;
      return tok(TokenKind::arrow);
    }
    return tok2('=', TokenKind::minus_equal, TokenKind::minus);
  case '&':
    if (peek() == '&') {
      ++cur;
      return tok(TokenKind::ampamp);
    }
    return tok2('=', TokenKind::amp_equal, TokenKind::amp);
  case '|':
    if (peek() == '|') {
      ++cur;
      return tok(TokenKind::pipepipe);
    }
    return tok2('=', TokenKind::pipe_equal, TokenKind::pipe);
  case '<':
    if (peek() == '<') {
      ++cur;
      return tok2('=', TokenKind::lessless_equal, TokenKind::lessless);
    }
    return tok2('=', TokenKind::lessequal, TokenKind::less);
  case '>':
    if (peek() == '>') {
      ++cur;
      return tok2('=', TokenKind::greatergreater_equal,
                  TokenKind::greatergreater);
    }
    return tok2('=', TokenKind::greaterequal, TokenKind::greater);
  case '"':
  case '\'': {
    // Skip to the closing quote on the same line so one literal yields one
    // diagnostic.
    while (!atEnd() && *cur != c && *cur != '\n') {
      if (*cur == '\\' && cur + 1 < buffer.end() && cur[1] != '\n')
        ++cur;
      ++cur;
    }
    if (!atEnd() && *cur == c)
      ++cur;
    error(start, c == '"' ? "string literals are not supported"
                          : "character literals are not supported");
    return tok(TokenKind::error);
  }
  case '#':
    error(start, "preprocessor directives are not supported");
    while (!atEnd() && *cur != '\n')
      ++cur;
    return tok(TokenKind::error);
  default:
    break;
  }
  if (c == '\0' || (unsigned char)c >= 0x80) {
    cur = start;
    skipSpecialByte(/*inComment=*/false);
    if (c != '\0') {
      // Swallow the rest of a (non-ASCII) identifier-like run so that one
      // name yields one diagnostic.
      while (!atEnd() && (isIdentBody(*cur) || (unsigned char)*cur >= 0x80))
        ++cur;
    }
    return tok(TokenKind::error);
  }
  if (llvm::isPrint(c))
    error(start, llvm::Twine("invalid character '") + llvm::Twine(c) +
                     "' in source file");
  else
    error(start, "invalid control character in source file");
  return tok(TokenKind::error);
}

std::vector<Token> Lexer::lexAll() {
  std::vector<Token> tokens;
  while (true) {
    tokens.push_back(lex());
    if (tokens.back().is(TokenKind::eof))
      break;
  }
  return tokens;
}

//===----------------------------------------------------------------------===//
// Literal parsing
//===----------------------------------------------------------------------===//

bool kgpu::kgc::parseIntegerLiteral(llvm::StringRef spelling, uint64_t &value,
                                    IntLiteralSuffix &suffix, bool &isDecimal,
                                    std::string &error) {
  llvm::StringRef digits = spelling;
  unsigned numU = 0, numL = 0;
  while (!digits.empty()) {
    char c = digits.back();
    if (c == 'u' || c == 'U')
      ++numU;
    else if (c == 'l' || c == 'L')
      ++numL;
    else
      break;
    digits = digits.drop_back();
  }
  bool isHex = digits.starts_with_insensitive("0x");
  llvm::StringRef suffixText = spelling.drop_front(digits.size());
  bool badSuffix = numU > 1 || numL > 2 ||
                   (numL == 2 && !suffixText.contains_insensitive("ll"));
  if (badSuffix) {
    error = ("invalid suffix '" + suffixText + "' on integer literal").str();
    return false;
  }
  suffix = numU ? (numL ? IntLiteralSuffix::UL : IntLiteralSuffix::U)
                : (numL ? IntLiteralSuffix::L : IntLiteralSuffix::None);
  unsigned radix = 10;
  llvm::StringRef body = digits;
  if (isHex) {
    radix = 16;
    body = digits.drop_front(2);
  } else if (digits.size() > 1 && digits.front() == '0') {
    radix = 8;
    body = digits.drop_front(1);
  }
  isDecimal = radix == 10;
  auto isValidDigit = [&](char c) {
    if (radix == 16)
      return llvm::isHexDigit(c);
    if (radix == 8)
      return c >= '0' && c <= '7';
    return llvm::isDigit(c);
  };
  if (body.empty()) {
    error = "invalid integer literal '" + spelling.str() + "'";
    return false;
  }
  for (size_t i = 0; i < body.size(); ++i) {
    if (!isValidDigit(body[i])) {
      if (radix == 8 && llvm::isDigit(body[i]))
        error =
            "invalid digit '" + std::string(1, body[i]) + "' in octal literal";
      else
        error = "invalid suffix '" +
                spelling.substr(digits.size() - body.size() + i).str() +
                "' on integer literal";
      return false;
    }
  }
  if (body.getAsInteger(radix, value)) {
    error = "integer literal is too large";
    return false;
  }
  return true;
}

bool kgpu::kgc::parseFloatLiteral(llvm::StringRef spelling, double &value,
                                  FloatLiteralSuffix &suffix,
                                  std::string &error) {
  if (spelling.starts_with_insensitive("0x")) {
    error = "hexadecimal floating literals are not supported";
    return false;
  }
  llvm::StringRef body = spelling;
  suffix = FloatLiteralSuffix::None;
  if (body.ends_with("f") || body.ends_with("F")) {
    suffix = FloatLiteralSuffix::F;
    body = body.drop_back();
  } else if (body.ends_with("h") || body.ends_with("H")) {
    suffix = FloatLiteralSuffix::H;
    body = body.drop_back();
  }
  // Validate: digits* [. digits*] [(e|E) [+-] digits+], with a digit.
  size_t i = 0, n = body.size();
  unsigned mantissaDigits = 0;
  while (i < n && llvm::isDigit(body[i]))
    ++i, ++mantissaDigits;
  if (i < n && body[i] == '.') {
    ++i;
    while (i < n && llvm::isDigit(body[i]))
      ++i, ++mantissaDigits;
  }
  bool ok = mantissaDigits > 0;
  if (ok && i < n && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < n && (body[i] == '+' || body[i] == '-'))
      ++i;
    unsigned expDigits = 0;
    while (i < n && llvm::isDigit(body[i]))
      ++i, ++expDigits;
    ok = expDigits > 0;
  }
  if (!ok || i != n) {
    error = "invalid floating literal '" + spelling.str() + "'";
    return false;
  }
  std::string text = body.str();
  errno = 0;
  value = std::strtod(text.c_str(), nullptr);
  double limit = suffix == FloatLiteralSuffix::F   ? (double)FLT_MAX
                 : suffix == FloatLiteralSuffix::H ? 65504.0
                                                   : DBL_MAX;
  if (std::isinf(value) || value > limit) {
    error = "floating literal is too large";
    return false;
  }
  return true;
}
