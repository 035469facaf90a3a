//===- CPUTarget.cpp - GPU-form modules to native CPU code ----------------===//
//
// lowerToLLVMDialect runs the `kgpu-gpu-to-cpu-llvm` pipeline on a clone;
// compileToObject translates to LLVM IR, runs LLVM's O-level pipeline with
// vectorization and emits a PIC object with a TargetMachine in process;
// compileToSharedObject links that object with `cc -shared`.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/CPU/CPUTarget.h"

#include "kgpu/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <mutex>

using namespace mlir;

namespace {

void initializeNativeTarget() {
  static std::once_flag flag;
  std::call_once(flag, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // `llvm.inline_asm` is parsed by the target's assembly parser while the
    // object is emitted; without it the AsmPrinter aborts.
    llvm::InitializeNativeTargetAsmParser();
  });
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(Location loc, const kgpu::CPUOptions &options) {
  initializeNativeTarget();
  llvm::Triple triple(options.triple.empty()
                          ? llvm::sys::getDefaultTargetTriple()
                          : options.triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    emitError(loc) << "CPU target: no LLVM target for triple '" << triple.str()
                   << "' (only the host architecture is "
                   << "linked in): " << error;
    return nullptr;
  }
  std::string cpu = options.cpu;
  std::string features = options.features;
  if (cpu == "native") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SmallVector<std::string> list;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      list.push_back((feature.second ? "+" : "-") + feature.first().str());
    features = llvm::join(list, ",");
  }
  llvm::TargetOptions targetOptions;
  // Bit-identical + - * / with the GPUs: never fuse a multiply and an add.
  targetOptions.AllowFPOpFusion = llvm::FPOpFusion::Strict;
  llvm::CodeGenOptLevel level =
      options.optLevel == 0   ? llvm::CodeGenOptLevel::None
      : options.optLevel == 1 ? llvm::CodeGenOptLevel::Less
      : options.optLevel == 2 ? llvm::CodeGenOptLevel::Default
                              : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(
      target->createTargetMachine(triple, cpu, features, targetOptions,
                                  llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine)
    emitError(loc) << "CPU target: cannot create a target machine for '"
                   << triple.str() << "', CPU '" << cpu << "'";
  return machine;
}

/// Loops with more instructions than this are not loop-vectorized. LLVM's
/// loop vectorizer takes time quadratic in the size of a loop body
/// (VPlan's recursive single-scalar queries over long dependence chains):
/// a 40,000-statement kernel body would take minutes. Work-item loops this
/// large are rare and gain little from vectorization next to their size.
constexpr unsigned kMaxVectorizedLoopInstructions = 1500;

/// Marks the loops that are too large for the loop vectorizer with
/// `llvm.loop.vectorize.enable = false` (runs right before it).
struct LimitLoopVectorizationPass
    : llvm::PassInfoMixin<LimitLoopVectorizationPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses) {
    llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(function);
    for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
      unsigned size = 0;
      for (llvm::BasicBlock *block : loop->blocks())
        size += block->size();
      if (size > kMaxVectorizedLoopInstructions)
        llvm::addStringMetadataToLoop(loop, "llvm.loop.vectorize.enable", 0);
    }
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

/// Basic blocks are split into pieces of at most this many instructions
/// before code generation: the x86 two-address pass (tied-operand
/// bookkeeping per block) takes time quadratic in the length of a block, and
/// a long straight-line kernel body is one block (20,000 instructions took
/// 10 s of code generation, 40,000 over 40 s).
constexpr unsigned kMaxBlockInstructions = 1000;

/// Splits long blocks. The new blocks have their address taken (in an
/// internal constant array) so that CodeGenPrepare does not merge them back.
void splitLongBlocks(llvm::Module &module) {
  llvm::SmallVector<llvm::Constant *> addresses;
  for (llvm::Function &function : module) {
    llvm::SmallVector<llvm::BasicBlock *> longBlocks;
    for (llvm::BasicBlock &block : function)
      if (block.size() > 2 * kMaxBlockInstructions)
        longBlocks.push_back(&block);
    for (llvm::BasicBlock *block : longBlocks) {
      while (block->size() > 2 * kMaxBlockInstructions) {
        auto at = std::next(block->getFirstNonPHIIt(), kMaxBlockInstructions);
        if (at->isTerminator() || at->isEHPad())
          break;
        block = block->splitBasicBlock(at, block->getName() + ".split");
        addresses.push_back(llvm::BlockAddress::get(&function, block));
      }
    }
  }
  if (addresses.empty())
    return;
  auto *type = llvm::ArrayType::get(
      llvm::PointerType::getUnqual(module.getContext()), addresses.size());
  new llvm::GlobalVariable(
      module, type, /*isConstant=*/true, llvm::GlobalValue::InternalLinkage,
      llvm::ConstantArray::get(type, addresses), "kgpu.cpu.split_blocks");
}

void optimize(llvm::Module &module, llvm::TargetMachine &machine,
              unsigned optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = optLevel >= 2;
  tuning.SLPVectorization = optLevel >= 2;
  tuning.LoopUnrolling = optLevel >= 2;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &passes, llvm::OptimizationLevel) {
        passes.addPass(LimitLoopVectorizationPass());
      });
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                    : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, mam);
}

/// Reports the errors LLVM's code generator gave, at the `llvm.inline_asm`
/// op they name when their text matches one (inline assembly is the usual
/// cause), else at the module.
LogicalResult reportBackendErrors(ModuleOp lowered,
                                  ArrayRef<std::string> errors) {
  SmallVector<LLVM::InlineAsmOp> asmOps;
  lowered.walk([&](LLVM::InlineAsmOp op) { asmOps.push_back(op); });
  for (const std::string &error : errors) {
    Location loc = lowered.getLoc();
    // The message quotes the assembly after operand substitution: match on
    // the first word (the mnemonic) of each op's template.
    for (LLVM::InlineAsmOp op : asmOps) {
      StringRef word =
          StringRef(op.getAsmString()).ltrim().take_until([](char c) {
            return llvm::isSpace(c);
          });
      if (!word.empty() && StringRef(error).contains(word)) {
        loc = op.getLoc();
        break;
      }
    }
    if (loc == lowered.getLoc() && asmOps.size() == 1)
      loc = asmOps.front().getLoc();
    emitError(loc) << "CPU target: " << StringRef(error).trim();
  }
  return failure();
}

/// Finds the C compiler driver used as the linker.
FailureOr<std::string> findLinker(Location loc) {
  for (StringRef name : {"cc", "gcc", "clang"})
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  return emitError(loc) << "CPU target: no C compiler driver (cc, gcc or "
                           "clang) on PATH to link the shared library";
}

} // namespace

FailureOr<OwningOpRef<ModuleOp>>
kgpu::lowerToLLVMDialect(ModuleOp gpuForm, const CPUOptions &options) {
  OwningOpRef<ModuleOp> module = gpuForm.clone();
  PassManager pm = PassManager::on<ModuleOp>(gpuForm.getContext());
  buildGPUToCPULLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    return failure();
  return module;
}

FailureOr<std::string> kgpu::compileToObject(ModuleOp gpuForm,
                                             const CPUOptions &options) {
  Location loc = gpuForm.getLoc();
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(loc, options);
  if (!machine)
    return failure();
  FailureOr<OwningOpRef<ModuleOp>> lowered =
      lowerToLLVMDialect(gpuForm, options);
  if (failed(lowered))
    return failure();

  MLIRContext *context = gpuForm.getContext();
  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(**lowered, llvmContext, "kgpu_cpu");
  if (!llvmModule)
    return emitError(loc) << "CPU target: translation to LLVM IR failed";
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  // LLVM reports errors in inline assembly (and other backend errors)
  // through the context; its default handler would exit the process.
  llvm::SmallVector<std::string> backendErrors;
  llvmContext.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *context) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        std::string message;
        llvm::raw_string_ostream os(message);
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        static_cast<llvm::SmallVector<std::string> *>(context)->push_back(
            message);
      },
      &backendErrors);
  optimize(*llvmModule, *machine, options.optLevel);
  splitLongBlocks(*llvmModule);

  SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, stream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return emitError(loc) << "CPU target: the target machine cannot emit "
                             "object files";
  codegen.run(*llvmModule);
  if (!backendErrors.empty())
    return reportBackendErrors(**lowered, backendErrors);
  return std::string(object.str());
}

FailureOr<std::string> kgpu::compileToSharedObject(ModuleOp gpuForm,
                                                   const CPUOptions &options) {
  Location loc = gpuForm.getLoc();
  FailureOr<std::string> linker = findLinker(loc);
  if (failed(linker))
    return failure();
  FailureOr<std::string> object = compileToObject(gpuForm, options);
  if (failed(object))
    return failure();

  SmallString<128> objectPath, libraryPath, errorPath;
  llvm::scope_exit cleanup([&] {
    for (SmallString<128> *path : {&objectPath, &libraryPath, &errorPath})
      if (!path->empty())
        llvm::sys::fs::remove(*path);
  });
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("kgpu-cpu", "o", fd, objectPath))
    return emitError(loc) << "CPU target: cannot create a temporary file: "
                          << ec.message();
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << *object;
    if (out.has_error())
      return emitError(loc) << "CPU target: cannot write " << objectPath;
  }
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("kgpu-cpu", "so", libraryPath))
    return emitError(loc) << "CPU target: cannot create a temporary file: "
                          << ec.message();
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("kgpu-cpu-ld", "txt", errorPath))
    return emitError(loc) << "CPU target: cannot create a temporary file: "
                          << ec.message();

  // The library may only need libc and libm (math calls); --no-undefined
  // turns a stray runtime dependency into a link error.
  SmallVector<StringRef> args = {*linker,
                                 "-shared",
                                 "-o",
                                 libraryPath,
                                 objectPath,
                                 "-Wl,--no-undefined",
                                 "-Wl,-z,noexecstack",
                                 "-lm"};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(errorPath),
                                          StringRef(errorPath)};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*linker, args, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/120,
                                     /*MemoryLimit=*/0, &message);
  if (rc != 0) {
    std::string output;
    if (auto buffer = llvm::MemoryBuffer::getFile(errorPath))
      output = (*buffer)->getBuffer().trim().str();
    return emitError(loc) << "CPU target: linking the shared library with '"
                          << *linker << "' failed"
                          << (message.empty() ? "" : ": ") << message
                          << (output.empty() ? "" : "\n") << output;
  }
  auto library = llvm::MemoryBuffer::getFile(libraryPath, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  if (!library)
    return emitError(loc) << "CPU target: cannot read " << libraryPath;
  return (*library)->getBuffer().str();
}
