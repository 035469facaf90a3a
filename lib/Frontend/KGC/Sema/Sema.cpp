//===- Sema.cpp - kgc semantic analysis -----------------------------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "SemaInternals.h"

using namespace kgpu::kgc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;
using llvm::SMLoc;

//===----------------------------------------------------------------------===//
// Sema
//===----------------------------------------------------------------------===//

bool Sema::declare(VarDecl *var) {
  auto &scope = scopes.back();
  if (!scope.insert({var->getName(), var}).second) {
    error(var->getLoc(), "redefinition of '" + var->getName() + "'");
    return false;
  }
  declDepth[var] = scopes.size();
  return true;
}

VarDecl *Sema::lookupVar(llvm::StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto found = it->find(name);
    if (found != it->end())
      return found->second;
  }
  return nullptr;
}

void Sema::run() {
  for (Decl *d : tu.getDecls()) {
    if (diags.tooManyErrors())
      return;
    if (auto *fn = dyn_cast<FunctionDecl>(d))
      checkFunction(fn);
    else
      checkGlobalConst(cast<VarDecl>(d));
  }
  // Every used function must be defined.
  for (Decl *d : tu.getDecls()) {
    auto *fn = dyn_cast<FunctionDecl>(d);
    if (!fn || canonical.lookup(fn) != fn)
      continue;
    if (!fn->getDefinition()) {
      auto it = firstUse.find(fn);
      if (it != firstUse.end())
        error(it->second,
              "function '" + fn->getName() + "' is used but never defined");
    }
  }
  checkRecursion();
  // Calls checked before the callee's definition was seen point to a
  // prototype: make every call refer to the definition.
  for (CallExpr *call : calls)
    if (FunctionDecl *def = call->getCallee()->getDefinition())
      call->setCallee(def);
}

void Sema::checkGlobalConst(VarDecl *var) {
  if (lookupBuiltin(var->getName())) {
    error(var->getLoc(),
          "'" + var->getName() + "' is the name of a builtin function");
    return;
  }
  if (!globals.insert({var->getName(), var}).second) {
    error(var->getLoc(), "redefinition of '" + var->getName() + "'");
    return;
  }
  Expr *init = checkRValue(var->getInit());
  if (!init)
    return;
  init = convertForAssignment(init, var->getType(), init->getLoc(),
                              "initializing");
  if (!init)
    return;
  var->setInit(init);
  ConstantFolder local;
  local.onOverflow = [&](const Expr *node, bool, const ConstantValue &v) {
    if (!wrappedConsts.count(var))
      wrappedConsts[var] = {node->getLoc(), v};
  };
  local.onConstRef = [&](const DeclRefExpr *ref) {
    auto it = wrappedConsts.find(ref->getDecl());
    if (it != wrappedConsts.end() && !wrappedConsts.count(var))
      wrappedConsts[var] = it->second;
  };
  auto value = local.fold(init);
  if (!value) {
    error(init->getLoc(), "initializer of file-scope constant '" +
                              var->getName() +
                              "' is not a constant expression");
    return;
  }
  var->setConstantValue(*value);
}

void Sema::checkFunction(FunctionDecl *fn) {
  llvm::StringRef name = fn->getName();
  if (lookupBuiltin(name)) {
    error(fn->getLoc(), "'" + name + "' is the name of a builtin function");
    return;
  }
  auto it = globals.find(name);
  FunctionDecl *canon = fn;
  if (it != globals.end()) {
    auto *prev = dyn_cast<FunctionDecl>(it->second);
    if (!prev) {
      error(fn->getLoc(), "redefinition of '" + name + "'");
      return;
    }
    canon = getCanonical(prev);
    bool sameSig = prev->isKernel() == fn->isKernel() &&
                   prev->getReturnType() == fn->getReturnType() &&
                   prev->getParams().size() == fn->getParams().size();
    for (size_t i = 0; sameSig && i < fn->getParams().size(); ++i)
      sameSig =
          prev->getParams()[i]->getType() == fn->getParams()[i]->getType();
    if (!sameSig) {
      error(fn->getLoc(), "conflicting types for '" + name + "'");
      return;
    }
    if (fn->isDefinition() && canon->getDefinition()) {
      error(fn->getLoc(), "redefinition of '" + name + "'");
      return;
    }
  } else {
    globals[name] = fn;
  }
  canonical[fn] = canon;
  if (!fn->isDefinition()) {
    // Parameter names of prototypes still must be distinct.
    llvm::StringMap<bool> seen;
    for (VarDecl *p : fn->getParams())
      if (!seen.insert({p->getName(), true}).second)
        error(p->getLoc(), "redefinition of parameter '" + p->getName() + "'");
    return;
  }
  canon->setDefinition(fn);
  fn->setDefinition(fn);
  // Keep every prototype pointing to the definition.
  for (Decl *d : tu.getDecls())
    if (auto *other = dyn_cast<FunctionDecl>(d))
      if (other->getName() == name)
        other->setDefinition(fn);

  curFn = fn;
  loopDepth = 0;
  parallel.reset();
  scopes.clear();
  pushScope();
  for (VarDecl *p : fn->getParams()) {
    if (!scopes.back().insert({p->getName(), p}).second)
      error(p->getLoc(), "redefinition of parameter '" + p->getName() + "'");
    declDepth[p] = 1;
  }
  kernelBodyScope = 1;
  checkCompound(fn->getBody(), /*newScope=*/false);
  popScope();
  curFn = nullptr;

  if (!fn->getReturnType().isVoid()) {
    // A simple fall-through analysis: warn when the end may be reachable.
    std::function<bool(Stmt *)> mayFallThrough = [&](Stmt *s) -> bool {
      if (!s)
        return true;
      switch (s->getKind()) {
      case Stmt::Kind::Return:
        return false;
      case Stmt::Kind::Compound:
        for (Stmt *c : cast<CompoundStmt>(s)->getBody())
          if (!mayFallThrough(c))
            return false;
        return true;
      case Stmt::Kind::If: {
        // Iterative over an else-if chain.
        for (auto *i = cast<IfStmt>(s);;) {
          if (!i->getElse() || mayFallThrough(i->getThen()))
            return true;
          auto *elseIf = dyn_cast<IfStmt>(i->getElse());
          if (!elseIf)
            return mayFallThrough(i->getElse());
          i = elseIf;
        }
      }
      default:
        return true;
      }
    };
    if (mayFallThrough(fn->getBody()))
      warning(fn->getLoc(), "non-void function '" + name +
                                "' may reach the end without returning a "
                                "value");
  }
}

void Sema::checkRecursion() {
  // Build the call graph over canonical declarations.
  llvm::DenseMap<FunctionDecl *, std::vector<const CallEdge *>> succ;
  std::vector<FunctionDecl *> order;
  for (const CallEdge &e : callEdges) {
    if (!succ.count(e.caller))
      order.push_back(e.caller);
    succ[e.caller].push_back(&e);
  }
  enum Color { White, Grey, Black };
  llvm::DenseMap<FunctionDecl *, Color> color;
  std::vector<FunctionDecl *> stack;
  std::function<void(FunctionDecl *)> dfs = [&](FunctionDecl *f) {
    color[f] = Grey;
    stack.push_back(f);
    auto it = succ.find(f);
    if (it != succ.end()) {
      for (const CallEdge *e : it->second) {
        Color c = color.lookup(e->callee);
        if (c == Grey) {
          if (e->callee == f) {
            error(e->loc, "recursion is not allowed: '" + f->getName() +
                              "' calls itself");
          } else {
            std::string cycle;
            bool in = false;
            for (FunctionDecl *s : stack) {
              if (s == e->callee)
                in = true;
              if (in)
                cycle += "'" + s->getName().str() + "' -> ";
            }
            cycle += "'" + e->callee->getName().str() + "'";
            error(e->loc, "recursion is not allowed: call cycle " + cycle);
          }
        } else if (c == White) {
          dfs(e->callee);
        }
      }
    }
    stack.pop_back();
    color[f] = Black;
  };
  for (FunctionDecl *f : order)
    if (color.lookup(f) == White)
      dfs(f);
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

bool kgpu::kgc::analyzeTranslationUnit(TranslationUnit &tu,
                                       DiagnosticEngine &diags) {
  Sema sema(tu, diags);
  sema.run();
  // The divergence analysis needs a fully typed AST.
  if (!diags.hasErrors())
    checkBarrierDivergence(tu, diags);
  return !diags.hasErrors();
}
