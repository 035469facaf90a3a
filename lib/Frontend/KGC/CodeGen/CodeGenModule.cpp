//===- CodeGenModule.cpp - kgc to MLIR: functions, module -----------------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Walks the typed kgc AST and emits kgpu + arith/math/scf/memref/func.
//
// Scalars and tensor-core fragments are SSA values tracked per VarDecl; a
// structured construct (scf.if, scf.while) carries the variables its body
// assigns as results or iteration arguments. Arrays and pointers are memrefs.
// `break`, `continue` and `return` set flag variables; the statements after
// one that may exit are guarded by the flags, and loop conditions test them,
// so the output stays structured (which the CPU backend's barrier fission
// needs).
//
//===----------------------------------------------------------------------===//

#include "CodeGenInternals.h"

using namespace kgc_codegen;

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void Emitter::declareFunction(const FunctionDecl *fn) {
  Location l = loc(fn->getLoc());
  SmallVector<mlir::Type> argTypes;
  for (const VarDecl *p : fn->getParams()) {
    mlir::Type t = convertType(p->getType());
    if (!t) {
      error(p->getLoc(),
            "parameter '" + p->getName() + "' has a type kgpu cannot pass");
      return;
    }
    argTypes.push_back(t);
  }
  SmallVector<mlir::Type> results;
  if (!fn->getReturnType().isVoid())
    results.push_back(convertType(fn->getReturnType()));
  b.setInsertionPointToEnd(module.getBody());
  func::FuncOp func;
  if (fn->isKernel()) {
    SmallVector<kg::KernelParam> params;
    for (auto [p, type] : llvm::zip(fn->getParams(), argTypes)) {
      bool buffer = p->getType().isPointer();
      // What the language allows (read for const, else read_write);
      // kgpu-infer-arg-access (in the frontend cleanup) narrows it to what
      // the kernel does.
      params.push_back({p->getName().str(), type,
                        buffer ? kg::ArgKind::Buffer : kg::ArgKind::Scalar,
                        buffer ? std::optional(p->getType().isConstElement()
                                                   ? kg::Access::Read
                                                   : kg::Access::ReadWrite)
                               : std::nullopt});
    }
    std::optional<std::array<int32_t, 3>> workgroupSize;
    if (const auto &size = fn->getReqdWorkGroupSize())
      workgroupSize = {static_cast<int32_t>((*size)[0]),
                       static_cast<int32_t>((*size)[1]),
                       static_cast<int32_t>((*size)[2])};
    func = kg::createKernel(b, l, fn->getName(), params, workgroupSize);
  } else {
    func = kg::createDeviceFunction(b, l, fn->getName(),
                                    b.getFunctionType(argTypes, results));
  }
  functions[fn] = func;
}

void Emitter::emitFunctionBody(const FunctionDecl *fn) {
  func::FuncOp func = functions.lookup(fn);
  if (!func)
    return;
  currentFn = fn;
  currentFunc = func;
  values.clear();
  entryBlock = func.addEntryBlock();
  b.setInsertionPointToStart(entryBlock);
  for (auto [p, arg] : llvm::zip(fn->getParams(), func.getArguments()))
    set(p, arg);

  Location l = loc(fn->getLoc());
  auto makeFlag = [&](llvm::StringRef name) {
    auto flag =
        std::make_unique<VarDecl>(fn->getLoc(), name, kgc::Type::getBool(),
                                  VarDecl::VarKind::Local, false);
    set(flag.get(), boolConst(l, false));
    return flag;
  };
  breakFlag = makeFlag("<break>");
  continueFlag = makeFlag("<continue>");
  returnFlag = makeFlag("<return>");
  returnValue.reset();
  if (!fn->getReturnType().isVoid()) {
    returnValue =
        std::make_unique<VarDecl>(fn->getLoc(), "<retval>", fn->getReturnType(),
                                  VarDecl::VarKind::Local, false);
    set(returnValue.get(), zeroOf(l, convertType(fn->getReturnType())));
  }

  emitStmt(fn->getBody());
  if (hadError)
    return;
  SmallVector<Value> results;
  if (returnValue)
    results.push_back(get(returnValue.get()));
  func::ReturnOp::create(b, l, results);
}

OwningOpRef<ModuleOp> Emitter::run() {
  OwningOpRef<ModuleOp> owned = ModuleOp::create(
      loc(llvm::SMLoc::getFromPointer(tu.getSourceMgr()
                                          .getMemoryBuffer(tu.getBufferId())
                                          ->getBufferStart())));
  module = *owned;
  SmallVector<const FunctionDecl *> defs;
  for (const Decl *d : tu.getDecls())
    if (auto *fn = llvm::dyn_cast<FunctionDecl>(d))
      if (fn->isDefinition())
        defs.push_back(fn);
  for (const FunctionDecl *fn : defs)
    declareFunction(fn);
  for (const FunctionDecl *fn : defs) {
    if (hadError)
      break;
    emitFunctionBody(fn);
  }
  if (hadError)
    return nullptr;

  // A verifier failure here is a bug in the emitter, not in the user's
  // source: report it as an internal error at the file, never crash.
  std::string message;
  {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      if (message.empty()) {
        llvm::raw_string_ostream os(message);
        os << diag.getLocation() << ": " << diag.str();
      }
      return success();
    });
    if (succeeded(verify(module)))
      return owned;
  }
  error(llvm::SMLoc::getFromPointer(tu.getSourceMgr()
                                        .getMemoryBuffer(tu.getBufferId())
                                        ->getBufferStart()),
        "internal error: the emitted MLIR does not verify: " + message);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> kgc::emitMLIR(const TranslationUnit &tu,
                                    MLIRContext &context,
                                    kgc::DiagnosticEngine &diags) {
  context
      .loadDialect<kg::KgpuDialect, arith::ArithDialect, func::FuncDialect,
                   math::MathDialect, memref::MemRefDialect, scf::SCFDialect>();
  return Emitter(tu, context, diags).run();
}

OwningOpRef<ModuleOp> kgc::importKGC(llvm::SourceMgr &sm, unsigned bufferId,
                                     MLIRContext &context) {
  MLIRDiagnosticConsumer consumer(context);
  kgc::DiagnosticEngine diags(sm, consumer);
  std::unique_ptr<TranslationUnit> tu = parseAndAnalyze(sm, bufferId, diags);
  if (!tu)
    return nullptr;
  // Sema's diagnostics go out before the emitter's.
  consumer.finish();
  return emitMLIR(*tu, context, diags);
}
