//===- SPIRVTargetTest.cpp - the SPIR-V target's C++ API ------------------===//
//
// Compiles GPU-form modules (hand-written ones and every kernel of the kgc
// corpus) with compileToSPIRV, checks every binary with
// `spirv-val --target-env vulkan1.1`, cross-compiles it to GLSL, MSL and HLSL
// with crossCompile, and checks the GLSL with
// `glslangValidator -V --target-env vulkan1.1`. The external tools come from
// scripts/install-deps.sh; tests that need a missing one are skipped.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/SPIRV/SPIRVTarget.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"
#include "kgpu/Frontend/KGC/Diagnostics.h"
#include "kgpu/Frontend/KGC/Frontend.h"
#include "kgpu/Frontend/KGC/MLIRGen.h"
#include "kgpu/Pipelines/Pipelines.h"

#include "Support/TestFiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::kgpu;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<KgpuDialect, arith::ArithDialect, func::FuncDialect,
                  gpu::GPUDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, spirv::SPIRVDialect>();
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

/// Collects the error diagnostics of a context as "line:col: message".
struct ErrorCollector {
  explicit ErrorCollector(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diag) {
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return success();
          std::string text;
          if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
            text = llvm::formatv("{0}:{1}: ", loc.getLine(), loc.getColumn());
          errors.push_back(text + diag.str());
          return success();
        }) {}
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler;
};

/// Whether an external tool is on PATH.
bool haveTool(StringRef name) {
  return static_cast<bool>(llvm::sys::findProgramByName(name));
}

/// Writes `bytes` to a fresh temporary file with `suffix`; returns its path.
std::string writeTemp(StringRef prefix, StringRef suffix, StringRef bytes) {
  SmallString<128> path;
  int fd;
  if (llvm::sys::fs::createTemporaryFile(prefix, suffix, fd, path))
    return "";
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << bytes;
  return path.str().str();
}

StringRef asBytes(const std::vector<uint32_t> &words) {
  return StringRef(reinterpret_cast<const char *>(words.data()),
                   words.size() * sizeof(uint32_t));
}

/// Runs `command` through the shell; returns its exit status.
int run(const std::string &command) { return std::system(command.c_str()); }

/// spirv-val on one binary: the exit status (0 = valid).
int spirvVal(const SPIRVKernel &kernel) {
  std::string path =
      writeTemp("kgpu-" + kernel.name, "spv", asBytes(kernel.words));
  int status = run("spirv-val --target-env vulkan1.1 " + path);
  llvm::sys::fs::remove(path);
  return status;
}

/// glslangValidator on GLSL compute source: the exit status (0 = valid).
int glslangValidate(StringRef name, StringRef glsl) {
  std::string path = writeTemp("kgpu-" + name.str(), "comp", glsl);
  std::string out = path + ".spv";
  int status = run("glslangValidator -V --target-env vulkan1.1 " + path +
                   " -o " + out + " > /dev/null");
  if (status != 0)
    run("glslangValidator -V --target-env vulkan1.1 " + path + " -o " + out);
  llvm::sys::fs::remove(path);
  llvm::sys::fs::remove(out);
  return status;
}

/// Which shading languages a kernel must cross-compile to. SPIRV-Cross
/// (2021) has no MSL/HLSL form of float atomic add nor MSL 64-bit atomics,
/// Metal has no doubles, HLSL no 64-bit float bitcasts (f64 atomics) and no
/// SubgroupId/NumSubgroups builtins.
struct Languages {
  bool msl = true;
  bool hlsl = true;
};

/// Checks one binary: magic number, spirv-val, and the three shading
/// languages (GLSL also through glslangValidator).
void checkKernel(const SPIRVKernel &kernel, Languages languages = {}) {
  SCOPED_TRACE("kernel " + kernel.name);
  ASSERT_GE(kernel.words.size(), 5u);
  EXPECT_EQ(kernel.words[0], 0x07230203u) << "SPIR-V magic number";
  for (int32_t size : kernel.workgroupSize)
    EXPECT_GE(size, 1);
  if (haveTool("spirv-val")) {
    EXPECT_EQ(spirvVal(kernel), 0) << "spirv-val rejects " << kernel.name;
  }

  std::string error;
  FailureOr<std::string> glsl =
      crossCompile(kernel.words, kernel.name, ShadingLanguage::GLSL, error);
  ASSERT_TRUE(succeeded(glsl)) << error;
  EXPECT_NE(glsl->find("#version 450"), std::string::npos) << *glsl;
  if (haveTool("glslangValidator")) {
    EXPECT_EQ(glslangValidate(kernel.name, *glsl), 0) << *glsl;
  }

  if (languages.msl) {
    FailureOr<std::string> msl =
        crossCompile(kernel.words, kernel.name, ShadingLanguage::MSL, error);
    ASSERT_TRUE(succeeded(msl)) << error;
    EXPECT_NE(msl->find("kernel void"), std::string::npos) << *msl;
  }
  if (languages.hlsl) {
    FailureOr<std::string> hlsl =
        crossCompile(kernel.words, kernel.name, ShadingLanguage::HLSL, error);
    ASSERT_TRUE(succeeded(hlsl)) << error;
    EXPECT_NE(hlsl->find("[numthreads("), std::string::npos) << *hlsl;
  }
}

/// The languages the kernels of `module` (GPU form) can reach.
Languages getLanguages(ModuleOp module, const SPIRVOptions &options) {
  Languages languages;
  auto isF64 = [](Type type) {
    if (auto memref = dyn_cast<MemRefType>(type))
      type = memref.getElementType();
    return type.isF64();
  };
  module.walk([&](Operation *op) {
    if (isa<gpu::SubgroupIdOp, gpu::NumSubgroupsOp>(op))
      languages.hlsl = false;
    if (llvm::any_of(op->getResultTypes(), isF64) ||
        llvm::any_of(op->getOperandTypes(), isF64))
      languages.msl = false;
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (llvm::any_of(func.getArgumentTypes(), isF64))
        languages.msl = false;
    if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
      Type type = op->getResult(0).getType();
      if (type.getIntOrFloatBitWidth() == 64)
        languages.msl = false;
      if (type.isF64())
        languages.hlsl = false;
    }
    auto rmw = dyn_cast<AtomicRMWOp>(op);
    if (rmw && options.atomicFloatAdd &&
        isa<FloatType>(rmw.getValue().getType()) &&
        (rmw.getKind() == AtomicKind::Add || rmw.getKind() == AtomicKind::Sub))
      languages.msl = languages.hlsl = false;
  });
  return languages;
}

OwningOpRef<ModuleOp> parse(MLIRContext &context, StringRef source) {
  return parseSourceString<ModuleOp>(source, &context);
}

//===----------------------------------------------------------------------===//
// Hand-written GPU form
//===----------------------------------------------------------------------===//

constexpr StringLiteral kTwoKernels = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @square(%v: f32) -> f32 attributes {kgpu.device} {
      %r = arith.mulf %v, %v : f32
      return %r : f32
    }
    gpu.func @block_sum(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %tile = memref.alloc() : memref<4xf32, 3>
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %gi = arith.index_cast %gid : index to i32
      %inb = arith.cmpi slt, %gi, %n : i32
      %v = scf.if %inb -> (f32) {
        %l = memref.load %x[%gid] : memref<?xf32>
        %s = func.call @square(%l) : (f32) -> f32
        scf.yield %s : f32
      } else {
        scf.yield %zero : f32
      }
      %sg = gpu.subgroup_size : index
      %w = arith.index_cast %sg : index to i32
      %c1 = arith.constant 1 : i32
      %nb, %ok = gpu.shuffle xor %v, %c1, %w : f32
      %m = arith.select %ok, %nb, %v : f32
      %r = gpu.subgroup_reduce add %m : (f32) -> f32
      %lane = gpu.lane_id
      %sgid = gpu.subgroup_id : index
      %first = arith.cmpi eq, %lane, %c0 : index
      scf.if %first {
        memref.store %r, %tile[%sgid] : memref<4xf32, 3>
      }
      gpu.barrier
      %t0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %t0 {
        %p = memref.load %tile[%c0] : memref<4xf32, 3>
        memref.store %p, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @histogram(%data: memref<?xi32>, %hist: memref<?xi32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 16, 16, 1>} {
      %local = memref.alloc() : memref<16xi32, 3>
      %one = arith.constant 1 : i32
      %c16 = arith.constant 16 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c16i = arith.constant 16 : index
      %row = arith.muli %ty, %c16i : index
      %i = arith.addi %row, %tx : index
      %d = memref.load %data[%i] : memref<?xi32>
      %b = arith.remui %d, %c16 : i32
      %bin = arith.index_cast %b : i32 to index
      %0 = kgpu.atomic_rmw add %one, %local[%bin] : memref<16xi32, 3>
      gpu.barrier
      %cnt = memref.load %local[%tx] : memref<16xi32, 3>
      %1 = kgpu.atomic_rmw add %cnt, %hist[%tx] : memref<?xi32>
      %2 = kgpu.atomic_cas %cnt, %one, %hist[%tx] : memref<?xi32>
      gpu.return
    }
  }
}
)mlir";

TEST(SPIRVTarget, OneSelfContainedBinaryPerKernel) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, kTwoKernels);
  ASSERT_TRUE(module);
  std::string before;
  llvm::raw_string_ostream(before) << *module;

  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  ASSERT_EQ(kernels->size(), 2u);
  EXPECT_EQ((*kernels)[0].name, "block_sum");
  EXPECT_EQ((*kernels)[0].workgroupSize, (std::array<int32_t, 3>{128, 1, 1}));
  EXPECT_EQ((*kernels)[1].name, "histogram");
  EXPECT_EQ((*kernels)[1].workgroupSize, (std::array<int32_t, 3>{16, 16, 1}));
  // block_sum reads gpu.subgroup_id, which HLSL does not have.
  checkKernel((*kernels)[0], Languages{/*msl=*/true, /*hlsl=*/false});
  checkKernel((*kernels)[1]);
  std::string error;
  EXPECT_TRUE(failed(crossCompile((*kernels)[0].words, "block_sum",
                                  ShadingLanguage::HLSL, error)));
  EXPECT_NE(error.find("Unsupported builtin"), std::string::npos) << error;

  // The input is unchanged.
  std::string after;
  llvm::raw_string_ostream(after) << *module;
  EXPECT_EQ(before, after);
}

TEST(SPIRVTarget, SPIRVDialectFormHasOneModulePerKernel) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, kTwoKernels);
  ASSERT_TRUE(module);
  FailureOr<OwningOpRef<ModuleOp>> lowered =
      lowerToSPIRVDialect(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(lowered));
  std::string text;
  llvm::raw_string_ostream(text) << **lowered;
  EXPECT_NE(text.find("spirv.module @__spv__kernels_block_sum"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("spirv.module @__spv__kernels_histogram"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("gpu.module"), std::string::npos) << text;
}

constexpr StringLiteral kFloatAtomics = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @float_atomics(%x: memref<?xf32>, %sum: memref<?xf32>,
                            %range: memref<?xf32>, %prod: memref<?xf64>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %two = arith.constant 2.0 : f64
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<?xf32>
      %0 = kgpu.atomic_rmw add %v, %sum[%c0] : memref<?xf32>
      %1 = kgpu.atomic_rmw min %v, %range[%c0] : memref<?xf32>
      %2 = kgpu.atomic_rmw max %v, %range[%c1] : memref<?xf32>
      %3 = kgpu.atomic_rmw sub %two, %prod[%c0] : memref<?xf64>
      %4 = kgpu.atomic_cas %two, %two, %prod[%c1] : memref<?xf64>
      gpu.return
    }
  }
}
)mlir";

TEST(SPIRVTarget, FloatAtomicsWithTheExtension) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, kFloatAtomics);
  ASSERT_TRUE(module);
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  ASSERT_EQ(kernels->size(), 1u);
  // SPIRV-Cross has no MSL/HLSL form of OpAtomicFAddEXT.
  checkKernel(kernels->front(), Languages{/*msl=*/false, /*hlsl=*/false});
}

TEST(SPIRVTarget, FloatAtomicsAsCompareAndSwapLoops) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, kFloatAtomics);
  ASSERT_TRUE(module);
  SPIRVOptions options;
  options.atomicFloatAdd = false;
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, options);
  ASSERT_TRUE(succeeded(kernels));
  ASSERT_EQ(kernels->size(), 1u);
  // Metal has no doubles; HLSL cannot bitcast them to 64-bit integers.
  checkKernel(kernels->front(), Languages{/*msl=*/false, /*hlsl=*/false});
}

/// One m16n8k16 multiply (fill, two loads, compute, store) whose input
/// fragments have element type \p elementType; the error locations the
/// tests expect are lines of this text.
static std::string mmaKernelSource(StringRef elementType) {
  std::string source = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xELT>, %c: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 32, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %acc = kgpu.mma_fill %zero : f32 -> !kgpu.mma<m16n8k16, acc, f32>
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %fa = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xELT> -> !kgpu.mma<m16n8k16, a, ELT>
      %fb = kgpu.mma_load %a[%c0] lead_dim %c16 : memref<?xELT> -> !kgpu.mma<m16n8k16, b, ELT>
      %d = kgpu.mma_compute %fa, %fb, %acc : !kgpu.mma<m16n8k16, a, ELT>, !kgpu.mma<m16n8k16, b, ELT> -> !kgpu.mma<m16n8k16, acc, f32>
      kgpu.mma_store %d, %c[%c0] lead_dim %c16 : !kgpu.mma<m16n8k16, acc, f32>, memref<?xf32>
      gpu.return
    }
  }
}
)mlir";
  for (size_t at = source.find("ELT"); at != std::string::npos;
       at = source.find("ELT", at + elementType.size()))
    source.replace(at, 3, elementType.str());
  return source;
}

TEST(SPIRVTarget, UnsupportedOpsAreLocatedErrors) {
  auto context = makeContext();
  // Hopper's warp-group MMA has no SPIR-V form (cooperative matrices are
  // per subgroup): every wgmma op is an error at its own line.
  const char *source = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%c: memref<?xf32>, %n: index) kernel
        attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %sa = memref.alloc() : memref<4096xf16, 3>
      %sb = memref.alloc() : memref<8192xf16, 3>
      %acc = kgpu.wgmma_fill %zero : f32 -> !kgpu.wgmma_acc<m64n128k16, f32>
      kgpu.wgmma_fence
      %d = kgpu.wgmma %sa[%c0] stride 1024, %sb[%c0] stride 2048 n_major lead 1024, %acc : memref<4096xf16, 3>, memref<8192xf16, 3> -> !kgpu.wgmma_acc<m64n128k16, f32>
      kgpu.wgmma_commit
      kgpu.wgmma_wait 0
      kgpu.wgmma_store %d, %c[%c0] lead_dim %n : !kgpu.wgmma_acc<m64n128k16, f32>, memref<?xf32>
      gpu.return
    }
  }
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      source, ParserConfig(context.get()), "wgmma.mlir");
  ASSERT_TRUE(module);
  ErrorCollector collector(*context);
  EXPECT_TRUE(failed(compileToSPIRV(*module, SPIRVOptions())));
  ASSERT_FALSE(collector.errors.empty());
  EXPECT_EQ(collector.errors[0],
            "10:14: warp-group MMA ('kgpu.wgmma_fill', Hopper wgmma) has no "
            "lowering to the Vulkan (SPIR-V) target: SPIR-V cooperative "
            "matrices are per subgroup; use the kgpu.mma_* ops (kgc "
            "mma_load/mma_compute) for Vulkan");
  for (const std::string &error : collector.errors)
    EXPECT_NE(error.find("warp-group MMA ('kgpu.wgmma"), std::string::npos)
        << error;
}

TEST(SPIRVTarget, TensorCoreOpsAreCooperativeMatrices) {
  auto context = makeContext();
  std::string source = mmaKernelSource("f16");
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      source, ParserConfig(context.get()), "mma.mlir");
  ASSERT_TRUE(module);
  ErrorCollector collector(*context);
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  ASSERT_EQ(kernels->size(), 1u);
  const std::vector<uint32_t> &words = kernels->front().words;
  ASSERT_GT(words.size(), 5u);
  // SPIR-V 1.6, the Vulkan memory model, CooperativeMatrixKHR (6022).
  EXPECT_EQ(words[1], 0x00010600u);
  bool coop = false, vulkanModel = false;
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || opcode == 54 /*OpFunction*/)
      break;
    coop |= opcode == 17 /*OpCapability*/ && words[i + 1] == 6022;
    vulkanModel |= opcode == 14 /*OpMemoryModel*/ && words[i + 2] == 3;
    i += count;
  }
  EXPECT_TRUE(coop);
  EXPECT_TRUE(vulkanModel);
}

TEST(SPIRVTarget, NoKernelIsAnError) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, "module {}");
  ASSERT_TRUE(module);
  ErrorCollector collector(*context);
  EXPECT_TRUE(failed(compileToSPIRV(*module, SPIRVOptions())));
  ASSERT_EQ(collector.errors.size(), 1u);
  EXPECT_NE(collector.errors[0].find("no kernel to compile"),
            std::string::npos);
}

TEST(SPIRVTarget, CrossCompileReportsBadInput) {
  std::string error;
  std::vector<uint32_t> garbage = {1, 2, 3, 4, 5, 6};
  EXPECT_TRUE(
      failed(crossCompile(garbage, "main", ShadingLanguage::GLSL, error)));
  EXPECT_FALSE(error.empty());

  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parse(*context, kTwoKernels);
  ASSERT_TRUE(module);
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  error.clear();
  EXPECT_TRUE(failed(crossCompile(kernels->front().words, "no_such_kernel",
                                  ShadingLanguage::MSL, error)));
  EXPECT_NE(error.find("no_such_kernel"), std::string::npos) << error;
}

TEST(SPIRVTarget, CrossCompiledBuffersKeepTheirBindings) {
  auto context = makeContext();
  // Argument 0 is unused: argument 1 must still be buffer/register 1.
  OwningOpRef<ModuleOp> module = parse(*context, R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%unused: memref<?xf32>, %y: memref<?xf32>) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  const SPIRVKernel &kernel = kernels->front();
  checkKernel(kernel);
  std::string error;
  FailureOr<std::string> msl =
      crossCompile(kernel.words, "k", ShadingLanguage::MSL, error);
  ASSERT_TRUE(succeeded(msl)) << error;
  EXPECT_NE(msl->find("[[buffer(1)]]"), std::string::npos) << *msl;
  FailureOr<std::string> hlsl =
      crossCompile(kernel.words, "k", ShadingLanguage::HLSL, error);
  ASSERT_TRUE(succeeded(hlsl)) << error;
  EXPECT_NE(hlsl->find("register(u1, space0)"), std::string::npos) << *hlsl;
  FailureOr<std::string> glsl =
      crossCompile(kernel.words, "k", ShadingLanguage::GLSL, error);
  ASSERT_TRUE(succeeded(glsl)) << error;
  EXPECT_NE(glsl->find("set = 0, binding = 1"), std::string::npos) << *glsl;
}

TEST(SPIRVTarget, ScalarsArePackedIntoOneBlock) {
  auto context = makeContext();
  // Scalars at arguments 0, 2 and 3 (i32, i64, f32): 16 bytes of push
  // constants; the buffer keeps binding 1.
  OwningOpRef<ModuleOp> module = parse(*context, R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%n: i32, %y: memref<?xf32>, %t: i64, %a: f32) kernel
        attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %ni = arith.index_cast %n : i32 to index
      %j = arith.addi %i, %ni : index
      %tf = arith.sitofp %t : i64 to f32
      %s = arith.addf %tf, %a : f32
      memref.store %s, %y[%j] : memref<?xf32>
      gpu.return
    }
  }
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  const SPIRVKernel &kernel = kernels->front();
  checkKernel(kernel);
  using Storage = SPIRVScalarBlock::Storage;
  EXPECT_EQ(kernel.scalars.storage, Storage::PushConstant);
  EXPECT_EQ(kernel.scalars.size, 20u);
  using Members = std::vector<std::pair<uint32_t, uint32_t>>;
  EXPECT_EQ(kernel.scalars.members, (Members{{0, 0}, {2, 8}, {3, 16}}));
  std::string error;
  FailureOr<std::string> glsl =
      crossCompile(kernel.words, "k", ShadingLanguage::GLSL, error);
  ASSERT_TRUE(succeeded(glsl)) << error;
  EXPECT_NE(glsl->find("layout(push_constant"), std::string::npos) << *glsl;
  EXPECT_NE(glsl->find("set = 0, binding = 1"), std::string::npos) << *glsl;
  FailureOr<std::string> msl =
      crossCompile(kernel.words, "k", ShadingLanguage::MSL, error);
  ASSERT_TRUE(succeeded(msl)) << error;
  EXPECT_NE(msl->find("[[buffer(1)]]"), std::string::npos) << *msl;
  EXPECT_NE(msl->find("[[buffer(2)]]"), std::string::npos) << *msl;
  FailureOr<std::string> hlsl =
      crossCompile(kernel.words, "k", ShadingLanguage::HLSL, error);
  ASSERT_TRUE(succeeded(hlsl)) << error;
  EXPECT_NE(hlsl->find("register(b0, space0)"), std::string::npos) << *hlsl;
}

TEST(SPIRVTarget, ScalarsPastPushConstantsAreOneStorageBuffer) {
  auto context = makeContext();
  // 17 i64 scalars (136 bytes) after a buffer: the storage buffer binding 1.
  std::string params, sum = "%c0";
  for (int i = 0; i < 17; ++i)
    params += llvm::formatv(", %s{0}: i64", i).str();
  std::string body;
  for (int i = 0; i < 17; ++i) {
    body += llvm::formatv("      %t{0} = arith.addi {1}, %s{0} : i64\n", i, sum)
                .str();
    sum = llvm::formatv("%t{0}", i).str();
  }
  std::string source = llvm::formatv(R"mlir(
module attributes {{gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%y: memref<?xi64>{0}) kernel
        attributes {{kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : i64
{1}      memref.store {2}, %y[%i] : memref<?xi64>
      gpu.return
    }
  }
}
)mlir",
                                     params, body, sum)
                           .str();
  OwningOpRef<ModuleOp> module = parse(*context, source);
  ASSERT_TRUE(module) << source;
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*module, SPIRVOptions());
  ASSERT_TRUE(succeeded(kernels));
  const SPIRVKernel &kernel = kernels->front();
  checkKernel(kernel, Languages{/*msl=*/true, /*hlsl=*/true});
  EXPECT_EQ(kernel.scalars.storage, SPIRVScalarBlock::Storage::StorageBuffer);
  EXPECT_EQ(kernel.scalars.binding, 1u);
  EXPECT_EQ(kernel.scalars.size, 136u);
  ASSERT_EQ(kernel.scalars.members.size(), 17u);
  EXPECT_EQ(kernel.scalars.members.back(),
            (std::pair<uint32_t, uint32_t>{17, 128}));
  std::string error;
  FailureOr<std::string> glsl =
      crossCompile(kernel.words, "k", ShadingLanguage::GLSL, error);
  ASSERT_TRUE(succeeded(glsl)) << error;
  EXPECT_EQ(glsl->find("push_constant"), std::string::npos) << *glsl;
  EXPECT_NE(glsl->find("set = 0, binding = 1"), std::string::npos) << *glsl;
}

TEST(SPIRVTarget, ParseShadingLanguage) {
  EXPECT_EQ(parseShadingLanguage("glsl"), ShadingLanguage::GLSL);
  EXPECT_EQ(parseShadingLanguage("msl"), ShadingLanguage::MSL);
  EXPECT_EQ(parseShadingLanguage("hlsl"), ShadingLanguage::HLSL);
  EXPECT_EQ(parseShadingLanguage("wgsl"), std::nullopt);
}

//===----------------------------------------------------------------------===//
// The kgc corpus, end to end
//===----------------------------------------------------------------------===//

class CorpusTest : public testing::TestWithParam<std::string> {};

/// kgc source -> kgpu level -> GPU form, or null after reporting errors.
OwningOpRef<ModuleOp> toGPUForm(MLIRContext &context, llvm::SourceMgr &sm,
                                unsigned buffer) {
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  std::unique_ptr<::kgpu::kgc::TranslationUnit> tu =
      ::kgpu::kgc::parseAndAnalyze(sm, buffer, diagStream);
  if (!tu) {
    llvm::errs() << diagText;
    return nullptr;
  }
  ::kgpu::kgc::DiagnosticEngine diags(sm, diagStream);
  OwningOpRef<ModuleOp> module = ::kgpu::kgc::emitMLIR(*tu, context, diags);
  if (!module) {
    llvm::errs() << diagText;
    return nullptr;
  }
  PassManager pm(&context);
  buildFrontendCleanupPipeline(pm);
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  buildKgpuToGPUPipeline(pm);
  if (failed(pm.run(*module)))
    return nullptr;
  return module;
}

TEST_P(CorpusTest, CompilesAndValidates) {
  auto context = makeContext();
  llvm::SourceMgr sm;
  auto buffer = llvm::MemoryBuffer::getFile(GetParam());
  ASSERT_TRUE(bool(buffer)) << GetParam();
  unsigned id = sm.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sm, context.get());
  OwningOpRef<ModuleOp> gpuForm = toGPUForm(*context, sm, id);
  if (!gpuForm)
    GTEST_SKIP() << "no GPU form (reported above): not the SPIR-V target's";

  bool usesTensorCores = false;
  gpuForm->walk([&](Operation *op) {
    usesTensorCores |= op->getName().getStringRef().starts_with("kgpu.mma_");
  });

  SPIRVOptions options;
  options.float16 = true;
  FailureOr<SmallVector<SPIRVKernel>> kernels =
      compileToSPIRV(*gpuForm, options);
  if (usesTensorCores) {
    // Cooperative matrices: SPIR-V 1.6. Debian's spirv-val (2023.1) and
    // SPIRV-Cross do not know SPV_KHR_cooperative_matrix, so only the
    // header is checked here (docs/codegen.md).
    ASSERT_TRUE(succeeded(kernels));
    for (const SPIRVKernel &kernel : *kernels) {
      ASSERT_GE(kernel.words.size(), 5u);
      EXPECT_EQ(kernel.words[0], 0x07230203u);
      EXPECT_EQ(kernel.words[1], 0x00010600u) << kernel.name;
    }
    return;
  }
  ASSERT_TRUE(succeeded(kernels));
  ASSERT_FALSE(kernels->empty());
  Languages languages = getLanguages(*gpuForm, options);
  for (const SPIRVKernel &kernel : *kernels)
    checkKernel(kernel, languages);
}

INSTANTIATE_TEST_SUITE_P(Kgc, CorpusTest,
                         testing::ValuesIn(::kgpu::test::listKgcCorpus()),
                         ::kgpu::test::fileTestName);

} // namespace
