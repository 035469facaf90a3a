//===- kgpu-translate.cpp - the kgpu compiler driver ------------*- C++ -*-===//
//
// The driver users call: a command line over the compiler library
// (include/kgpu/Driver/CompilerSession.h), which reads a kernel source (by
// extension or by an explicit --import-* flag), runs the kgpu pipelines and
// returns the form --emit asks for, by default a .kgpu bundle with a payload
// per target. This file only parses options and writes the output.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Driver/CompilerSession.h"
#include "kgpu/Driver/Output.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
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
static cl::opt<bool> importJvm(
    "import-jvm",
    cl::desc("Read the input as JVM class files (a .class file, a .jar or a "
             "directory of classes), whatever its name"),
    cl::cat(category));
static cl::opt<bool> importKotlinIR(
    "import-kotlin-ir",
    cl::desc("Read the input as Kotlin IR dumps (a dump file or a directory "
             "of .ir/.ir.txt dumps), whatever its name"),
    cl::cat(category));
static cl::opt<std::string> emit(
    "emit",
    cl::desc(
        "What to write: mlir (as imported), kgpu (canonicalized), gpu "
        "(the GPU form), llvm (NVVM/LLVM dialect), ptx, cubin, fatbin, "
        "spirv, spirv-asm, glsl, msl, hlsl, cpu (shared object), bundle, "
        "manifest (the bundle's JSON manifest, read back from the bundle)"),
    cl::init("bundle"), cl::cat(category));
static cl::opt<std::string>
    targetsOpt("targets",
               cl::desc("Targets of a bundle, comma-separated: cuda, vulkan, "
                        "cpu (default: all that can compile the input)"),
               cl::init("cuda,vulkan,cpu"), cl::cat(category));
static cl::opt<std::string>
    chip("chip", cl::desc("CUDA target GPU, sm_50 or newer (default: sm_90a)"),
         cl::init("sm_90a"), cl::cat(category));
static cl::opt<std::string>
    cudaPath("cuda-path",
             cl::desc("CUDA toolkit with bin/ptxas and nvvm/libdevice "
                      "(default: CUDA_ROOT, CUDA_HOME, or ptxas on PATH)"),
             cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Compile only this kernel (JVM inputs: Class::method, "
                        "pkg.Outer$Inner::method or Class::method(desc))"),
               cl::cat(category));
static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("Check every memory access against the size of the buffer or "
             "array it accesses, on every target; the runtime reports the "
             "first violation of a launch with the kernel, source location "
             "and index (KGPU_ERROR_BOUNDS)"),
    cl::init(false), cl::cat(category));
static cl::opt<std::string> fpContract(
    "fp-contract",
    cl::desc("Floating-point contraction: off, on or fast (default: on for "
             "kgc, as in C; off for JVM and Kotlin sources)"),
    cl::cat(category));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check the import's diagnostics against the input's "
             "'// expected-error {{...}}' comments (with --emit=mlir)"),
    cl::cat(category));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Import each '// -----'-separated part of the input on its own "
             "(with --emit=mlir)"),
    cl::cat(category));
static cl::opt<std::string> workgroupSizeOpt(
    "workgroup-size",
    cl::desc("Fix the work-group size X[,Y[,Z]] of every kernel that does not "
             "fix its own (kgc reqd_work_group_size); without it such kernels "
             "accept any size at launch"),
    cl::value_desc("X[,Y[,Z]]"), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "kgpu-translate: error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // -mlir-print-debuginfo, -mlir-print-ir-after=<kgpu pass>, ... (the
  // passes first: the pass-name options list them when they are made).
  kgpu::registerCompilerPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  // --help lists kgpu-translate's options; LLVM's and MLIR's (backends,
  // -mlir-print-*, ...) stay usable and are listed by --help-hidden.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool ours = llvm::any_of(option->Categories, [](cl::OptionCategory *c) {
      return c == &category || c->getName() == "Generic Options";
    });
    if (!ours && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
  cl::ParseCommandLineOptions(argc, argv, "kgpu compiler driver\n");

  kgpu::CompilerOptions options;
  options.emit = emit;
  if (targetsOpt.getNumOccurrences())
    options.targets = targetsOpt.getValue();
  options.kernel = kernelName;
  options.chip = chip;
  options.fpContract = fpContract;
  options.cudaPath = cudaPath;
  options.checkBounds = checkBounds;
  options.verifyDiagnostics = verifyDiagnostics;
  options.splitInputFile = splitInputFile;
  if (importKgc)
    options.language = "kgc";
  if (importJvm)
    options.language = "jvm";
  if (importKotlinIR)
    options.language = "kotlin-ir";
  if (workgroupSizeOpt.getNumOccurrences()) {
    std::string error;
    options.workgroupSize = kgpu::parseWorkgroupSize(workgroupSizeOpt, error);
    if (!options.workgroupSize)
      return fail("--workgroup-size=" + workgroupSizeOpt + ": " + error);
  }
  if (std::optional<std::string> error = kgpu::checkOptions(options))
    return fail(*error);

  kgpu::CompilerSession session(options, llvm::errs());
  FailureOr<std::string> output = session.compileFile(inputFilename);
  if (failed(output)) {
    // --split-input-file prints the parts that imported, as mlir-opt does.
    if (!session.getPartsOutput().empty())
      (void)kgpu::writeOutputFile(outputFilename, session.getPartsOutput(),
                                  llvm::errs());
    return 1;
  }
  return failed(kgpu::writeOutputFile(outputFilename, *output, llvm::errs()));
}
