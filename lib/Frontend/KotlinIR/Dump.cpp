//===- Dump.cpp - Kotlin IR text dumps (IrElement.dump()) -----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/KotlinIR/Dump.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace kgpu::kotlinir;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Node accessors
//===----------------------------------------------------------------------===//

std::optional<StringRef> Node::getAttr(StringRef key) const {
  for (const auto &[k, v] : attrs)
    if (k == key)
      return v;
  return std::nullopt;
}

bool Node::hasFlag(StringRef flag) const {
  llvm::SmallVector<StringRef, 4> parts;
  flags.split(parts, ',');
  return llvm::is_contained(parts, flag);
}

/// Labels that name a structural slot, not a call argument.
static bool isStructuralSlot(StringRef label) {
  return llvm::is_contained(
      {"if", "then", "condition", "body", "receiver", "thisReceiver",
       "correspondingProperty", "init", "class", "try", "finally", "invoke",
       "getter", "setter", "overriddenFunctionSymbol", "inlinedFunctionSymbol",
       "inlinedFunctionFileEntry", "catch"},
      label);
}

std::optional<StringRef> Node::getArgName() const {
  if (label.empty())
    return std::nullopt;
  if (label.starts_with("ARG ")) {
    StringRef name = label.drop_front(4);
    size_t paren = name.find("(index:");
    return name.take_front(paren);
  }
  if (label == "$this" || label == "$receiver")
    return StringRef("<this>");
  if (label.starts_with("TYPE_ARG") || label.starts_with("bound ") ||
      isStructuralSlot(label))
    return std::nullopt;
  // The older format labels an argument with the bare parameter name.
  return label;
}

const Node *Node::getArg(StringRef name) const {
  for (const auto &child : children) {
    std::optional<StringRef> arg = child->getArgName();
    // SET_FIELD's `value:` is a slot; under a call it is an argument.
    if (arg && *arg == name)
      return child.get();
  }
  return nullptr;
}

const Node *Node::getSlot(StringRef slot) const {
  for (const auto &child : children)
    if (child->label == slot)
      return child.get();
  return nullptr;
}

const Node *Node::getCaption(StringRef caption) const {
  for (const auto &child : children)
    if (child->isCaption && child->kind == caption)
      return child.get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// References
//===----------------------------------------------------------------------===//

/// The index of the `close` that balances the `open` at `text[start]`, or
/// npos.
static size_t findBalanced(StringRef text, size_t start, char open,
                           char close) {
  int depth = 0;
  for (size_t i = start; i < text.size(); ++i) {
    if (text[i] == open)
      ++depth;
    else if (text[i] == close && --depth == 0)
      return i;
  }
  return StringRef::npos;
}

llvm::SmallVector<std::pair<StringRef, StringRef>, 4>
kgpu::kotlinir::splitParams(StringRef text) {
  llvm::SmallVector<std::pair<StringRef, StringRef>, 4> params;
  text = text.trim();
  if (text.empty())
    return params;
  int depth = 0;
  size_t begin = 0;
  auto add = [&](StringRef part) {
    part = part.trim();
    part.consume_front("vararg ");
    size_t colon = part.find(':');
    if (colon == StringRef::npos)
      params.push_back({part, ""});
    else
      params.push_back({part.take_front(colon).trim(),
                        part.drop_front(colon + 1).trim()});
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    else if (c == ',' && depth == 0) {
      add(text.slice(begin, i));
      begin = i + 1;
    }
  }
  add(text.drop_front(begin));
  return params;
}

std::optional<Reference> kgpu::kotlinir::parseReference(StringRef text) {
  Reference ref;
  size_t declared = text.rfind(" declared in ");
  if (declared == StringRef::npos)
    return std::nullopt;
  ref.declaredIn = text.drop_front(declared + 13).trim();
  StringRef head = text.take_front(declared).rtrim();
  // A trailing flag group: `... [operator]`.
  if (head.ends_with("]")) {
    size_t open = head.rfind(" [");
    if (open != StringRef::npos) {
      ref.flags = head.slice(open + 2, head.size() - 1);
      head = head.take_front(open).rtrim();
    }
  }
  // Functions and constructors: `<vis> [<modality>] fun <name> ...`.
  size_t fun = StringRef::npos;
  StringRef keyword;
  for (StringRef kw : {"fun ", "constructor "}) {
    size_t at = head.starts_with(kw) ? 0 : head.find((" " + kw).str());
    if (at != StringRef::npos) {
      fun = at == 0 && head.starts_with(kw) ? 0 : at + 1;
      keyword = kw;
      break;
    }
  }
  size_t paren = head.find('(');
  if (fun != StringRef::npos && (paren == StringRef::npos || fun < paren)) {
    ref.kind = keyword == "fun " ? Reference::Kind::Function
                                 : Reference::Kind::Constructor;
    StringRef rest = head.drop_front(fun + keyword.size());
    if (ref.kind == Reference::Kind::Function) {
      size_t space = rest.find(' ');
      if (space == StringRef::npos)
        return std::nullopt;
      ref.name = rest.take_front(space);
      rest = rest.drop_front(space + 1);
    } else {
      ref.name = "<init>";
    }
    if (rest.starts_with("<")) {
      size_t close = findBalanced(rest, 0, '<', '>');
      if (close == StringRef::npos)
        return std::nullopt;
      rest = rest.drop_front(close + 1).ltrim();
    }
    if (!rest.starts_with("("))
      return std::nullopt;
    size_t close = findBalanced(rest, 0, '(', ')');
    if (close == StringRef::npos)
      return std::nullopt;
    ref.params = splitParams(rest.slice(1, close));
    rest = rest.drop_front(close + 1).ltrim();
    if (rest.consume_front(":"))
      ref.type = rest.trim();
    return ref;
  }
  // Local variables and parameters: `[val|var ]name: type`.
  if (head.starts_with("val ") || head.starts_with("var ")) {
    ref.varKind = head.take_front(3);
    head = head.drop_front(4);
  }
  size_t colon = head.find(": ");
  if (colon == StringRef::npos)
    return std::nullopt;
  ref.name = head.take_front(colon);
  // A property reference has visibility words before the name.
  if (ref.name.contains(' '))
    ref.kind = Reference::Kind::Other;
  else
    ref.kind = Reference::Kind::Variable;
  ref.type = head.drop_front(colon + 2).trim();
  return ref;
}

//===----------------------------------------------------------------------===//
// Lines
//===----------------------------------------------------------------------===//

namespace {
class LineParser {
public:
  LineParser(StringRef text, DumpPos pos, DumpError &error)
      : text(text), pos(pos), error(error) {}

  /// Fills `node` from the line; false after an error.
  bool parse(Node &node);

private:
  bool fail(size_t offset, const llvm::Twine &message) {
    error.pos = {pos.line, pos.column + static_cast<unsigned>(offset)};
    error.message = message.str();
    return false;
  }
  bool tokenize(StringRef rest, size_t base,
                llvm::SmallVectorImpl<StringRef> &tokens);

  StringRef text;
  DumpPos pos;
  DumpError &error;
};
} // namespace

static bool isKindStart(char c) { return (c >= 'A' && c <= 'Z') || c == '?'; }
static bool isKindChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '?';
}
static bool isLabelChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '<' || c == '>' || c == '_' ||
         c == '-';
}

/// The label of `text` (`ARG x`, `if`, `$this`), or "".
static StringRef findLabel(StringRef text) {
  if (text.starts_with("ARG ") || text.starts_with("TYPE_ARG ") ||
      text.starts_with("bound ")) {
    size_t colon = text.find(": ");
    return colon == StringRef::npos ? StringRef() : text.take_front(colon);
  }
  size_t i = 0;
  while (i < text.size() && isLabelChar(text[i]))
    ++i;
  if (i == 0 || !text.drop_front(i).starts_with(": "))
    return StringRef();
  return text.take_front(i);
}

bool LineParser::tokenize(StringRef rest, size_t base,
                          llvm::SmallVectorImpl<StringRef> &tokens) {
  int depth = 0;
  char quote = 0;
  size_t begin = 0;
  size_t quoteStart = 0;
  for (size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    // A quoted reference: from the first ' to the ' that ends a token.
    if (c == '\'' && depth == 0) {
      // References hold no ', so the closing one is the next '.
      quote = c;
      quoteStart = i;
      continue;
    }
    if (c == '"') {
      quote = c;
      quoteStart = i;
      continue;
    }
    if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    else if (c == ' ' && depth == 0) {
      if (i > begin)
        tokens.push_back(rest.slice(begin, i));
      begin = i + 1;
    }
  }
  if (quote)
    return fail(base + quoteStart, "unterminated quote in this line");
  if (begin < rest.size())
    tokens.push_back(rest.drop_front(begin));
  return true;
}

/// Whether `token` starts with `key:` or `key=` (a key is a word, possibly
/// dotted: `loop.label=`).
static bool splitKeyValue(StringRef token, StringRef &key, StringRef &value) {
  size_t i = 0;
  if (i >= token.size() || !llvm::isAlpha(token[i]))
    return false;
  while (i < token.size() &&
         (llvm::isAlnum(token[i]) || token[i] == '.' || token[i] == '_'))
    ++i;
  if (i >= token.size() || (token[i] != ':' && token[i] != '='))
    return false;
  key = token.take_front(i);
  value = token.drop_front(i + 1);
  return true;
}

bool LineParser::parse(Node &node) {
  node.line = text;
  node.pos = pos;
  StringRef rest = text;
  size_t offset = 0;

  // A caption opening an opaque block: `annotations:`.
  if (rest.ends_with(":") && !rest.contains(' ')) {
    StringRef word = rest.drop_back();
    if (!word.empty() && llvm::all_of(word, [](char c) {
          return llvm::isAlnum(c) || c == '_';
        })) {
      node.isCaption = true;
      node.kind = word;
      return true;
    }
  }

  StringRef label = findLabel(rest);
  if (!label.empty()) {
    StringRef after = rest.drop_front(label.size() + 2);
    if (after.empty() || !isKindStart(after[0])) {
      // `TYPE_ARG T: kotlin.Number`, `overriddenFunctionSymbol: public ...`:
      // a labelled value that is not a node; kept as text.
      node.label = label;
      node.kind = "";
      node.ref = after;
      return true;
    }
    node.label = label;
    offset = label.size() + 2;
    rest = after;
  }

  size_t k = 0;
  while (k < rest.size() && isKindChar(rest[k]))
    ++k;
  if (k == 0 || !isKindStart(rest[0]))
    return fail(offset, "expected an IR element kind (such as CALL or VAR) "
                        "at the start of the line");
  node.kind = rest.take_front(k);
  if (k < rest.size() && rest[k] != ' ')
    return fail(offset + k, "expected a space after '" + node.kind + "'");
  rest = rest.drop_front(k);
  offset += k;
  size_t base = offset;
  if (!rest.empty()) {
    rest = rest.drop_front();
    ++base;
  }

  llvm::SmallVector<StringRef, 12> tokens;
  if (!tokenize(rest, base, tokens))
    return false;

  bool isFunctionHeader = node.kind == "FUN" || node.kind == "CONSTRUCTOR";
  for (StringRef token : tokens) {
    StringRef key, value;
    if (token.starts_with("'") && token.size() >= 2 && token.ends_with("'") &&
        node.ref.empty() && node.attrs.empty()) {
      node.ref = token.drop_front().drop_back();
      continue;
    }
    if (splitKeyValue(token, key, value)) {
      if (value.size() >= 2 && value.starts_with("'") && value.ends_with("'"))
        value = value.drop_front().drop_back();
      node.attrs.push_back({key, value});
      continue;
    }
    // The older format's `<T> (x:kotlin.Int)` in a FUN header.
    if (isFunctionHeader && token.starts_with("<") && token.ends_with(">"))
      continue;
    if (isFunctionHeader && token.starts_with("(") && token.ends_with(")")) {
      node.headerParams = token.drop_front().drop_back();
      node.hasHeaderParams = true;
      continue;
    }
    if (token.starts_with("[") && token.ends_with("]")) {
      node.flags = token.drop_front().drop_back();
      continue;
    }
    if (node.attrs.empty()) {
      node.words.push_back(token);
      continue;
    }
    // A value with spaces (`type:E of kotlin.collections.List`,
    // `type:@[FlexibleNullability] java.io.PrintStream?`): part of the
    // previous attribute.
    StringRef &last = node.attrs.back().second;
    const char *start = last.empty() ? token.data() : last.data();
    last = StringRef(start, token.data() + token.size() - start);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The tree
//===----------------------------------------------------------------------===//

std::optional<Dump> kgpu::kotlinir::parseDump(StringRef buffer,
                                              DumpError &error) {
  Dump dump;
  struct Open {
    unsigned depth;
    Node *node;
  };
  llvm::SmallVector<Open, 32> stack;
  unsigned lineNo = 0;
  StringRef rest = buffer;
  bool sawNode = false;
  // Nodes nested deeper than this are refused (the recursive walks of a
  // translator must not overflow the stack on a hostile input).
  constexpr unsigned kMaxDepth = 400;

  while (!rest.empty()) {
    ++lineNo;
    auto [rawLine, next] = rest.split('\n');
    rest = next;
    StringRef line = rawLine;
    line.consume_back("\r");
    if (line.contains('\0')) {
      error = {{lineNo, 1}, "unexpected NUL byte in the dump"};
      return std::nullopt;
    }
    StringRef content = line.ltrim(' ');
    if (content.empty() || content.trim().empty())
      continue;
    if (content.starts_with("//"))
      continue;
    if (llvm::all_of(content.rtrim(), [](char c) { return c == '-'; }))
      continue;
    if (content.starts_with("(Full dump is not available")) {
      error = {{lineNo, 1},
               "kotlinc could not write this dump: " + content.str()};
      return std::nullopt;
    }
    size_t indent = line.size() - content.size();
    if (content[0] == '\t') {
      error = {{lineNo, static_cast<unsigned>(indent + 1)},
               "tab in the indentation (the dump indents by two spaces)"};
      return std::nullopt;
    }
    content = content.rtrim();
    unsigned column = indent + 1;

    // Text lines under a caption (annotations:, overridden:) are opaque.
    while (!stack.empty() && stack.back().depth * 2 >= indent)
      stack.pop_back();
    if (!stack.empty() && stack.back().node->isCaption) {
      stack.back().node->opaque.push_back(content);
      continue;
    }

    if (indent % 2) {
      error = {{lineNo, column},
               "indentation of " + std::to_string(indent) +
                   " spaces is not a multiple of two"};
      return std::nullopt;
    }
    unsigned depth = indent / 2;
    if (depth > kMaxDepth) {
      error = {{lineNo, column},
               "the dump nests deeper than " + std::to_string(kMaxDepth) +
                   " levels"};
      return std::nullopt;
    }
    unsigned expected = stack.empty() ? 0 : stack.back().depth + 1;
    if (depth != expected) {
      error = {{lineNo, column},
               stack.empty()
                   ? std::string("the first element of the dump must not be "
                                 "indented")
                   : "line indented " + std::to_string(depth - expected) +
                         " levels deeper than a child of the line above"};
      return std::nullopt;
    }

    auto node = std::make_unique<Node>();
    LineParser parser(content, {lineNo, column}, error);
    if (!parser.parse(*node))
      return std::nullopt;
    if (node->hasHeaderParams)
      dump.oldFormat = true;
    sawNode = true;
    Node *raw = node.get();
    if (stack.empty())
      dump.roots.push_back(std::move(node));
    else
      stack.back().node->children.push_back(std::move(node));
    stack.push_back({depth, raw});
  }
  if (!sawNode) {
    error = {{lineNo ? lineNo : 1, 1}, "the dump holds no IR element"};
    return std::nullopt;
  }
  return dump;
}
