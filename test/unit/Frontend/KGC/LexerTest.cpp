//===- LexerTest.cpp - kgc lexer unit tests -------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KGC/Lexer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace kgpu::kgc;

namespace {

struct LexResult {
  std::vector<Token> tokens;
  std::string diags;
  unsigned errors = 0;
  std::unique_ptr<llvm::SourceMgr> sm;
};

LexResult lex(llvm::StringRef src) {
  LexResult r;
  r.sm = std::make_unique<llvm::SourceMgr>();
  unsigned id = r.sm->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(src, "lex.kgc"), llvm::SMLoc());
  llvm::raw_string_ostream os(r.diags);
  DiagnosticEngine diags(*r.sm, os);
  Lexer lexer(r.sm->getMemoryBuffer(id)->getBuffer(), diags);
  r.tokens = lexer.lexAll();
  r.errors = diags.getNumErrors();
  // Token spellings point into the SourceMgr's buffer, which `r` keeps.
  return r;
}

std::vector<TokenKind> kinds(const LexResult &r) {
  std::vector<TokenKind> k;
  for (const Token &t : r.tokens)
    k.push_back(t.getKind());
  return k;
}

TEST(LexerTest, Keywords) {
  auto r = lex("kernel void bool int uint long ulong float double half const "
               "restrict global local constant if else for while do break "
               "continue return true false mma");
  std::vector<TokenKind> expected = {
      TokenKind::kw_kernel,   TokenKind::kw_void,   TokenKind::kw_bool,
      TokenKind::kw_int,      TokenKind::kw_uint,   TokenKind::kw_long,
      TokenKind::kw_ulong,    TokenKind::kw_float,  TokenKind::kw_double,
      TokenKind::kw_half,     TokenKind::kw_const,  TokenKind::kw_restrict,
      TokenKind::kw_global,   TokenKind::kw_local,  TokenKind::kw_constant,
      TokenKind::kw_if,       TokenKind::kw_else,   TokenKind::kw_for,
      TokenKind::kw_while,    TokenKind::kw_do,     TokenKind::kw_break,
      TokenKind::kw_continue, TokenKind::kw_return, TokenKind::kw_true,
      TokenKind::kw_false,    TokenKind::kw_mma,    TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
  EXPECT_EQ(r.errors, 0u);
}

TEST(LexerTest, OpenCLAliases) {
  auto r = lex("__kernel __global __local __constant __restrict");
  std::vector<TokenKind> expected = {
      TokenKind::kw_kernel,   TokenKind::kw_global,   TokenKind::kw_local,
      TokenKind::kw_constant, TokenKind::kw_restrict, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
}

TEST(LexerTest, UnsupportedKeywords) {
  auto r = lex("struct switch goto sizeof unsigned new");
  for (size_t i = 0; i + 1 < r.tokens.size(); ++i)
    EXPECT_EQ(r.tokens[i].getKind(), TokenKind::kw_unsupported);
  EXPECT_EQ(r.errors, 0u); // Diagnosed by the parser.
}

TEST(LexerTest, IdentifiersAreNotKeywords) {
  auto r = lex("parallel reduce kernels _x x1 global_id");
  for (size_t i = 0; i + 1 < r.tokens.size(); ++i)
    EXPECT_EQ(r.tokens[i].getKind(), TokenKind::identifier);
  EXPECT_EQ(r.tokens[2].getSpelling(), "kernels");
}

TEST(LexerTest, Punctuators) {
  auto r = lex("( ) { } [ ] , ; : ? = += -= *= /= %= <<= >>= &= ^= |= || && "
               "| ^ & == != < <= > >= << >> + - * / % ! ~ ++ -- . ->");
  std::vector<TokenKind> expected = {
      TokenKind::l_paren,        TokenKind::r_paren,
      TokenKind::l_brace,        TokenKind::r_brace,
      TokenKind::l_square,       TokenKind::r_square,
      TokenKind::comma,          TokenKind::semi,
      TokenKind::colon,          TokenKind::question,
      TokenKind::equal,          TokenKind::plus_equal,
      TokenKind::minus_equal,    TokenKind::star_equal,
      TokenKind::slash_equal,    TokenKind::percent_equal,
      TokenKind::lessless_equal, TokenKind::greatergreater_equal,
      TokenKind::amp_equal,      TokenKind::caret_equal,
      TokenKind::pipe_equal,     TokenKind::pipepipe,
      TokenKind::ampamp,         TokenKind::pipe,
      TokenKind::caret,          TokenKind::amp,
      TokenKind::equalequal,     TokenKind::exclaimequal,
      TokenKind::less,           TokenKind::lessequal,
      TokenKind::greater,        TokenKind::greaterequal,
      TokenKind::lessless,       TokenKind::greatergreater,
      TokenKind::plus,           TokenKind::minus,
      TokenKind::star,           TokenKind::slash,
      TokenKind::percent,        TokenKind::exclaim,
      TokenKind::tilde,          TokenKind::plusplus,
      TokenKind::minusminus,     TokenKind::period,
      TokenKind::arrow,          TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
  EXPECT_EQ(r.errors, 0u);
}

TEST(LexerTest, MaximalMunch) {
  auto r = lex("a+++b a<<=b a>>b x&&y");
  std::vector<TokenKind> expected = {
      TokenKind::identifier, TokenKind::plusplus,   TokenKind::plus,
      TokenKind::identifier, TokenKind::identifier, TokenKind::lessless_equal,
      TokenKind::identifier, TokenKind::identifier, TokenKind::greatergreater,
      TokenKind::identifier, TokenKind::identifier, TokenKind::ampamp,
      TokenKind::identifier, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
}

TEST(LexerTest, NumberTokens) {
  auto r = lex("0 42 0x1F 017 10u 10UL 3l 1.0 1.5f .5 2. 1e10 1.5e-3f 2.0h "
               "1E+2");
  std::vector<TokenKind> expected = {
      TokenKind::int_literal,   TokenKind::int_literal,
      TokenKind::int_literal,   TokenKind::int_literal,
      TokenKind::int_literal,   TokenKind::int_literal,
      TokenKind::int_literal,   TokenKind::float_literal,
      TokenKind::float_literal, TokenKind::float_literal,
      TokenKind::float_literal, TokenKind::float_literal,
      TokenKind::float_literal, TokenKind::float_literal,
      TokenKind::float_literal, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
  EXPECT_EQ(r.tokens[2].getSpelling(), "0x1F");
  EXPECT_EQ(r.tokens[12].getSpelling(), "1.5e-3f");
}

TEST(LexerTest, HexWithEIsNotExponent) {
  auto r = lex("0x1e+5");
  std::vector<TokenKind> expected = {TokenKind::int_literal, TokenKind::plus,
                                     TokenKind::int_literal, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
}

TEST(LexerTest, IntegerLiteralValues) {
  uint64_t v;
  IntLiteralSuffix s;
  bool dec;
  std::string err;
  ASSERT_TRUE(parseIntegerLiteral("42", v, s, dec, err));
  EXPECT_EQ(v, 42u);
  EXPECT_EQ(s, IntLiteralSuffix::None);
  EXPECT_TRUE(dec);
  ASSERT_TRUE(parseIntegerLiteral("0xFFu", v, s, dec, err));
  EXPECT_EQ(v, 255u);
  EXPECT_EQ(s, IntLiteralSuffix::U);
  EXPECT_FALSE(dec);
  ASSERT_TRUE(parseIntegerLiteral("017", v, s, dec, err));
  EXPECT_EQ(v, 15u);
  ASSERT_TRUE(parseIntegerLiteral("7uL", v, s, dec, err));
  EXPECT_EQ(s, IntLiteralSuffix::UL);
  ASSERT_TRUE(parseIntegerLiteral("7LU", v, s, dec, err));
  EXPECT_EQ(s, IntLiteralSuffix::UL);
  ASSERT_TRUE(parseIntegerLiteral("9l", v, s, dec, err));
  EXPECT_EQ(s, IntLiteralSuffix::L);
  ASSERT_TRUE(parseIntegerLiteral("18446744073709551615ul", v, s, dec, err));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(parseIntegerLiteral("18446744073709551616", v, s, dec, err));
  EXPECT_EQ(err, "integer literal is too large");
  EXPECT_FALSE(parseIntegerLiteral("12abc", v, s, dec, err));
  EXPECT_EQ(err, "invalid suffix 'abc' on integer literal");
  EXPECT_FALSE(parseIntegerLiteral("09", v, s, dec, err));
  EXPECT_EQ(err, "invalid digit '9' in octal literal");
  EXPECT_FALSE(parseIntegerLiteral("0x", v, s, dec, err));
  EXPECT_FALSE(parseIntegerLiteral("1uu", v, s, dec, err));
}

TEST(LexerTest, FloatLiteralValues) {
  double v;
  FloatLiteralSuffix s;
  std::string err;
  ASSERT_TRUE(parseFloatLiteral("1.5", v, s, err));
  EXPECT_EQ(v, 1.5);
  EXPECT_EQ(s, FloatLiteralSuffix::None);
  ASSERT_TRUE(parseFloatLiteral("2.5f", v, s, err));
  EXPECT_EQ(s, FloatLiteralSuffix::F);
  ASSERT_TRUE(parseFloatLiteral("0.5H", v, s, err));
  EXPECT_EQ(s, FloatLiteralSuffix::H);
  ASSERT_TRUE(parseFloatLiteral(".25", v, s, err));
  EXPECT_EQ(v, 0.25);
  ASSERT_TRUE(parseFloatLiteral("1e3", v, s, err));
  EXPECT_EQ(v, 1000.0);
  ASSERT_TRUE(parseFloatLiteral("3.", v, s, err));
  EXPECT_EQ(v, 3.0);
  EXPECT_FALSE(parseFloatLiteral("1e", v, s, err));
  EXPECT_FALSE(parseFloatLiteral("1.2.3", v, s, err));
  EXPECT_FALSE(parseFloatLiteral("1e400", v, s, err));
  EXPECT_EQ(err, "floating literal is too large");
  EXPECT_FALSE(parseFloatLiteral("1e39f", v, s, err));
  EXPECT_FALSE(parseFloatLiteral("70000.0h", v, s, err));
  EXPECT_FALSE(parseFloatLiteral("0x1p3", v, s, err));
  EXPECT_EQ(err, "hexadecimal floating literals are not supported");
}

TEST(LexerTest, Comments) {
  auto r = lex("a // line comment with caf\xC3\xA9\n b /* block\n * comment */ "
               "c /**/ d");
  std::vector<TokenKind> expected = {
      TokenKind::identifier, TokenKind::identifier, TokenKind::identifier,
      TokenKind::identifier, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
  EXPECT_EQ(r.errors, 0u);
  EXPECT_EQ(r.tokens[3].getSpelling(), "d");
}

TEST(LexerTest, TokenLocations) {
  auto r = lex("int\n  x;");
  auto lc = r.sm->getLineAndColumn(r.tokens[1].getLoc());
  EXPECT_EQ(lc.first, 2u);
  EXPECT_EQ(lc.second, 3u);
  SourceLocation loc = getSourceLocation(*r.sm, r.tokens[2].getLoc());
  EXPECT_EQ(loc.filename, "lex.kgc");
  EXPECT_EQ(loc.line, 2u);
  EXPECT_EQ(loc.column, 4u);
}

TEST(LexerTest, ErrorUnterminatedComment) {
  auto r = lex("a /* never closed");
  EXPECT_EQ(r.errors, 1u);
  EXPECT_NE(r.diags.find("lex.kgc:1:3: error: unterminated block comment"),
            std::string::npos);
}

TEST(LexerTest, ErrorStringAndCharLiterals) {
  auto r = lex("x \"a string\" y 'c' z");
  EXPECT_EQ(r.errors, 2u);
  EXPECT_NE(r.diags.find("string literals are not supported"),
            std::string::npos);
  EXPECT_NE(r.diags.find("character literals are not supported"),
            std::string::npos);
  std::vector<TokenKind> expected = {TokenKind::identifier, TokenKind::error,
                                     TokenKind::identifier, TokenKind::error,
                                     TokenKind::identifier, TokenKind::eof};
  EXPECT_EQ(kinds(r), expected);
}

TEST(LexerTest, ErrorInvalidCharacters) {
  auto r = lex("a @ b $ c \x01");
  EXPECT_EQ(r.errors, 3u);
  EXPECT_NE(r.diags.find("invalid character '@' in source file"),
            std::string::npos);
  EXPECT_NE(r.diags.find("invalid control character"), std::string::npos);
}

TEST(LexerTest, ErrorNulByte) {
  std::string src("a ", 2);
  src.push_back('\0');
  src += " b // x";
  src.push_back('\0');
  auto r = lex(src);
  EXPECT_EQ(r.errors, 2u);
  EXPECT_NE(r.diags.find("null character in source file"), std::string::npos);
}

TEST(LexerTest, ErrorInvalidUTF8) {
  auto r = lex("a \xFF b // \xC3\n c");
  EXPECT_EQ(r.errors, 2u);
  EXPECT_NE(r.diags.find("invalid UTF-8 sequence in source file"),
            std::string::npos);
  auto r2 = lex("caf\xC3\xA9");
  EXPECT_EQ(r2.errors, 1u);
  EXPECT_NE(r2.diags.find("non-ASCII character outside of a comment"),
            std::string::npos);
}

TEST(LexerTest, ErrorPreprocessor) {
  auto r = lex("#include <x>\nint");
  EXPECT_EQ(r.errors, 1u);
  EXPECT_EQ(r.tokens[0].getKind(), TokenKind::error);
  EXPECT_EQ(r.tokens[1].getKind(), TokenKind::kw_int);
}

TEST(LexerTest, EmptyAndWhitespaceOnly) {
  EXPECT_EQ(lex("").tokens.size(), 1u);
  EXPECT_EQ(lex(" \t\r\n\v\f").tokens.size(), 1u);
}

} // namespace

//===----------------------------------------------------------------------===//
// Line endings, byte-order mark and long lines
//===----------------------------------------------------------------------===//

/// Splits a diagnostic output into lines.
static std::vector<std::string> splitLines(const std::string &s) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    if (nl == std::string::npos)
      nl = s.size();
    lines.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

TEST(LexerTest, CROnlyLineEndings) {
  // Old Mac line endings: every '\r' ends a line.
  auto r = lex("int a;\rint b;\r  @ x;\r");
  EXPECT_EQ(r.errors, 1u);
  EXPECT_NE(r.diags.find("lex.kgc:3:3: error: invalid character '@'"),
            std::string::npos)
      << r.diags;
  auto lines = splitLines(r.diags);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1], "  @ x;");
  EXPECT_EQ(lines[2], "  ^");
  SourceLocation loc = getSourceLocation(*r.sm, r.tokens[3].getLoc());
  EXPECT_EQ(loc.line, 2u);
  EXPECT_EQ(loc.column, 1u);
}

TEST(LexerTest, MixedLineEndings) {
  // "\r\n" is one line ending, "\r" and "\n" one each.
  auto r = lex("a\r\nb\rc\n\r\n  @");
  EXPECT_NE(r.diags.find("lex.kgc:5:3: error: invalid character '@'"),
            std::string::npos)
      << r.diags;
  SourceLocation b = getSourceLocation(*r.sm, r.tokens[1].getLoc());
  SourceLocation c = getSourceLocation(*r.sm, r.tokens[2].getLoc());
  EXPECT_EQ(b.line, 2u);
  EXPECT_EQ(c.line, 3u);
  EXPECT_EQ(c.column, 1u);
}

TEST(LexerTest, ByteOrderMarkIsSkipped) {
  auto r = lex("\xEF\xBB\xBFint x @");
  EXPECT_EQ(r.errors, 1u);
  ASSERT_GE(r.tokens.size(), 2u);
  EXPECT_EQ(r.tokens[0].getKind(), TokenKind::kw_int);
  // Columns do not count the byte-order mark.
  SourceLocation loc = getSourceLocation(*r.sm, r.tokens[0].getLoc());
  EXPECT_EQ(loc.line, 1u);
  EXPECT_EQ(loc.column, 1u);
  EXPECT_NE(r.diags.find("lex.kgc:1:7: error: invalid character '@'"),
            std::string::npos)
      << r.diags;
  auto lines = splitLines(r.diags);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1], "int x @");
  EXPECT_EQ(lines[2], "      ^");
  // A BOM anywhere else is still an error.
  auto r2 = lex("int \xEF\xBB\xBFx");
  EXPECT_EQ(r2.errors, 1u);
}

TEST(LexerTest, LongLineIsClipped) {
  // One error in the middle of a 4 MB line: the echoed line is a window
  // around the column, with the caret under the offending character.
  std::string src(4u << 20, ' ');
  size_t at = 2u << 20;
  src[at] = '@';
  src[at - 3] = 'x';
  auto r = lex(src);
  EXPECT_EQ(r.errors, 1u);
  EXPECT_LT(r.diags.size(), 1000u);
  EXPECT_NE(r.diags.find("lex.kgc:1:" + std::to_string(at + 1) +
                         ": error: invalid character '@'"),
            std::string::npos);
  auto lines = splitLines(r.diags);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1].substr(0, 3), "...");
  EXPECT_EQ(lines[1].substr(lines[1].size() - 3), "...");
  size_t caret = lines[2].find('^');
  ASSERT_NE(caret, std::string::npos);
  EXPECT_EQ(lines[1][caret], '@');
  EXPECT_EQ(lines[1][caret - 3], 'x');
  // Near the start and the end of a long line the window is not centered.
  std::string src2(1000, ' ');
  src2[2] = '@';
  src2[997] = '@';
  auto r2 = lex(src2);
  auto lines2 = splitLines(r2.diags);
  ASSERT_GE(lines2.size(), 6u);
  EXPECT_EQ(lines2[1].substr(0, 3), "  @");
  EXPECT_EQ(lines2[2], "  ^");
  size_t caret2 = lines2[5].find('^');
  ASSERT_NE(caret2, std::string::npos);
  EXPECT_EQ(lines2[4].substr(0, 3), "...");
  EXPECT_EQ(lines2[4][caret2], '@');
}
