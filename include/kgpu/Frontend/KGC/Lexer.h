//===- Lexer.h - kgc lexer --------------------------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// The hand-written kgc lexer. It turns one source buffer into a token vector.
// Invalid input (unknown characters, strings, NUL bytes, invalid UTF-8,
// preprocessor directives, unterminated comments) is diagnosed and yields a
// TokenKind::error token, which the parser skips without a second diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_LEXER_H
#define KGPU_FRONTEND_KGC_LEXER_H

#include "kgpu/Frontend/KGC/Diagnostics.h"
#include "kgpu/Frontend/KGC/Token.h"

#include <vector>

namespace kgpu::kgc {

class Lexer {
public:
  /// `buffer` must stay alive for as long as the tokens are used (it normally
  /// belongs to the SourceMgr used by `diags`). A UTF-8 byte-order mark at
  /// the start of the buffer is skipped.
  Lexer(llvm::StringRef buffer, DiagnosticEngine &diags)
      : buffer(buffer),
        cur(buffer.begin() + (buffer.starts_with("\xEF\xBB\xBF") ? 3 : 0)),
        diags(diags) {}

  /// Lexes the next token. Returns an eof token at the end of the buffer
  /// (repeatedly).
  Token lex();

  /// Lexes the whole buffer; the last token is always eof.
  std::vector<Token> lexAll();

private:
  Token makeToken(TokenKind kind, const char *start) {
    return Token(kind, llvm::StringRef(start, cur - start));
  }
  bool atEnd() const { return cur >= buffer.end(); }
  char peek(unsigned ahead = 0) const {
    return cur + ahead < buffer.end() ? cur[ahead] : '\0';
  }
  /// Skips whitespace and comments.
  void skipTrivia();
  Token lexIdentifier(const char *start);
  Token lexNumber(const char *start);
  /// Diagnoses/skips a NUL byte or a non-ASCII UTF-8 sequence at `cur`.
  /// Valid UTF-8 is accepted silently when `inComment`. Returns true if the
  /// bytes were accepted.
  bool skipSpecialByte(bool inComment);
  void error(const char *pos, const llvm::Twine &msg);

  llvm::StringRef buffer;
  const char *cur;
  DiagnosticEngine &diags;
};

/// Suffix of an integer literal.
enum class IntLiteralSuffix { None, U, L, UL };

/// Parses the spelling of an integer literal token (decimal, hex `0x`, octal
/// with a leading `0`, optional `u`/`l`/`ul` suffix in any case/order).
/// Returns false with `error` set if the spelling is malformed or the value
/// does not fit in 64 bits.
bool parseIntegerLiteral(llvm::StringRef spelling, uint64_t &value,
                         IntLiteralSuffix &suffix, bool &isDecimal,
                         std::string &error);

/// Suffix of a floating literal: none (double), `f` (float), `h` (half).
enum class FloatLiteralSuffix { None, F, H };

/// Parses the spelling of a floating literal token. Returns false with `error`
/// set if it is malformed or overflows.
bool parseFloatLiteral(llvm::StringRef spelling, double &value,
                       FloatLiteralSuffix &suffix, std::string &error);

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_LEXER_H
