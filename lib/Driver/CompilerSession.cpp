//===- CompilerSession.cpp - the kgpu compiler as a library ---------------===//
//
// import (frontend registry) -> kgpu level (canonicalize, cse, ABI check)
// -> the GPU form, once -> per target: TargetBackend lower + serialize ->
// bundle. Errors are located diagnostics through the session's context, or
// "<tool>: error: ..." lines for what has no location.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Driver/CompilerSession.h"
#include "kgpu/Transforms/Canonicalize.h"

#include "kgpu/Bundle/Bundle.h"
#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Dialect/Kgpu/Utils/KernelAttrs.h"
#include "kgpu/Frontend/Common/SplitAndVerify.h"
#include "kgpu/Frontend/Registry.h"
#include "kgpu/InitAll.h"
#include "kgpu/Pipelines/Pipelines.h"
#include "kgpu/Target/Bundle/Manifest.h"
#include "kgpu/Target/TargetBackend.h"
#include "kgpu/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace mlir::kgpu;

namespace {

const char *const kEmitKinds[] = {
    "mlir",      "kgpu", "gpu", "llvm", "ptx", "cubin",  "fatbin",  "spirv",
    "spirv-asm", "glsl", "msl", "hlsl", "cpu", "bundle", "manifest"};

/// The target (and what it is called in "built without the ... target")
/// that writes each --emit kind, for a build without that backend.
struct TargetName {
  StringRef name, what;
};
TargetName getTargetOfEmitKind(StringRef kind) {
  if (kind == "cpu")
    return {"cpu", "CPU"};
  if (kind == "spirv" || kind == "spirv-asm" || kind == "glsl" ||
      kind == "msl" || kind == "hlsl")
    return {"vulkan", "SPIR-V"};
  return {"cuda", "CUDA"};
}
StringRef describeTarget(StringRef name) {
  return name == "cpu" ? "CPU" : name == "vulkan" ? "SPIR-V" : "CUDA";
}

/// Keeps only kernel `name` (device functions stay).
LogicalResult selectKernel(ModuleOp module, StringRef name) {
  bool found = false;
  SmallVector<func::FuncOp> others;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!isKernel(func))
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

/// Gives every kernel (kgpu level or GPU form) that does not fix its
/// work-group size the fixed size `size`.
void fixWorkgroupSizes(ModuleOp module, std::array<int32_t, 3> size) {
  module.walk([&](FunctionOpInterface func) {
    if (isKernelOfAnyForm(func) && !isKernelWorkgroupSizeFixed(func))
      setFixedWorkgroupSize(func, size);
  });
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
  return llvm::MemoryBuffer::getMemBufferCopy(data, isStdin ? "<stdin>" : name);
}

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  os << "\n";
  return text;
}

} // namespace

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

StringRef mlir::kgpu::getDefaultTargets() { return "cuda,vulkan,cpu"; }

std::optional<std::array<int32_t, 3>>
mlir::kgpu::parseWorkgroupSize(StringRef text, std::string &error) {
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
  if (total > KgpuDialect::kMaxWorkgroupItems) {
    error = std::to_string(total) + " work-items exceed the limit of " +
            std::to_string(KgpuDialect::kMaxWorkgroupItems);
    return std::nullopt;
  }
  return size;
}

void mlir::kgpu::registerCompilerComponents() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerMLIRFrontend();
    registerKGCFrontend();
    registerJVMFrontend();
    registerKotlinIRFrontend();
#define KGPU_TARGET_BACKEND(Name) register##Name##TargetBackend();
#include "kgpu/Target/Backends.def"
  });
}

void mlir::kgpu::registerCompilerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerKgpuPasses();
    registerKgpuConversionPasses();
    registerKgpuPipelines();
    registerKgpuJVMPasses();
  });
}

std::optional<std::string>
mlir::kgpu::checkOptions(const CompilerOptions &options) {
  registerCompilerComponents();
  if (!llvm::is_contained(kEmitKinds, options.emit))
    return "unknown --emit=" + options.emit +
           " (mlir, kgpu, gpu, llvm, ptx, cubin, fatbin, spirv, "
           "spirv-asm, glsl, msl, hlsl, cpu, bundle, manifest)";
  if (!options.fpContract.empty() && !parseFPContract(options.fpContract))
    return std::string("--fp-contract must be off, on or fast");
  if (const TargetBackend *cuda = lookupTargetBackend("cuda")) {
    TargetConfig config;
    config.nvvm.chip = options.chip;
    if (std::optional<std::string> error = cuda->checkConfig(config))
      return *error;
  }
  if (!options.language.empty() && !lookupFrontend(options.language))
    return "unknown input language '" + options.language + "'";
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// CompilerSession
//===----------------------------------------------------------------------===//

struct CompilerSession::Impl {
  Impl(CompilerOptions options, llvm::raw_ostream &errs)
      : options(std::move(options)), errs(errs) {
    registerCompilerComponents();
    mlir::kgpu::registerAllDialects(registry);
    context = std::make_unique<MLIRContext>(registry);
    // Diagnostics point at the source; do not dump the IR with them.
    context->printOpOnDiagnostic(false);
  }

  void fail(const Twine &message) {
    errs << options.toolName << ": error: " << message << "\n";
    if (callback)
      callback(
          DiagnosticRecord{"", 0, 0, DiagnosticSeverity::Error, message.str()});
  }

  void record(const Diagnostic &diag) {
    if (!callback)
      return;
    auto emitOne = [&](const Diagnostic &d) {
      DiagnosticRecord record;
      if (auto loc = d.getLocation()->findInstanceOf<FileLineColLoc>()) {
        record.file = loc.getFilename().str();
        record.line = loc.getLine();
        record.column = loc.getColumn();
      }
      record.severity = d.getSeverity();
      record.message = d.str();
      callback(record);
    };
    emitOne(diag);
    for (const Diagnostic &note : diag.getNotes())
      emitOne(note);
  }

  /// The options of every target, from the session's options and the
  /// source language's fp-contract default.
  void configureTargets(TargetConfig &config, const SourceLanguage &lang) {
    std::string fpContract =
        stringifyFPContract(options.fpContract.empty()
                                ? lang.fpContract
                                : *parseFPContract(options.fpContract))
            .str();
    config.nvvm.chip = options.chip;
    config.nvvm.cudaPath = options.cudaPath;
    config.nvvm.fpContract = fpContract;
    config.spirv.fpContract = fpContract;
    // Java's and Kotlin's f32 math functions are the double ones rounded
    // once; Vulkan's own f32 functions are looser (docs/codegen.md).
    if (lang.mathSemantics == "jvm")
      config.spirv.f32Math = "f64";
    // The CPU never contracts; its options keep their defaults.
    config.fail = [this](const Twine &message) { fail(message); };
  }

  /// The GPU form of `kgpuLevel`, computed by the first call.
  FailureOr<ModuleOp> getGPUForm(ModuleOp kgpuLevel) {
    if (gpuForm)
      return **gpuForm;
    OwningOpRef<ModuleOp> clone(kgpuLevel.clone());
    if (clone->getOps<gpu::GPUModuleOp>().empty()) {
      PassManager pm(context.get());
      (void)applyPassManagerCLOptions(pm);
      buildKgpuToGPUPipeline(pm);
      ++numGPUFormRuns;
      if (failed(pm.run(*clone)))
        return failure();
    }
    gpuForm = std::move(clone);
    return **gpuForm;
  }

  FailureOr<std::string> compile(std::unique_ptr<llvm::MemoryBuffer> input,
                                 StringRef filename);

  static std::shared_ptr<ScopedDiagnosticHandler>
  makeDiagnosticHandler(const FrontendInfo &frontend,
                        llvm::SourceMgr &sourceMgr, MLIRContext &context,
                        llvm::raw_ostream &os) {
    if (frontend.makeDiagnosticHandler)
      return frontend.makeDiagnosticHandler(sourceMgr, context, os);
    return std::make_shared<SourceMgrDiagnosticHandler>(sourceMgr, &context,
                                                        os);
  }

  /// --verify-diagnostics / --split-input-file: imports each part of
  /// `input` on its own (with --emit=mlir), checking or printing its
  /// diagnostics.
  FailureOr<std::string>
  importParts(const FrontendInfo &frontend,
              std::unique_ptr<llvm::MemoryBuffer> input,
              const ImportOptions &importOptions) {
    if (options.emit != "mlir") {
      fail("--verify-diagnostics and --split-input-file check the import: "
           "use them with --emit=mlir");
      return failure();
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    LogicalResult result = splitAndVerify(
        std::move(input), registry,
        {options.splitInputFile, options.verifyDiagnostics}, os,
        [&](llvm::SourceMgr &sourceMgr, MLIRContext &partContext,
            raw_ostream &os) -> LogicalResult {
          OwningOpRef<ModuleOp> module =
              importWith(frontend, sourceMgr, sourceMgr.getMainFileID(),
                         partContext, importOptions);
          if (!module)
            return failure();
          module->print(os);
          os << "\n";
          return success();
        },
        [&](llvm::SourceMgr &sourceMgr, MLIRContext &partContext) {
          return makeDiagnosticHandler(frontend, sourceMgr, partContext, errs);
        });
    // The parts' output is written even when a check failed, as mlir-opt
    // does.
    partsOutput = text;
    if (failed(result))
      return failure();
    return text;
  }
  FailureOr<std::string> compileBundle(ModuleOp module, StringRef filename,
                                       const SourceLanguage &lang);

  CompilerOptions options;
  llvm::raw_ostream &errs;
  DialectRegistry registry;
  /// What --split-input-file printed, also when a part failed.
  std::string partsOutput;
  std::unique_ptr<MLIRContext> context;
  std::function<void(const DiagnosticRecord &)> callback;
  std::optional<OwningOpRef<ModuleOp>> gpuForm;
  unsigned numGPUFormRuns = 0;
  /// The path of the input being compiled (compileFile); empty for a buffer.
  std::string inputPath;
};

FailureOr<std::string>
CompilerSession::Impl::compile(std::unique_ptr<llvm::MemoryBuffer> input,
                               StringRef filename) {
  gpuForm.reset();
  const FrontendInfo *frontend = options.language.empty()
                                     ? lookupFrontendForFile(filename)
                                     : lookupFrontend(options.language);
  if (!frontend && options.language.empty() && !inputPath.empty() &&
      llvm::sys::fs::is_directory(inputPath))
    frontend = lookupFrontendForDirectory();
  if (!frontend) {
    fail("cannot tell the language of '" + filename + "' from its extension (" +
         describeFrontendExtensions() + "); use --import-kgc");
    return failure();
  }

  ImportOptions importOptions;
  importOptions.inputPath = inputPath;
  if (frontend->selectsKernels)
    importOptions.kernel = options.kernel;

  if (options.verifyDiagnostics || options.splitInputFile)
    return importParts(*frontend, std::move(input), importOptions);

  llvm::SourceMgr sourceMgr;
  unsigned bufferId = sourceMgr.AddNewSourceBuffer(std::move(input), {});
  // Diagnostics print with the source line and a caret (with the frontend's
  // own line rules where it has them).
  std::shared_ptr<ScopedDiagnosticHandler> handler =
      makeDiagnosticHandler(*frontend, sourceMgr, *context, errs);
  // Registered after the printer, so it sees every diagnostic first.
  DiagnosticEngine::HandlerID recorder =
      context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
        record(diag);
        return failure();
      });
  llvm::scope_exit unregister(
      [&] { context->getDiagEngine().eraseHandler(recorder); });

  OwningOpRef<ModuleOp> module =
      importWith(*frontend, sourceMgr, bufferId, *context, importOptions);
  if (!module)
    return failure();
  std::optional<SourceLanguage> lang = SourceLanguage::readFrom(*module);
  if (!lang) {
    lang = frontend->language;
    if (frontend->recordLanguage)
      lang->attachTo(*module);
  }

  if (!options.kernel.empty() && !frontend->selectsKernels &&
      failed(selectKernel(*module, options.kernel)))
    return failure();
  if (options.workgroupSize)
    fixWorkgroupSizes(*module, *options.workgroupSize);
  if (options.emit == "mlir")
    return print(*module);

  // What runs after every frontend (SSA, structuring, buffer access,
  // convergence): kgpu-frontend-cleanup. `--emit=mlir` above is the
  // frontend's own output.
  if (frontend->runCleanup) {
    PassManager pm(context.get());
    (void)applyPassManagerCLOptions(pm);
    buildFrontendCleanupPipeline(pm);
    if (frontend->extendCleanup)
      frontend->extendCleanup(pm);
    if (failed(pm.run(*module)))
      return failure();
  }

  // The canonical kgpu level.
  {
    PassManager pm(context.get());
    (void)applyPassManagerCLOptions(pm);
    if (options.checkBounds) {
      // Device functions are inlined first, so that each access is checked
      // against the kernel buffer it reaches.
      pm.addPass(createInlinerPass());
      pm.addPass(createKgpuCheckBounds());
    }
    pm.addPass(createKgpuCanonicalizerPass());
    pm.addPass(createCSEPass());
    // What no target could compile, once, before any target runs.
    pm.addPass(createKgpuVerifyABI());
    if (failed(pm.run(*module)))
      return failure();
  }
  if (options.emit == "kgpu")
    return print(*module);

  if (options.emit == "bundle" || options.emit == "manifest")
    return compileBundle(*module, filename, *lang);

  FailureOr<ModuleOp> gpu = getGPUForm(*module);
  if (failed(gpu))
    return failure();
  if (options.emit == "gpu")
    return print(*gpu);
  const TargetBackend *backend = lookupTargetBackendForEmit(options.emit);
  if (!backend) {
    fail("this " + options.toolName + " was built without the " +
         getTargetOfEmitKind(options.emit).what.str() + " target");
    return failure();
  }
  TargetConfig config;
  configureTargets(config, *lang);
  return backend->emit(*gpu, options.emit, config);
}

FailureOr<std::string>
CompilerSession::Impl::compileBundle(ModuleOp module, StringRef filename,
                                     const SourceLanguage &lang) {
  // One payload per requested target. By default (no --targets) a target
  // that cannot compile the input is left out, with a warning and the
  // reason under the manifest's "omitted_targets"; one the user named is an
  // error.
  std::string targetList =
      options.targets ? *options.targets : getDefaultTargets().str();
  SmallVector<StringRef> requested;
  StringRef(targetList).split(requested, ',', -1, false);
  bool explicitTargets = options.targets.has_value();
  for (StringRef target : requested)
    if (target != "cuda" && target != "vulkan" && target != "cpu") {
      fail("unknown target '" + target + "' in --targets (cuda, vulkan, cpu)");
      return failure();
    }

  // The GPU form once, for every target and the manifest.
  auto gpuCapture = std::make_unique<DiagnosticCapture>(*context);
  FailureOr<ModuleOp> gpu = getGPUForm(module);
  gpuCapture->stop();
  gpuCapture->replay();
  if (failed(gpu)) {
    if (!explicitTargets && !requested.empty())
      fail("no target can compile '" + filename + "' (" + targetList + ")");
    return failure();
  }

  TargetConfig config;
  configureTargets(config, lang);
  std::vector<std::string> targets;
  std::vector<::kgpu::bundle::Payload> payloads;
  llvm::StringMap<llvm::StringMap<llvm::json::Object>> kernelManifests;
  llvm::json::Object omitted;
  std::vector<std::pair<StringRef, std::unique_ptr<DiagnosticCapture>>>
      failures;
  for (StringRef target : requested) {
    if (llvm::is_contained(targets, target) || omitted.get(target))
      continue;
    auto capture = std::make_unique<DiagnosticCapture>(*context);
    TargetResult result;
    LogicalResult compiled = failure();
    if (const TargetBackend *backend = lookupTargetBackend(target))
      compiled = backend->compile(*gpu, config, result);
    else
      emitError(UnknownLoc::get(context.get()))
          << "this " << options.toolName << " was built without the "
          << describeTarget(target) << " target";
    capture->stop();
    if (succeeded(compiled)) {
      capture->replay();
      targets.push_back(target.str());
      llvm::append_range(payloads, std::move(result.payloads));
      kernelManifests[target] = std::move(result.kernelManifest);
      continue;
    }
    if (explicitTargets) {
      capture->replay();
      return failure();
    }
    const Diagnostic *error = capture->firstError();
    omitted[target] = error ? describe(*error) : "it failed";
    failures.push_back({target, std::move(capture)});
  }
  if (targets.empty()) {
    if (requested.empty()) {
      fail("--targets names no target");
      return failure();
    }
    for (auto &[target, capture] : failures)
      capture->replay();
    fail("no target can compile '" + filename + "' (" + targetList + ")");
    return failure();
  }
  for (auto &[target, capture] : failures) {
    const Diagnostic *error = capture->firstError();
    InFlightDiagnostic warning =
        emitWarning(error ? error->getLocation()
                          : UnknownLoc::get(context.get()))
        << "leaving the " << target << " payload out of the bundle: "
        << (error ? error->str() : std::string("it failed"));
    if (unsigned more = capture->numErrors(); more > 1)
      warning << " (and " << more - 1 << " more error" << (more > 2 ? "s" : "")
              << "; --targets=" << target << " shows them)";
  }
  llvm::json::Object manifest =
      buildManifest(module, *gpu, llvm::sys::path::filename(filename),
                    lang.name, targets, kernelManifests["vulkan"]);
  if (!omitted.empty())
    manifest["omitted_targets"] = std::move(omitted);
  std::string bundle = ::kgpu::bundle::write(std::move(manifest), payloads);
  if (options.emit != "manifest")
    return bundle;
  llvm::Expected<::kgpu::bundle::Bundle> parsed = ::kgpu::bundle::read(bundle);
  if (!parsed) {
    fail(llvm::toString(parsed.takeError()));
    return failure();
  }
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(parsed->manifest)))
     << "\n";
  return json;
}

CompilerSession::CompilerSession(CompilerOptions options,
                                 llvm::raw_ostream &errs)
    : impl(std::make_unique<Impl>(std::move(options), errs)) {}

CompilerSession::~CompilerSession() = default;

void CompilerSession::setDiagnosticCallback(
    std::function<void(const DiagnosticRecord &)> callback) {
  impl->callback = std::move(callback);
}

FailureOr<std::string>
CompilerSession::compile(std::unique_ptr<llvm::MemoryBuffer> input,
                         StringRef filename) {
  std::string name =
      filename.empty() ? input->getBufferIdentifier().str() : filename.str();
  impl->inputPath.clear();
  return impl->compile(std::move(input), name);
}

FailureOr<std::string> CompilerSession::compileFile(StringRef filename) {
  impl->inputPath = filename == "-" ? "" : filename.str();
  // A directory (a JVM class path): the frontend that reads directories
  // gets its path and an empty buffer.
  if (filename != "-" && llvm::sys::fs::is_directory(filename)) {
    const FrontendInfo *frontend = impl->options.language.empty()
                                       ? lookupFrontendForDirectory()
                                       : lookupFrontend(impl->options.language);
    if (!frontend || !frontend->readsDirectories) {
      fail("'" + filename + "' is a directory, which " +
           (frontend ? "the " + frontend->name + " frontend does not read"
                     : std::string("no frontend reads")));
      return failure();
    }
    return impl->compile(llvm::MemoryBuffer::getMemBuffer("", filename),
                         filename);
  }
  // The language first: an unknown extension is an error before any read.
  if (impl->options.language.empty() && !lookupFrontendForFile(filename)) {
    fail("cannot tell the language of '" + filename + "' from its extension (" +
         describeFrontendExtensions() + "); use --import-kgc");
    return failure();
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = readInput(filename, error);
  if (!input) {
    fail(error);
    return failure();
  }
  return impl->compile(std::move(input), filename);
}

void CompilerSession::fail(const Twine &message) { impl->fail(message); }

StringRef CompilerSession::getPartsOutput() const { return impl->partsOutput; }

unsigned CompilerSession::getNumGPUFormRuns() const {
  return impl->numGPUFormRuns;
}

MLIRContext &CompilerSession::getContext() { return *impl->context; }
