//===- Frontend.cpp - the JVM frontend: inputs and kernel selection -------===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/Frontend.h"

#include "Translate.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/JVM/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

namespace kgpu::jvm {
using namespace mlir;
using mlir::kgpu::FrontendInfo;
using mlir::kgpu::ImportOptions;
using mlir::kgpu::registerFrontend;

namespace {

bool isKernelCandidate(const ClassFile &cf, const MethodInfo &m) {
  if (!m.isStatic() || !m.code)
    return false;
  if (m.findAnnotation(kParallelLoopsAnnotation))
    return true;
  if (!m.getLocalVariableAnnotations(kParallelAnnotation).empty())
    return true;
  return llvm::StringRef(m.descriptor).contains(
      "Luk/ac/manchester/tornado/api/KernelContext;");
}

/// The classes `spec` ("Name", "pkg.Outer$Inner", "pkg/Outer$Inner") names.
std::vector<std::string> findClasses(ClassPath &classPath, StringRef spec) {
  std::string internal = ClassPath::toInternalName(spec);
  if (classPath.contains(internal))
    return {internal};
  if (!spec.contains('.') && !spec.contains('/'))
    return classPath.findBySimpleName(spec);
  return {};
}

} // namespace

OwningOpRef<ModuleOp> importJVM(llvm::SourceMgr &sourceMgr, unsigned bufferId,
                     MLIRContext &context, const ImportOptions &options) {
  context.loadDialect<mlir::kgpu::KgpuDialect, arith::ArithDialect, cf::ControlFlowDialect,
                      func::FuncDialect, math::MathDialect,
                      memref::MemRefDialect, scf::SCFDialect>();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  StringRef name = buffer->getBufferIdentifier();
  Location inputLoc = FileLineColLoc::get(&context, name, 0, 0);
  ClassPath classPath;
  // Where to look for source files (locations): the input's directory, or
  // the directory a class path is rooted at.
  std::string root;
  StringRef data = buffer->getBuffer();
  bool isClassFile = data.starts_with("\xCA\xFE\xBA\xBE");
  bool isDirectory = !options.inputPath.empty() &&
                     llvm::sys::fs::is_directory(options.inputPath);
  if (isClassFile) {
    if (llvm::Error err = classPath.addBuffer(
            name, std::vector<uint8_t>(data.bytes_begin(), data.bytes_end()))) {
      emitError(inputLoc) << "KG-E0001: " << llvm::toString(std::move(err));
      return nullptr;
    }
    root = llvm::sys::path::parent_path(name).str();
  } else if (isDirectory || data.starts_with("PK")) {
    if (options.inputPath.empty()) {
      emitError(inputLoc) << "KG-E0001: a .jar must be read from a file, "
                             "not from standard input";
      return nullptr;
    }
    if (llvm::Error err = classPath.add(options.inputPath)) {
      emitError(inputLoc) << "KG-E0001: " << llvm::toString(std::move(err));
      return nullptr;
    }
    if (isDirectory)
      root = options.inputPath;
  } else {
    emitError(inputLoc) << "KG-E0001: '" << name
                        << "' is neither a class file nor a .jar archive";
    return nullptr;
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(inputLoc);
  auto sourcePath = [&](const ClassFile &cf) -> std::string {
    if (!cf.sourceFile)
      return "";
    // A class from a directory: root/pkg/Source.java; a single class file:
    // next to it; else the name as it is.
    SmallVector<std::string, 2> candidates;
    if (!root.empty()) {
      SmallString<256> pkg(root);
      StringRef internal = cf.thisClass;
      size_t slash = internal.rfind('/');
      if (isDirectory && slash != StringRef::npos)
        llvm::sys::path::append(pkg, internal.substr(0, slash));
      llvm::sys::path::append(pkg, *cf.sourceFile);
      candidates.push_back(pkg.str().str());
      SmallString<256> flat(root);
      llvm::sys::path::append(flat, *cf.sourceFile);
      candidates.push_back(flat.str().str());
    }
    for (const std::string &c : candidates)
      if (llvm::sys::fs::exists(c))
        return c;
    return *cf.sourceFile;
  };
  ModuleTranslator translator(context, *module, classPath, sourcePath);

  // The kernels: what --kernel names, or every candidate.
  struct Selected {
    const ClassFile *cf;
    const MethodInfo *method;
  };
  std::vector<Selected> selected;
  auto findClass = [&](const std::string &internal) -> const ClassFile * {
    llvm::Expected<const ClassFile *> cf = classPath.find(internal);
    if (!cf) {
      emitError(inputLoc) << "KG-E0001: " << llvm::toString(cf.takeError());
      return nullptr;
    }
    return *cf;
  };
  if (!options.kernel.empty()) {
    StringRef spec = options.kernel;
    auto [classSpec, methodSpec] = spec.split("::");
    if (methodSpec.empty()) {
      emitError(inputLoc) << "KG-E0002: --kernel=" << spec
                          << " must name Class::method or "
                             "Class::method(descriptor)";
      return nullptr;
    }
    StringRef methodName = methodSpec, descriptor;
    if (size_t paren = methodSpec.find('('); paren != StringRef::npos) {
      methodName = methodSpec.substr(0, paren);
      descriptor = methodSpec.substr(paren);
    }
    std::vector<std::string> classes = findClasses(classPath, classSpec);
    if (classes.empty()) {
      emitError(inputLoc) << "KG-E0002: --kernel=" << spec
                          << ": the input has no class '" << classSpec << "'";
      return nullptr;
    }
    if (classes.size() > 1) {
      InFlightDiagnostic diag = emitError(inputLoc)
                                << "KG-E0002: --kernel=" << spec
                                << ": the class name '" << classSpec
                                << "' is ambiguous:";
      for (const std::string &c : classes)
        diag << " " << ClassPath::toInternalName(c);
      diag << "; name it by its binary name (pkg.Outer$Inner)";
      return nullptr;
    }
    const ClassFile *cf = findClass(classes[0]);
    if (!cf)
      return nullptr;
    std::vector<const MethodInfo *> matches;
    for (const MethodInfo &m : cf->methods)
      if (m.name == methodName &&
          (descriptor.empty() || StringRef(m.descriptor).starts_with(descriptor)))
        matches.push_back(&m);
    if (matches.empty()) {
      emitError(inputLoc) << "KG-E0002: --kernel=" << spec << ": class "
                          << cf->getBinaryName() << " has no method '"
                          << methodSpec << "'";
      return nullptr;
    }
    if (matches.size() > 1) {
      InFlightDiagnostic diag = emitError(inputLoc)
                                << "KG-E0002: --kernel=" << spec << ": "
                                << cf->getBinaryName() << "::" << methodName
                                << " is overloaded; add the descriptor:";
      for (const MethodInfo *m : matches)
        diag << " " << methodName << m->descriptor;
      return nullptr;
    }
    selected.push_back({cf, matches[0]});
  } else {
    for (const std::string &internal : classPath.getClassNames()) {
      const ClassFile *cf = findClass(internal);
      if (!cf)
        return nullptr;
      for (const MethodInfo &m : cf->methods)
        if (isKernelCandidate(*cf, m))
          selected.push_back({cf, &m});
    }
    if (selected.empty()) {
      emitError(inputLoc)
          << "KG-E0003: '" << name
          << "' has no kernel: no static method with a @Parallel loop, a "
             "@ParallelLoops marker or a KernelContext parameter; name one "
             "with --kernel=Class::method";
      return nullptr;
    }
  }
  bool ok = true;
  for (const Selected &s : selected)
    ok &= succeeded(translator.translateMethod(*s.cf, *s.method, true));
  if (!ok)
    return nullptr;
  translator.inlinePrivateArrayHelpers();
  return module;
}

} // namespace kgpu::jvm

void mlir::kgpu::registerJVMFrontend() {
  using namespace ::kgpu::jvm;
  FrontendInfo info;
  info.name = "jvm";
  info.extensions = {".class", ".jar"};
  info.language.name = "jvm";
  // Java's float semantics: no contraction unless --fp-contract=fast.
  info.language.fpContract = FPContract::Off;
  info.language.integerSemantics = "jvm";
  info.language.mathSemantics = "jvm";
  info.import = [](llvm::SourceMgr &sourceMgr, unsigned bufferId,
                   MLIRContext &context) -> OwningOpRef<ModuleOp> {
    return importJVM(sourceMgr, bufferId, context, ImportOptions());
  };
  info.importWithOptions =
      [](llvm::SourceMgr &sourceMgr, unsigned bufferId, MLIRContext &context,
         const ImportOptions &options) -> OwningOpRef<ModuleOp> {
    return importJVM(sourceMgr, bufferId, context, options);
  };
  info.selectsKernels = true;
  info.readsDirectories = true;
  info.extendCleanup = [](OpPassManager &pm) { buildJVMCleanupExtension(pm); };
  registerFrontend(std::move(info));
}
