//===- DumpTest.cpp - the Kotlin IR dump reader ---------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Hand-written inputs in the shapes kotlinc 2.4.21 writes (newest format) and
// in the older one, malformed inputs (each a located error), and, through
// KGPU_KOTLIN_IR_DUMPS (a list of files, ':'-separated; the lit test
// test/Frontend/KotlinIR/parser-real-dumps.test sets it to dumps that the
// real kotlinc writes at test time), whole real dumps.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KotlinIR/Dump.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace kgpu::kotlinir;

namespace {

const char *kSaxpy =
    "// --- IR for <main> before JvmUpgradeCallableReferences\n"
    "MODULE_FRAGMENT name:<main>\n"
    "  FILE fqName:<root> fileName:/tmp/K.kt\n"
    "    FUN name:saxpy visibility:public modality:FINAL "
    "returnType:kotlin.Unit\n"
    "      VALUE_PARAMETER kind:Regular name:alpha index:0 type:kotlin.Float\n"
    "      VALUE_PARAMETER kind:Regular name:x index:1 "
    "type:kotlin.FloatArray\n"
    "      annotations:\n"
    "        Kernel\n"
    "      BLOCK_BODY\n"
    "        VAR name:i type:kotlin.Int [val]\n"
    "          CALL 'public final fun globalId (): kotlin.Int declared in "
    "io.github.rajumark.kernelin' type=kotlin.Int origin=null\n"
    "        CALL 'public final fun set (index: kotlin.Int, value: "
    "kotlin.Float): kotlin.Unit [operator] declared in kotlin.FloatArray' "
    "type=kotlin.Unit origin=EQ\n"
    "          ARG <this>: GET_VAR 'x: kotlin.FloatArray declared in "
    "<root>.saxpy' type=kotlin.FloatArray origin=null\n"
    "          ARG index: GET_VAR 'val i: kotlin.Int [val] declared in "
    "<root>.saxpy' type=kotlin.Int origin=null\n"
    "          ARG value: CONST Float type=kotlin.Float value=1.0E-5\n";

std::optional<Dump> parse(llvm::StringRef text, DumpError &error) {
  return parseDump(text, error);
}

TEST(KotlinIRDump, NewestFormatTree) {
  DumpError error;
  std::optional<Dump> dump = parse(kSaxpy, error);
  ASSERT_TRUE(dump) << error.message;
  EXPECT_FALSE(dump->oldFormat);
  ASSERT_EQ(dump->roots.size(), 1u);
  const Node &module = *dump->roots[0];
  EXPECT_EQ(module.kind, "MODULE_FRAGMENT");
  EXPECT_EQ(module.attr("name"), "<main>");
  EXPECT_EQ(module.pos.line, 2u);
  const Node &file = *module.children.at(0);
  EXPECT_EQ(file.attr("fqName"), "<root>");
  EXPECT_EQ(file.attr("fileName"), "/tmp/K.kt");
  const Node &fun = *file.children.at(0);
  EXPECT_EQ(fun.kind, "FUN");
  EXPECT_EQ(fun.attr("name"), "saxpy");
  EXPECT_EQ(fun.attr("returnType"), "kotlin.Unit");
  EXPECT_EQ(fun.pos.line, 4u);
  EXPECT_EQ(fun.pos.column, 5u);
  const Node &param = *fun.children.at(1);
  EXPECT_EQ(param.attr("kind"), "Regular");
  EXPECT_EQ(param.attr("type"), "kotlin.FloatArray");
  const Node *annotations = fun.getCaption("annotations");
  ASSERT_TRUE(annotations);
  ASSERT_EQ(annotations->opaque.size(), 1u);
  EXPECT_EQ(annotations->opaque[0], "Kernel");
  const Node &body = *fun.children.at(3);
  EXPECT_EQ(body.kind, "BLOCK_BODY");
  const Node &var = *body.children.at(0);
  EXPECT_EQ(var.attr("name"), "i");
  EXPECT_TRUE(var.hasFlag("val"));
  const Node &set = *body.children.at(1);
  EXPECT_EQ(set.attr("origin"), "EQ");
  std::optional<Reference> ref = parseReference(set.ref);
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref->kind, Reference::Kind::Function);
  EXPECT_EQ(ref->name, "set");
  EXPECT_EQ(ref->declaredIn, "kotlin.FloatArray");
  EXPECT_EQ(ref->flags, "operator");
  ASSERT_EQ(ref->params.size(), 2u);
  EXPECT_EQ(ref->params[1].first, "value");
  EXPECT_EQ(ref->params[1].second, "kotlin.Float");
  const Node *index = set.getArg("index");
  ASSERT_TRUE(index);
  std::optional<Reference> var2 = parseReference(index->ref);
  ASSERT_TRUE(var2);
  EXPECT_EQ(var2->kind, Reference::Kind::Variable);
  EXPECT_EQ(var2->varKind, "val");
  EXPECT_EQ(var2->name, "i");
  EXPECT_EQ(var2->flags, "val");
  const Node *value = set.getArg("value");
  ASSERT_TRUE(value);
  ASSERT_EQ(value->words.size(), 1u);
  EXPECT_EQ(value->words[0], "Float");
  EXPECT_EQ(value->attr("value"), "1.0E-5");
  EXPECT_EQ(value->pos.line, 15u);
  EXPECT_EQ(value->pos.column, 11u);
}

TEST(KotlinIRDump, ValuesWithSpacesAndQuotes) {
  DumpError error;
  std::optional<Dump> dump = parse(
      "FUN name:f visibility:public modality:FINAL returnType:kotlin.Unit\n"
      "  VALUE_PARAMETER kind:Regular name:p index:0 "
      "type:kotlin.Pair<kotlin.Int, kotlin.String> [vararg]\n"
      "  VALUE_PARAMETER kind:Regular name:q index:1 type:E of "
      "kotlin.collections.List\n"
      "  BLOCK_BODY\n"
      "    CONST String type=kotlin.String value=\"a b 'c'\"\n"
      "    RETURN type=kotlin.Nothing from='public final fun f (): "
      "kotlin.Unit declared in <root>'\n"
      "    WHILE label=outer origin=WHILE_LOOP\n"
      "      condition: CONST Boolean type=kotlin.Boolean value=true\n"
      "    BREAK label=null loop.label=outer\n",
      error);
  ASSERT_TRUE(dump) << error.message;
  const Node &fun = *dump->roots[0];
  EXPECT_EQ(fun.children[0]->attr("type"),
            "kotlin.Pair<kotlin.Int, kotlin.String>");
  EXPECT_TRUE(fun.children[0]->hasFlag("vararg"));
  EXPECT_EQ(fun.children[1]->attr("type"), "E of kotlin.collections.List");
  const Node &body = *fun.children[2];
  EXPECT_EQ(body.children[0]->attr("value"), "\"a b 'c'\"");
  EXPECT_EQ(body.children[1]->attr("from"),
            "public final fun f (): kotlin.Unit declared in <root>");
  const Node &loop = *body.children[2];
  EXPECT_EQ(loop.attr("label"), "outer");
  ASSERT_TRUE(loop.getSlot("condition"));
  EXPECT_EQ(loop.getSlot("condition")->kind, "CONST");
  EXPECT_EQ(body.children[3]->attr("loop.label"), "outer");
}

TEST(KotlinIRDump, OlderFormat) {
  // Kotlin 1.8-2.1: parameters in the FUN header, `$this:` / `$receiver:`
  // and bare argument labels.
  DumpError error;
  std::optional<Dump> dump = parse(
      "FUN name:sq visibility:public modality:FINAL <> ($receiver:kotlin.Float)"
      " returnType:kotlin.Float\n"
      "  $receiver: VALUE_PARAMETER name:<this> type:kotlin.Float\n"
      "  BLOCK_BODY\n"
      "    RETURN type=kotlin.Nothing from='public final fun sq (): "
      "kotlin.Float declared in <root>'\n"
      "      CALL 'public final fun times (other: kotlin.Float): "
      "kotlin.Float [operator] declared in kotlin.Float' type=kotlin.Float "
      "origin=MUL\n"
      "        $this: GET_VAR '<this>: kotlin.Float declared in <root>.sq' "
      "type=kotlin.Float origin=null\n"
      "        other: GET_VAR '<this>: kotlin.Float declared in <root>.sq' "
      "type=kotlin.Float origin=null\n",
      error);
  ASSERT_TRUE(dump) << error.message;
  EXPECT_TRUE(dump->oldFormat);
  const Node &fun = *dump->roots[0];
  EXPECT_EQ(fun.headerParams, "$receiver:kotlin.Float");
  EXPECT_EQ(fun.attr("returnType"), "kotlin.Float");
  EXPECT_EQ(fun.children[0]->label, "$receiver");
  EXPECT_EQ(fun.children[0]->attr("name"), "<this>");
  const Node &call = *fun.children[1]->children[0]->children[0];
  ASSERT_TRUE(call.getArg("<this>"));
  ASSERT_TRUE(call.getArg("other"));
  EXPECT_EQ(call.getArg("other")->kind, "GET_VAR");
}

TEST(KotlinIRDump, IndexedArgumentLabels) {
  DumpError error;
  std::optional<Dump> dump = parse(
      "CALL 'public final fun f (<this>: kotlin.Int, <this>: kotlin.Int): "
      "kotlin.Int declared in <root>' type=kotlin.Int origin=null\n"
      "  ARG <this>(index:1): CONST Int type=kotlin.Int value=-1\n"
      "  TYPE_ARG T: kotlin.Number\n",
      error);
  ASSERT_TRUE(dump) << error.message;
  const Node &call = *dump->roots[0];
  ASSERT_TRUE(call.getArg("<this>"));
  EXPECT_EQ(call.getArg("<this>")->attr("value"), "-1");
  EXPECT_EQ(call.children[1]->kind, "");
  EXPECT_EQ(call.children[1]->ref, "kotlin.Number");
}

TEST(KotlinIRDump, References) {
  std::optional<Reference> r = parseReference(
      "public final fun contains <T> (<this>: "
      "kotlin.collections.Iterable<T of kotlin.collections.contains>, "
      "element: T of kotlin.collections.contains): kotlin.Boolean declared "
      "in kotlin.collections");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->name, "contains");
  ASSERT_EQ(r->params.size(), 2u);
  EXPECT_EQ(r->params[0].second,
            "kotlin.collections.Iterable<T of kotlin.collections.contains>");
  EXPECT_EQ(r->type, "kotlin.Boolean");
  r = parseReference("local final fun <anonymous> (it: kotlin.Int): "
                     "kotlin.Unit declared in <root>.misc");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->name, "<anonymous>");
  r = parseReference("alpha: kotlin.Float declared in <root>.saxpy");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->kind, Reference::Kind::Variable);
  EXPECT_EQ(r->varKind, "");
  EXPECT_EQ(r->name, "alpha");
  EXPECT_FALSE(parseReference("no parent here"));
  EXPECT_FALSE(parseReference("public final fun broken (a: declared in x"));
  EXPECT_FALSE(parseReference(""));
}

struct Malformed {
  const char *text;
  unsigned line, column;
  const char *message;
};

TEST(KotlinIRDump, MalformedInputsAreLocatedErrors) {
  const Malformed cases[] = {
      {"MODULE_FRAGMENT name:<main>\n     FILE fqName:<root>\n", 2, 6,
       "not a multiple of two"},
      {"MODULE_FRAGMENT name:<main>\n      FILE fqName:<root>\n", 2, 7,
       "levels deeper"},
      {"  FUN name:f\n", 1, 3, "must not be indented"},
      {"MODULE_FRAGMENT\n  call 'x'\n", 2, 3, "expected an IR element kind"},
      {"MODULE_FRAGMENT\n  CALL 'unterminated type=kotlin.Int\n", 2, 8,
       "unterminated quote"},
      {"MODULE_FRAGMENT\n\tFILE\n", 2, 1, "tab"},
      {"// only a comment\n\n", 2, 1, "no IR element"},
      {"", 1, 1, "no IR element"},
      {"(Full dump is not available: x)\n", 1, 1, "could not write"},
      {"CALL(x)\n", 1, 5, "expected a space"},
      {"A\n  B\0\n", 2, 1, "NUL"},
  };
  for (const Malformed &c : cases) {
    DumpError error;
    llvm::StringRef text(c.text, std::char_traits<char>::length(c.text));
    if (llvm::StringRef(c.message) == "NUL")
      text = llvm::StringRef("A\n  B\0\n", 7);
    std::optional<Dump> dump = parse(text, error);
    EXPECT_FALSE(dump) << c.text;
    EXPECT_EQ(error.pos.line, c.line) << c.text << ": " << error.message;
    EXPECT_EQ(error.pos.column, c.column) << c.text << ": " << error.message;
    EXPECT_NE(error.message.find(c.message), std::string::npos)
        << c.text << ": " << error.message;
  }
}

TEST(KotlinIRDump, DeepNestingIsAnErrorNotACrash) {
  std::string text;
  for (int i = 0; i < 1000; ++i)
    text += std::string(2 * i, ' ') + "BLOCK type=kotlin.Unit origin=null\n";
  DumpError error;
  EXPECT_FALSE(parse(text, error));
  EXPECT_NE(error.message.find("nests deeper"), std::string::npos);
}

TEST(KotlinIRDump, CRLFAndSeparators) {
  DumpError error;
  std::optional<Dump> dump =
      parse("\r\n\r\n----------------------------------------------\r\n"
            "MODULE_FRAGMENT name:<main>\r\n  FILE fqName:p fileName:/a.kt\r\n",
            error);
  ASSERT_TRUE(dump) << error.message;
  EXPECT_EQ(dump->roots[0]->children[0]->attr("fileName"), "/a.kt");
}

/// Dumps written by the real kotlinc at test time (the lit test passes
/// them): every one parses, and every CALL/GET_VAR/SET_VAR/RETURN reference
/// in it parses.
TEST(KotlinIRDump, RealKotlincDumps) {
  const char *list = std::getenv("KGPU_KOTLIN_IR_DUMPS");
  if (!list || !*list)
    GTEST_SKIP() << "KGPU_KOTLIN_IR_DUMPS is not set (the lit test "
                    "parser-real-dumps.test sets it)";
  llvm::SmallVector<llvm::StringRef> files;
  llvm::StringRef(list).split(files, ':', -1, false);
  ASSERT_FALSE(files.empty());
  for (llvm::StringRef file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    ASSERT_TRUE(buffer) << file.str();
    DumpError error;
    std::optional<Dump> dump = parse((*buffer)->getBuffer(), error);
    ASSERT_TRUE(dump) << file.str() << ":" << error.pos.line << ":"
                      << error.pos.column << ": " << error.message;
    EXPECT_FALSE(dump->oldFormat);
    unsigned nodes = 0, refs = 0;
    for (const auto &root : dump->roots)
      walk(*root, [&](const Node &n) {
        ++nodes;
        if (n.is("CALL") || n.is("GET_VAR") || n.is("SET_VAR")) {
          ++refs;
          EXPECT_TRUE(parseReference(n.ref))
              << file.str() << ":" << n.pos.line << ": " << n.line.str();
        }
        if (n.is("RETURN"))
          EXPECT_TRUE(parseReference(n.attr("from")))
              << file.str() << ":" << n.pos.line;
        if (!n.isCaption && !n.kind.empty())
          EXPECT_FALSE(n.kind.empty());
      });
    EXPECT_GT(nodes, 10u) << file.str();
    EXPECT_GT(refs, 0u) << file.str();
  }
}

} // namespace
