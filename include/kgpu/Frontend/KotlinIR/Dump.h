//===- Dump.h - Kotlin IR text dumps (IrElement.dump()) ---------*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// A reader for the tree text that kotlinc writes with
// -Xphases-to-dump-before=... (DumpIrTreeVisitor / RenderIrElementVisitor):
// one node per line, children indented by two more spaces than their parent.
//
//   FUN name:saxpy visibility:public modality:FINAL returnType:kotlin.Unit
//     VALUE_PARAMETER kind:Regular name:alpha index:0 type:kotlin.Float
//     annotations:
//       Kernel
//     BLOCK_BODY
//       VAR name:i type:kotlin.Int [val]
//         CALL 'public final fun globalId (): kotlin.Int declared in ...'
//             type=kotlin.Int origin=null
//
// Every node keeps its line (and its line and column in the dump); its
// label (`ARG other:`, `if:`, `$this:`), kind (`CALL`), leading words (a
// declaration origin such as IR_TEMPORARY_VARIABLE, CONST's kind), quoted
// reference, `key:value` / `key=value` attributes and trailing flag group
// (`[val]`) are split out. Lines ending in `:` (`annotations:`,
// `overridden:`) hold opaque text. Both the newest format (kotlinc 2.2 and
// later: `ARG name:` labels, `VALUE_PARAMETER kind:`) and the older one
// (parameter lists in FUN headers, `$this:`/`$receiver:` and bare argument
// labels) are read; docs/kotlin.md describes both.
//
// Depends only on LLVM Support (the fuzzer builds it without MLIR). Every
// malformed line is a located error (line and column in the dump); nothing
// is asserted on the input.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_KOTLINIR_DUMP_H
#define KGPU_FRONTEND_KOTLINIR_DUMP_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kgpu {
namespace kotlinir {

/// A position in the dump: 1-based line and column.
struct DumpPos {
  unsigned line = 0;
  unsigned column = 0;
};

/// A parse error at a position of the dump.
struct DumpError {
  DumpPos pos;
  std::string message;
};

/// One line of the dump and its subtree.
struct Node {
  /// The label before the node (`ARG other`, `if`, `$this`), or empty.
  llvm::StringRef label;
  /// The node kind (`CALL`, `FUN`), or the caption (`annotations`) of an
  /// opaque block (`isCaption`).
  llvm::StringRef kind;
  /// The whole line without its indentation.
  llvm::StringRef line;
  /// Where the line starts (the column of the label or kind).
  DumpPos pos;
  /// Leading words before the first attribute: a declaration origin
  /// (`IR_TEMPORARY_VARIABLE`), CONST's kind (`Int`), CLASS's kind.
  llvm::SmallVector<llvm::StringRef, 2> words;
  /// The first quoted reference (`'...'`, without the quotes), if any.
  llvm::StringRef ref;
  /// `key:value` and `key=value` attributes, in line order (values of
  /// quoted attributes such as `from='...'` without the quotes).
  llvm::SmallVector<std::pair<llvm::StringRef, llvm::StringRef>, 6> attrs;
  /// The trailing flag group without brackets (`val`, `fake_override,operator`).
  llvm::StringRef flags;
  /// The old format's parameter list in a FUN/CONSTRUCTOR header, without
  /// parentheses (`$this:<root>.C, x:kotlin.Int`); empty in the newest.
  llvm::StringRef headerParams;
  bool hasHeaderParams = false;
  /// A caption line (`annotations:`): its children are in `opaque`.
  bool isCaption = false;
  /// The text lines under a caption (annotation renderings, references).
  llvm::SmallVector<llvm::StringRef, 1> opaque;
  std::vector<std::unique_ptr<Node>> children;

  /// The attribute `key`, if present.
  std::optional<llvm::StringRef> getAttr(llvm::StringRef key) const;
  /// The attribute `key` or "".
  llvm::StringRef attr(llvm::StringRef key) const {
    return getAttr(key).value_or("");
  }
  bool is(llvm::StringRef k) const { return !isCaption && kind == k; }
  /// Whether the flag group holds `flag`.
  bool hasFlag(llvm::StringRef flag) const;
  /// The call argument for parameter `name` (`<this>` for a receiver): the
  /// newest `ARG name:` / `ARG name(index:N):`, the older `$this:`,
  /// `$receiver:` and bare `name:` labels. Null when it is not given.
  const Node *getArg(llvm::StringRef name) const;
  /// The child with structural label `slot` (`if`, `then`, `condition`,
  /// `body`), or null.
  const Node *getSlot(llvm::StringRef slot) const;
  /// The argument name of this node's label, if it is an argument label
  /// (`ARG x`, `$this`, `$receiver`, or an old bare label of a call).
  std::optional<llvm::StringRef> getArgName() const;
  /// The lines under the `caption:` child (e.g. "annotations"), if any.
  const Node *getCaption(llvm::StringRef caption) const;
};

/// A parsed quoted reference:
///   'public final fun plus (other: kotlin.Int): kotlin.Int [operator]
///    declared in kotlin.Int'
///   'val i: kotlin.Int [val] declared in <root>.saxpy'
///   'alpha: kotlin.Float declared in <root>.saxpy'
struct Reference {
  enum class Kind { Function, Constructor, Variable, Other };
  Kind kind = Kind::Other;
  /// `val` or `var` for a local variable reference; empty for a parameter.
  llvm::StringRef varKind;
  llvm::StringRef name;
  /// Parameter names and types of a function (newest format: receivers
  /// included as `<this>`).
  llvm::SmallVector<std::pair<llvm::StringRef, llvm::StringRef>, 4> params;
  /// The return type of a function, the type of a variable.
  llvm::StringRef type;
  llvm::StringRef flags;
  /// The parent after `declared in` (`kotlin.Int`, `<root>.saxpy`).
  llvm::StringRef declaredIn;
};

/// Parses a reference; std::nullopt when it has no `declared in` part or
/// is malformed.
std::optional<Reference> parseReference(llvm::StringRef text);

/// Splits the parameter list `a: T, b: U` (types may hold `, ` inside
/// `<>`), as in a reference or an old FUN header (`a:T`).
llvm::SmallVector<std::pair<llvm::StringRef, llvm::StringRef>, 4>
splitParams(llvm::StringRef text);

/// A parsed dump: the buffer it points into stays owned by the caller.
struct Dump {
  /// The roots (usually one MODULE_FRAGMENT, or one FUN for
  /// -Xdump-fqname).
  std::vector<std::unique_ptr<Node>> roots;
  /// Whether the dump uses the older format (FUN headers with parameter
  /// lists).
  bool oldFormat = false;
};

/// Parses `buffer` (the whole dump text). On error returns std::nullopt and
/// sets `error`. The Dump's StringRefs point into `buffer`.
std::optional<Dump> parseDump(llvm::StringRef buffer, DumpError &error);

/// Calls `fn` on `node` and every node below it (pre-order).
template <typename Fn> void walk(const Node &node, Fn &&fn) {
  fn(node);
  for (const auto &child : node.children)
    walk(*child, fn);
}

} // namespace kotlinir
} // namespace kgpu

#endif // KGPU_FRONTEND_KOTLINIR_DUMP_H
