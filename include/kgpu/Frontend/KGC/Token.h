//===- Token.h - kgc token definitions --------------------------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Token kinds and the Token value type produced by the kgc lexer.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KGC_TOKEN_H
#define KGPU_FRONTEND_KGC_TOKEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

namespace kgpu::kgc {

enum class TokenKind : unsigned char {
  // Special tokens.
  eof,
  error, // An invalid character sequence (already diagnosed).

  identifier,
  int_literal,
  float_literal,

  // Keywords.
  kw_kernel,
  kw_void,
  kw_bool,
  kw_int,
  kw_uint,
  kw_long,
  kw_ulong,
  kw_float,
  kw_double,
  kw_half,
  kw_const,
  kw_restrict,
  kw_global,
  kw_local,
  kw_constant,
  kw_if,
  kw_else,
  kw_for,
  kw_while,
  kw_do,
  kw_break,
  kw_continue,
  kw_return,
  kw_true,
  kw_false,
  kw_mma,
  // Reserved words of C/OpenCL/C++ that kgc rejects with a diagnostic.
  kw_unsupported,

  // Punctuators.
  l_paren,              // (
  r_paren,              // )
  l_brace,              // {
  r_brace,              // }
  l_square,             // [
  r_square,             // ]
  comma,                // ,
  semi,                 // ;
  colon,                // :
  question,             // ?
  equal,                // =
  plus_equal,           // +=
  minus_equal,          // -=
  star_equal,           // *=
  slash_equal,          // /=
  percent_equal,        // %=
  lessless_equal,       // <<=
  greatergreater_equal, // >>=
  amp_equal,            // &=
  caret_equal,          // ^=
  pipe_equal,           // |=
  pipepipe,             // ||
  ampamp,               // &&
  pipe,                 // |
  caret,                // ^
  amp,                  // &
  equalequal,           // ==
  exclaimequal,         // !=
  less,                 // <
  lessequal,            // <=
  greater,              // >
  greaterequal,         // >=
  lessless,             // <<
  greatergreater,       // >>
  plus,                 // +
  minus,                // -
  star,                 // *
  slash,                // /
  percent,              // %
  exclaim,              // !
  tilde,                // ~
  plusplus,             // ++
  minusminus,           // --
  period,               // .  (only to diagnose member access)
  arrow,                // -> (only to diagnose member access)
};

/// Returns a printable spelling for a token kind (e.g. "'+='" or
/// "identifier").
llvm::StringRef getTokenKindSpelling(TokenKind kind);

/// A lexed token: a kind and the source text it covers.
class Token {
public:
  Token() = default;
  Token(TokenKind kind, llvm::StringRef spelling)
      : kind(kind), spelling(spelling) {}

  TokenKind getKind() const { return kind; }
  bool is(TokenKind k) const { return kind == k; }
  bool isNot(TokenKind k) const { return kind != k; }
  template <typename... T> bool isAny(TokenKind k, T... others) const {
    if (is(k))
      return true;
    if constexpr (sizeof...(others) > 0)
      return isAny(others...);
    return false;
  }

  /// The exact source text of the token.
  llvm::StringRef getSpelling() const { return spelling; }
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
  llvm::SMLoc getEndLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data() + spelling.size());
  }

  /// True for type-starting keywords (`bool`, `int`, ..., `mma`).
  bool isTypeKeyword() const;
  /// True for `const`, `restrict`, `global`, `local`, `constant`.
  bool isQualifierKeyword() const;

private:
  TokenKind kind = TokenKind::eof;
  llvm::StringRef spelling;
};

} // namespace kgpu::kgc

#endif // KGPU_FRONTEND_KGC_TOKEN_H
