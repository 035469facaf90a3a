//===- kgpu-translate.cpp - the kgpu compiler driver ------------*- C++ -*-===//
//
// The driver users call: reads a kernel source (by extension or by an
// explicit --import-* flag) and writes the requested form. This version
// imports kgc (`.kgc`) and `.mlir` and emits the kgpu-level MLIR; the code
// generation back half (PTX, SPIR-V, CPU, bundles) comes with the
// code-generation work.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Dialect/IR/KgpuDialect.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"
#include "kgpu/Frontend/KGC/Frontend.h"
#include "kgpu/Frontend/KGC/MLIRGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("kgpu-translate options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::Required, cl::cat(category));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"), cl::cat(category));
static cl::opt<bool> importKgc("import-kgc",
                               cl::desc("Read the input as kgc source, "
                                        "whatever its extension"),
                               cl::cat(category));
static cl::opt<std::string>
    emit("emit",
         cl::desc("What to write: mlir (the kgpu-level MLIR as imported) or "
                  "kgpu (the same after canonicalization)"),
         cl::init("kgpu"), cl::cat(category));

namespace {
enum class InputKind { Kgc, Mlir, Unknown };
}

static InputKind classify(llvm::StringRef name) {
  if (importKgc || name.ends_with(".kgc"))
    return InputKind::Kgc;
  if (name.ends_with(".mlir"))
    return InputKind::Mlir;
  return InputKind::Unknown;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // -mlir-print-debuginfo, -mlir-print-ir-after-all, ...
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "kgpu compiler driver\n");

  static const char *const emitKinds[] = {"mlir", "kgpu"};
  if (!llvm::is_contained(emitKinds, emit)) {
    llvm::errs() << "kgpu-translate: error: --emit=" << emit
                 << " is not available yet; this build supports "
                    "--emit=mlir and --emit=kgpu\n";
    return 1;
  }

  InputKind kind = classify(inputFilename);
  if (kind == InputKind::Unknown) {
    llvm::errs() << "kgpu-translate: error: cannot tell the language of '"
                 << inputFilename
                 << "' from its extension (.kgc or .mlir); use --import-kgc\n";
    return 1;
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "kgpu-translate: error: " << errorMessage << "\n";
    return 1;
  }

  DialectRegistry registry;
  registry.insert<mlir::kgpu::KgpuDialect, arith::ArithDialect, func::FuncDialect,
                  gpu::GPUDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  unsigned bufferId = sourceMgr.AddNewSourceBuffer(std::move(input), {});
  OwningOpRef<ModuleOp> module;
  if (kind == InputKind::Kgc) {
    std::unique_ptr<::kgpu::kgc::TranslationUnit> tu =
        ::kgpu::kgc::parseAndAnalyze(sourceMgr, bufferId, llvm::errs());
    if (!tu)
      return 1;
    ::kgpu::kgc::DiagnosticEngine diags(sourceMgr, llvm::errs());
    module = ::kgpu::kgc::emitMLIR(*tu, context, diags);
  } else {
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
  if (!module)
    return 1;

  if (emit == "kgpu") {
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    PassManager pm(&context);
    if (failed(applyPassManagerCLOptions(pm)))
      return 1;
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    if (failed(pm.run(*module)))
      return 1;
  }

  auto output = openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << "kgpu-translate: error: " << errorMessage << "\n";
    return 1;
  }
  module->print(output->os());
  output->os() << "\n";
  output->keep();
  return 0;
}
