//===- kgpu-translate.cpp - the kgpu compiler driver ------------*- C++ -*-===//
//
// The driver users call: reads a kernel source (by extension or by an
// explicit --import-* flag), runs the kgpu pipelines and writes the form
// --emit asks for, by default a .kgpu bundle with a payload per target.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Conversion/KgpuToGPU/Passes.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/Common/SplitAndVerify.h"
#include "kgpu/Frontend/KGC/MLIRDiagnostics.h"
#include "kgpu/Frontend/KGC/MLIRGen.h"
#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Target/Bundle/Bundle.h"
#include "kgpu/Target/Bundle/Manifest.h"
#include "kgpu/Target/NVVM/NVVMTarget.h"
#include "kgpu/Transforms/Passes.h"
#ifdef KGPU_HAVE_SPIRV
#include "kgpu/Target/SPIRV/SPIRVTarget.h"
#endif
#ifdef KGPU_HAVE_CPU
#include "kgpu/Target/CPU/CPUTarget.h"
#endif

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace kg = mlir::kgpu;

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
static cl::opt<std::string> emit(
    "emit",
    cl::desc("What to write: mlir (as imported), kgpu (canonicalized), gpu "
             "(the GPU form), llvm (NVVM/LLVM dialect), ptx, cubin, fatbin, "
             "spirv, spirv-asm, glsl, msl, hlsl, cpu (shared object), bundle, "
             "manifest (the bundle's JSON manifest, read back from the bundle)"),
    cl::init("bundle"), cl::cat(category));
static cl::opt<std::string>
    targetsOpt("targets",
               cl::desc("Targets of a bundle, comma-separated: cuda, vulkan, "
                        "cpu (default: all that can compile the input)"),
               cl::init("cuda,vulkan,cpu"), cl::cat(category));
static cl::opt<std::string> chip("chip", cl::desc("CUDA target GPU, sm_50 or newer (default: sm_90a)"),
                                 cl::init("sm_90a"), cl::cat(category));
static cl::opt<std::string>
    cudaPath("cuda-path",
             cl::desc("CUDA toolkit with bin/ptxas and nvvm/libdevice "
                      "(default: CUDA_ROOT, CUDA_HOME, or ptxas on PATH)"),
             cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel", cl::desc("Compile only this kernel"),
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

namespace {

enum class Language { Kgc, Mlir, Unknown };

Language classify(llvm::StringRef name) {
  if (importKgc || name.ends_with(".kgc"))
    return Language::Kgc;
  if (name.ends_with(".mlir"))
    return Language::Mlir;
  return Language::Unknown;
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "kgpu-translate: error: " << message << "\n";
  return 1;
}

bool hasGPUModule(ModuleOp module) {
  return !module.getOps<gpu::GPUModuleOp>().empty();
}

/// Keeps only kernel `name` (device functions stay).
LogicalResult selectKernel(ModuleOp module, StringRef name) {
  bool found = false;
  SmallVector<func::FuncOp> others;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func->hasAttr(kg::KgpuDialect::getKernelAttrName()))
      continue;
    if (func.getName() == name)
      found = true;
    else
      others.push_back(func);
  }
  if (!found)
    return module.emitError("no kernel named '") << name << "' in the input";
  for (func::FuncOp func : others)
    func.erase();
  return success();
}

/// Parses --workgroup-size: 1 to 3 positive integers, at most 1024
/// work-items in all.
std::optional<std::array<int32_t, 3>> parseWorkgroupSize(StringRef text,
                                                         std::string &error) {
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3) {
    error = "needs 1 to 3 sizes (X[,Y[,Z]])";
    return std::nullopt;
  }
  std::array<int32_t, 3> size = {1, 1, 1};
  int64_t total = 1;
  for (auto [i, part] : llvm::enumerate(parts)) {
    unsigned value = 0;
    if (part.trim().getAsInteger(10, value) || value == 0 || value > 1024) {
      error = "'" + part.str() + "' is not a size from 1 to 1024";
      return std::nullopt;
    }
    size[i] = static_cast<int32_t>(value);
    total *= value;
  }
  if (total > kg::KgpuDialect::kMaxWorkgroupItems) {
    error = std::to_string(total) + " work-items exceed the limit of " +
            std::to_string(kg::KgpuDialect::kMaxWorkgroupItems);
    return std::nullopt;
  }
  return size;
}

/// Gives every kernel (kgpu level or GPU form) that does not fix its
/// work-group size the fixed size `size`.
void fixWorkgroupSizes(ModuleOp module, std::array<int32_t, 3> size) {
  module.walk([&](FunctionOpInterface func) {
    bool kernel = func->hasAttr(kg::KgpuDialect::getKernelAttrName());
    if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func.getOperation()))
      kernel |= gpuFunc.isKernel();
    if (!kernel || kg::isKernelWorkgroupSizeFixed(func))
      return;
    func->removeAttr(kg::KgpuDialect::getDefaultWorkgroupSizeAttrName());
    func->setAttr(kg::KgpuDialect::getWorkgroupSizeAttrName(),
                  DenseI32ArrayAttr::get(module.getContext(), size));
  });
}

/// The GPU form of `kgpuLevel` with `localMemory` ("alloc"/"attribution").
FailureOr<OwningOpRef<ModuleOp>> toGPUForm(ModuleOp kgpuLevel,
                                           StringRef localMemory) {
  OwningOpRef<ModuleOp> clone(kgpuLevel.clone());
  if (hasGPUModule(*clone))
    return clone;
  PassManager pm(kgpuLevel.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  kg::buildKgpuToGPUPipeline(pm, localMemory.str());
  if (failed(pm.run(*clone)))
    return failure();
  return clone;
}

/// The output file. Write errors (a full disk, /dev/full, a closed pipe)
/// are reported, not left to abort in the stream's destructor; a partly
/// written regular file is removed, anything else (a device, a pipe) never.
struct Output {
  std::unique_ptr<llvm::ToolOutputFile> file;
  LogicalResult open() {
    std::string error;
    file = openOutputFile(outputFilename, &error);
    if (!file) {
      llvm::errs() << "kgpu-translate: error: " << error << "\n";
      return failure();
    }
    llvm::sys::fs::file_status status;
    if (outputFilename != "-" &&
        !llvm::sys::fs::status(outputFilename, status) &&
        status.type() != llvm::sys::fs::file_type::regular_file)
      file->keep();
    return success();
  }
  /// Writes `bytes` and finishes the file.
  [[nodiscard]] LogicalResult write(StringRef bytes) {
    file->os() << bytes;
    llvm::raw_fd_ostream &os = file->os();
    os.flush();
    if (!os.has_error() && outputFilename != "-")
      os.close();
    if (os.has_error()) {
      llvm::errs() << "kgpu-translate: error: cannot write "
                   << (outputFilename == "-" ? std::string("standard output")
                                             : "'" + outputFilename + "'")
                   << ": " << os.error().message() << "\n";
      os.clear_error();
      return failure();
    }
    file->keep();
    return success();
  }
};

/// The input, read to its end but never past kMaxInputBytes: /dev/zero or a
/// endless pipe is an error, not an unbounded allocation.
constexpr size_t kMaxInputBytes = size_t(64) << 20;

std::unique_ptr<llvm::MemoryBuffer> readInput(StringRef name,
                                              std::string &error) {
  bool isStdin = name == "-";
  llvm::sys::fs::file_t file = llvm::sys::fs::getStdinHandle();
  if (!isStdin) {
    llvm::Expected<llvm::sys::fs::file_t> opened =
        llvm::sys::fs::openNativeFileForRead(name);
    if (!opened) {
      error = "cannot open input file '" + name.str() +
              "': " + llvm::toString(opened.takeError());
      return nullptr;
    }
    file = *opened;
  }
  llvm::scope_exit close([&] {
    if (!isStdin)
      llvm::sys::fs::closeFile(file);
  });
  constexpr size_t chunk = size_t(1) << 16;
  llvm::SmallString<0> data;
  while (true) {
    size_t size = data.size();
    data.resize_for_overwrite(size + chunk);
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFile(
        file, llvm::MutableArrayRef<char>(data.data() + size, chunk));
    if (!read) {
      error = "cannot read input file '" + name.str() +
              "': " + llvm::toString(read.takeError());
      return nullptr;
    }
    data.truncate(size + *read);
    if (*read == 0)
      break;
    if (data.size() > kMaxInputBytes) {
      error = "input file '" + name.str() +
              "' is larger than 64 MiB, the most kgpu-translate reads";
      return nullptr;
    }
  }
  return llvm::MemoryBuffer::getMemBufferCopy(data,
                                              isStdin ? "<stdin>" : name);
}

/// Holds the diagnostics of one target's compilation, to replay them (the
/// target compiled, or the user asked for it) or to sum them up in one
/// warning (a target left out of a default bundle).
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext &context) : context(context) {
    id = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
      diagnostics.push_back(std::move(diag));
      return success();
    });
  }
  ~DiagnosticCapture() { stop(); }
  void stop() {
    if (id)
      context.getDiagEngine().eraseHandler(*id);
    id.reset();
  }
  void replay() {
    stop();
    for (Diagnostic &diag : diagnostics)
      context.getDiagEngine().emit(std::move(diag));
    diagnostics.clear();
  }
  const Diagnostic *firstError() const {
    for (const Diagnostic &diag : diagnostics)
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        return &diag;
    return nullptr;
  }
  unsigned numErrors() const {
    return llvm::count_if(diagnostics, [](const Diagnostic &diag) {
      return diag.getSeverity() == DiagnosticSeverity::Error;
    });
  }

private:
  MLIRContext &context;
  std::optional<DiagnosticEngine::HandlerID> id;
  std::vector<Diagnostic> diagnostics;
};

/// "file:line:col: error: message" (the location when the diagnostic has
/// one).
std::string describe(const Diagnostic &diag) {
  std::string text;
  if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>())
    text = llvm::formatv("{0}:{1}:{2}: ", loc.getFilename().getValue(),
                         loc.getLine(), loc.getColumn())
               .str();
  return text + "error: " + diag.str();
}

/// --fp-contract, or the language's default: on for kgc (as in C), off for
/// the JVM and Kotlin sources (.mlir), whose semantics are exact.
std::string fpContractFor(Language lang) {
  if (!fpContract.empty())
    return fpContract;
  return lang == Language::Kgc ? "on" : "off";
}

kg::NVVMTargetOptions nvvmOptions(Language lang) {
  kg::NVVMTargetOptions options;
  options.chip = chip;
  options.features = kg::getDefaultPTXFeatures(chip);
  options.cudaPath = cudaPath;
  options.fpContract = fpContractFor(lang);
  return options;
}

FailureOr<std::string> compileCUDA(ModuleOp kgpuLevel, kg::NVVMFormat format,
                                   Language lang) {
  FailureOr<OwningOpRef<ModuleOp>> gpuForm =
      toGPUForm(kgpuLevel, "attribution");
  if (failed(gpuForm))
    return failure();
  return kg::compileToNVVMBinary(**gpuForm, format, nvvmOptions(lang));
}

#ifdef KGPU_HAVE_SPIRV
/// The "vulkan" object of a kernel's manifest entry (docs/bundle.md).
llvm::json::Object describeScalarBlock(const kg::SPIRVScalarBlock &block) {
  using Storage = kg::SPIRVScalarBlock::Storage;
  llvm::json::Object scalars;
  scalars["storage"] = block.storage == Storage::PushConstant ? "push_constant"
                       : block.storage == Storage::StorageBuffer
                           ? "storage_buffer"
                           : "none";
  if (block.storage == Storage::StorageBuffer)
    scalars["binding"] = block.binding;
  scalars["size"] = block.size;
  llvm::json::Array members;
  for (auto [param, offset] : block.members)
    members.push_back(llvm::json::Object{{"param", param}, {"offset", offset}});
  scalars["members"] = std::move(members);
  return llvm::json::Object{{"scalars", std::move(scalars)}};
}
#endif

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // -mlir-print-debuginfo, -mlir-print-ir-after-all, ...
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  kg::registerKgpuNVVMTarget();
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

  static const char *const emitKinds[] = {
      "mlir", "kgpu",      "gpu",  "llvm", "ptx", "cubin", "fatbin", "spirv",
      "spirv-asm", "glsl", "msl",  "hlsl", "cpu", "bundle", "manifest"};
  if (!llvm::is_contained(emitKinds, emit))
    return fail("unknown --emit=" + emit +
                " (mlir, kgpu, gpu, llvm, ptx, cubin, fatbin, spirv, "
                "spirv-asm, glsl, msl, hlsl, cpu, bundle, manifest)");
  if (!fpContract.empty() && fpContract != "off" && fpContract != "on" &&
      fpContract != "fast")
    return fail("--fp-contract must be off, on or fast");
  std::optional<std::array<int32_t, 3>> fixedWorkgroupSize;
  if (workgroupSizeOpt.getNumOccurrences()) {
    std::string error;
    fixedWorkgroupSize = parseWorkgroupSize(workgroupSizeOpt, error);
    if (!fixedWorkgroupSize)
      return fail("--workgroup-size=" + workgroupSizeOpt + ": " + error);
  }
  if (std::optional<std::string> error = kg::checkNVVMChip(chip))
    return fail("--chip='" + chip + "' is " + *error);

  Language lang = classify(inputFilename);
  if (lang == Language::Unknown)
    return fail("cannot tell the language of '" + inputFilename +
                "' from its extension (.kgc or .mlir); use --import-kgc");

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      readInput(inputFilename, errorMessage);
  if (!input)
    return fail(errorMessage);

  DialectRegistry registry;
  registry.insert<kg::KgpuDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  // Diagnostics print with the source line; kgc's with kgc's line rules.
  auto makeHandler = [&](llvm::SourceMgr &sourceMgr, MLIRContext &context)
      -> std::unique_ptr<ScopedDiagnosticHandler> {
    if (lang == Language::Kgc)
      return std::make_unique<::kgpu::kgc::SourceDiagnosticHandler>(sourceMgr,
                                                                    &context);
    return std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, &context);
  };
  auto import = [&](llvm::SourceMgr &sourceMgr,
                    MLIRContext &context) -> OwningOpRef<ModuleOp> {
    if (lang == Language::Kgc)
      return ::kgpu::kgc::importKGC(sourceMgr, sourceMgr.getMainFileID(),
                                    context);
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  };
  if (verifyDiagnostics || splitInputFile) {
    if (emit != "mlir")
      return fail("--verify-diagnostics and --split-input-file check the "
                  "import: use them with --emit=mlir");
    std::string text;
    llvm::raw_string_ostream os(text);
    LogicalResult result = kg::splitAndVerify(
        std::move(input), registry, {splitInputFile, verifyDiagnostics}, os,
        [&](llvm::SourceMgr &sourceMgr, MLIRContext &context,
            raw_ostream &os) -> LogicalResult {
          OwningOpRef<ModuleOp> module = import(sourceMgr, context);
          if (!module)
            return failure();
          module->print(os);
          os << "\n";
          return success();
        },
        makeHandler);
    Output out;
    if (failed(out.open()) || failed(out.write(text)))
      return 1;
    return failed(result);
  }

  MLIRContext context(registry);
  // Diagnostics point at the source; do not dump the IR with them.
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), {});
  std::unique_ptr<ScopedDiagnosticHandler> handler =
      makeHandler(sourceMgr, context);
  OwningOpRef<ModuleOp> module = import(sourceMgr, context);
  if (!module)
    return 1;
  if (!kernelName.empty() && failed(selectKernel(*module, kernelName)))
    return 1;
  if (fixedWorkgroupSize)
    fixWorkgroupSizes(*module, *fixedWorkgroupSize);

  Output out;
  if (emit == "mlir") {
    if (failed(out.open()))
      return 1;
    module->print(out.file->os());
    return failed(out.write("\n"));
  }

  // What runs after every frontend (SSA, structuring, buffer access,
  // convergence): kgpu-frontend-cleanup. `--emit=mlir` above is the
  // frontend's own output.
  if (lang != Language::Mlir) {
    PassManager pm(&context);
    if (failed(applyPassManagerCLOptions(pm)))
      return 1;
    kg::buildFrontendCleanupPipeline(pm);
    if (failed(pm.run(*module)))
      return 1;
  }

  // The canonical kgpu level.
  {
    PassManager pm(&context);
    if (failed(applyPassManagerCLOptions(pm)))
      return 1;
    if (checkBounds) {
      // Device functions are inlined first, so that each access is checked
      // against the kernel buffer it reaches.
      pm.addPass(createInlinerPass());
      pm.addPass(kg::createKgpuCheckBounds());
    }
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    // What no target could compile, once, before any target runs.
    pm.addPass(kg::createKgpuVerifyABI());
    if (failed(pm.run(*module)))
      return 1;
  }
  if (emit == "kgpu" || emit == "gpu") {
    OwningOpRef<ModuleOp> printed;
    if (emit == "gpu") {
      FailureOr<OwningOpRef<ModuleOp>> gpuForm = toGPUForm(*module, "alloc");
      if (failed(gpuForm))
        return 1;
      printed = std::move(*gpuForm);
    }
    if (failed(out.open()))
      return 1;
    (printed ? *printed : *module)->print(out.file->os());
    return failed(out.write("\n"));
  }

  if (emit == "llvm") {
    FailureOr<OwningOpRef<ModuleOp>> gpuForm =
        toGPUForm(*module, "attribution");
    if (failed(gpuForm) || failed(kg::lowerToNVVM(**gpuForm, nvvmOptions(lang))))
      return 1;
    if (failed(out.open()))
      return 1;
    (*gpuForm)->print(out.file->os());
    return failed(out.write("\n"));
  }

  if (emit == "ptx" || emit == "cubin" || emit == "fatbin") {
    kg::NVVMFormat format = llvm::StringSwitch<kg::NVVMFormat>(emit)
                                  .Case("ptx", kg::NVVMFormat::PTX)
                                  .Case("cubin", kg::NVVMFormat::Cubin)
                                  .Default(kg::NVVMFormat::Fatbin);
    FailureOr<std::string> bytes = compileCUDA(*module, format, lang);
    if (failed(bytes) || failed(out.open()))
      return 1;
    return failed(out.write(*bytes));
  }

#ifdef KGPU_HAVE_SPIRV
  kg::SPIRVTargetOptions spirvOptions;
  spirvOptions.fpContract = fpContractFor(lang);
  auto compileVulkan = [&]() -> FailureOr<SmallVector<kg::SPIRVKernel>> {
    FailureOr<OwningOpRef<ModuleOp>> gpuForm = toGPUForm(*module, "alloc");
    if (failed(gpuForm))
      return failure();
    return kg::compileToSPIRV(**gpuForm, spirvOptions);
  };
  if (emit == "spirv-asm") {
    FailureOr<OwningOpRef<ModuleOp>> gpuForm = toGPUForm(*module, "alloc");
    if (failed(gpuForm))
      return 1;
    FailureOr<OwningOpRef<ModuleOp>> spirv =
        kg::lowerToSPIRVDialect(**gpuForm, spirvOptions);
    if (failed(spirv) || failed(out.open()))
      return 1;
    (*spirv)->print(out.file->os());
    return failed(out.write("\n"));
  }
  if (emit == "spirv" || emit == "glsl" || emit == "msl" || emit == "hlsl") {
    FailureOr<SmallVector<kg::SPIRVKernel>> kernels = compileVulkan();
    if (failed(kernels))
      return 1;
    if (kernels->size() != 1 && emit == "spirv")
      return fail("--emit=spirv writes one kernel's binary, but the input "
                  "has " +
                  llvm::Twine(kernels->size()) + "; pick one with --kernel");
    if (failed(out.open()))
      return 1;
    if (emit == "spirv") {
      const std::vector<uint32_t> &words = kernels->front().words;
      return failed(
          out.write(StringRef(reinterpret_cast<const char *>(words.data()),
                              words.size() * sizeof(uint32_t))));
    }
    kg::ShadingLanguage language =
        emit == "glsl"  ? kg::ShadingLanguage::GLSL
        : emit == "msl" ? kg::ShadingLanguage::MSL
                        : kg::ShadingLanguage::HLSL;
    std::string text;
    for (const kg::SPIRVKernel &k : *kernels) {
      std::string error;
      FailureOr<std::string> source =
          kg::crossCompile(k.words, k.name, language, error);
      if (failed(source))
        return fail("cross-compiling '" + k.name + "': " + error);
      text += *source;
    }
    return failed(out.write(text));
  }
#else
  if (emit == "spirv" || emit == "spirv-asm" || emit == "glsl" ||
      emit == "msl" || emit == "hlsl")
    return fail("this kgpu-translate was built without the SPIR-V target");
#endif

#ifdef KGPU_HAVE_CPU
  kg::CPUTargetOptions cpuOptions;
  auto compileCPU = [&]() -> FailureOr<std::string> {
    FailureOr<OwningOpRef<ModuleOp>> gpuForm = toGPUForm(*module, "alloc");
    if (failed(gpuForm))
      return failure();
    return kg::compileToSharedObject(**gpuForm, cpuOptions);
  };
  if (emit == "cpu") {
    FailureOr<std::string> so = compileCPU();
    if (failed(so) || failed(out.open()))
      return 1;
    return failed(out.write(*so));
  }
#else
  if (emit == "cpu")
    return fail("this kgpu-translate was built without the CPU target");
#endif

  // A bundle: one payload per requested target. By default (no --targets) a
  // target that cannot compile the input is left out, with a warning and
  // the reason under the manifest's "omitted_targets"; one the user named is
  // an error.
  SmallVector<StringRef> requested;
  StringRef(targetsOpt).split(requested, ',', -1, false);
  bool explicitTargets = targetsOpt.getNumOccurrences() > 0;
  for (StringRef target : requested)
    if (target != "cuda" && target != "vulkan" && target != "cpu")
      return fail("unknown target '" + target +
                  "' in --targets (cuda, vulkan, cpu)");
  [[maybe_unused]] auto notBuilt = [&](StringRef what) {
    return emitError(UnknownLoc::get(&context))
           << "this kgpu-translate was built without the " << what
           << " target";
  };
  // The scalar-argument block of each Vulkan kernel, for the manifest.
  llvm::StringMap<llvm::json::Object> vulkanABI;
  auto compileTarget =
      [&](StringRef target,
          std::vector<::kgpu::bundle::Payload> &out) -> LogicalResult {
    if (target == "cuda") {
      FailureOr<std::string> ptx =
          compileCUDA(*module, kg::NVVMFormat::PTX, lang);
      if (failed(ptx))
        return failure();
      out.push_back({"cuda", "ptx", "", *ptx});
      // A cubin too when ptxas is available: no JIT at load time.
      if (kg::findCUDAToolkit(cudaPath)) {
        FailureOr<std::string> cubin =
            compileCUDA(*module, kg::NVVMFormat::Cubin, lang);
        if (failed(cubin))
          return failure();
        out.push_back({"cuda", "cubin:" + chip, "", *cubin});
      }
      return success();
    }
    if (target == "vulkan") {
#ifdef KGPU_HAVE_SPIRV
      FailureOr<SmallVector<kg::SPIRVKernel>> kernels = compileVulkan();
      if (failed(kernels))
        return failure();
      for (const kg::SPIRVKernel &k : *kernels) {
        vulkanABI[k.name] = describeScalarBlock(k.scalars);
        out.push_back(
            {"vulkan", "spirv", k.name,
             std::string(reinterpret_cast<const char *>(k.words.data()),
                         k.words.size() * sizeof(uint32_t))});
      }
      return success();
#else
      return notBuilt("SPIR-V");
#endif
    }
#ifdef KGPU_HAVE_CPU
    FailureOr<std::string> so = compileCPU();
    if (failed(so))
      return failure();
    out.push_back({"cpu", "elf-shared-object", "", *so});
    return success();
#else
    return notBuilt("CPU");
#endif
  };

  std::vector<std::string> targets;
  std::vector<::kgpu::bundle::Payload> payloads;
  llvm::json::Object omitted;
  std::vector<std::pair<StringRef, std::unique_ptr<DiagnosticCapture>>>
      failures;
  for (StringRef target : requested) {
    if (llvm::is_contained(targets, target) || omitted.get(target))
      continue;
    auto capture = std::make_unique<DiagnosticCapture>(context);
    std::vector<::kgpu::bundle::Payload> out;
    LogicalResult compiled = compileTarget(target, out);
    capture->stop();
    if (succeeded(compiled)) {
      capture->replay();
      targets.push_back(target.str());
      llvm::append_range(payloads, std::move(out));
      continue;
    }
    if (explicitTargets) {
      capture->replay();
      return 1;
    }
    const Diagnostic *error = capture->firstError();
    omitted[target] = error ? describe(*error) : "it failed";
    failures.push_back({target, std::move(capture)});
  }
  if (targets.empty()) {
    if (requested.empty())
      return fail("--targets names no target");
    for (auto &[target, capture] : failures)
      capture->replay();
    return fail("no target can compile '" + inputFilename + "' (" +
                targetsOpt + ")");
  }
  for (auto &[target, capture] : failures) {
    const Diagnostic *error = capture->firstError();
    InFlightDiagnostic warning =
        emitWarning(error ? error->getLocation() : UnknownLoc::get(&context))
        << "leaving the " << target << " payload out of the bundle: "
        << (error ? error->str() : std::string("it failed"));
    if (unsigned more = capture->numErrors(); more > 1)
      warning << " (and " << more - 1 << " more error" << (more > 2 ? "s" : "")
              << "; --targets=" << target << " shows them)";
  }
  FailureOr<OwningOpRef<ModuleOp>> gpuForm = toGPUForm(*module, "alloc");
  if (failed(gpuForm))
    return 1;
  llvm::json::Object manifest = kg::buildManifest(
      *module, **gpuForm, llvm::sys::path::filename(inputFilename),
      lang == Language::Kgc ? "kgc" : "mlir", targets, vulkanABI);
  if (!omitted.empty())
    manifest["omitted_targets"] = std::move(omitted);
  std::string bundle = ::kgpu::bundle::write(std::move(manifest), payloads);
  if (failed(out.open()))
    return 1;
  if (emit == "manifest") {
    llvm::Expected<::kgpu::bundle::Bundle> parsed =
        ::kgpu::bundle::read(bundle);
    if (!parsed)
      return fail(llvm::toString(parsed.takeError()));
    std::string json;
    llvm::raw_string_ostream os(json);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(parsed->manifest)))
       << "\n";
    return failed(out.write(os.str()));
  }
  return failed(out.write(bundle));
}
