//===- CPUTargetTest.cpp - run GPU-form kernels on the CPU ----------------===//
//
// Compiles GPU-form modules to shared libraries with the CPU target, loads
// them with dlopen, launches kernels through the CPU ABI (several threads
// over disjoint work-group ranges, as the runtime does) and compares with
// C++ references: exact for integers and for + - * / sqrt.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Target/CPU/CPUTarget.h"

#include "kgpu/Dialect/Kgpu/IR/KgpuDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <thread>
#include <vector>

using namespace mlir;

namespace {

/// What args[i] points to for a memref<?xT> argument (docs/codegen.md).
struct CPUBuffer {
  void *data;
  int64_t count;
};

using KernelFn = void (*)(void **args, const int64_t *launch,
                          int64_t groupBegin, int64_t groupEnd);

class SharedLibrary {
public:
  ~SharedLibrary() {
    if (handle)
      dlclose(handle);
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
  KernelFn kernel(const char *name) {
    return reinterpret_cast<KernelFn>(dlsym(handle, name));
  }
  void *handle = nullptr;
  SmallString<128> path;
};

class CPUTargetTest : public ::testing::Test {
protected:
  CPUTargetTest() {
    context
        .loadDialect<kgpu::KgpuDialect, arith::ArithDialect, func::FuncDialect,
                     gpu::GPUDialect, LLVM::LLVMDialect, math::MathDialect,
                     memref::MemRefDialect, scf::SCFDialect>();
  }

  /// Compiles `source` to a .so and loads it; null (with a test failure) on
  /// error.
  std::unique_ptr<SharedLibrary> build(StringRef source,
                                       unsigned subgroupSize = 8) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "cannot parse the kernel source";
      return nullptr;
    }
    kgpu::CPUOptions options;
    options.subgroupSize = subgroupSize;
    FailureOr<std::string> bytes =
        kgpu::compileToSharedObject(*module, options);
    if (failed(bytes)) {
      ADD_FAILURE() << "compileToSharedObject failed";
      return nullptr;
    }
    auto library = std::make_unique<SharedLibrary>();
    int fd;
    if (llvm::sys::fs::createTemporaryFile("kgpu-cpu-test", "so", fd,
                                           library->path)) {
      ADD_FAILURE() << "cannot create a temporary file";
      return nullptr;
    }
    {
      llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
      out << *bytes;
    }
    library->handle = dlopen(library->path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
      ADD_FAILURE() << "dlopen: " << dlerror();
      return nullptr;
    }
    return library;
  }

  /// Runs all work-groups of `grid`, split over `threads` threads.
  static void launch(KernelFn kernel, std::vector<void *> args,
                     std::array<int64_t, 3> grid, std::array<int64_t, 3> block,
                     unsigned threads = 4) {
    int64_t launchInfo[6] = {grid[0],  grid[1],  grid[2],
                             block[0], block[1], block[2]};
    int64_t total = grid[0] * grid[1] * grid[2];
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
      int64_t begin = total * t / threads;
      int64_t end = total * (t + 1) / threads;
      pool.emplace_back(
          [&, begin, end] { kernel(args.data(), launchInfo, begin, end); });
    }
    for (std::thread &thread : pool)
      thread.join();
  }

  MLIRContext context;
};

//===----------------------------------------------------------------------===//
// saxpy-like arithmetic: + - * / sqrt must match IEEE exactly.
//===----------------------------------------------------------------------===//

constexpr const char *kSaxpy = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: i32)
        kernel attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %one = arith.constant 1.0 : f32
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %tid : index
      %gid32 = arith.index_cast %gid : index to i32
      %in = arith.cmpi slt, %gid32, %n : i32
      scf.if %in {
        %xv = memref.load %x[%gid] : memref<?xf32>
        %yv = memref.load %y[%gid] : memref<?xf32>
        %ax = arith.mulf %a, %xv : f32
        %s = arith.addf %ax, %yv : f32
        %d = arith.addf %xv, %one : f32
        %q = arith.divf %s, %d : f32
        %r = math.sqrt %xv : f32
        %z = arith.subf %q, %r : f32
        memref.store %z, %y[%gid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
)mlir";

TEST_F(CPUTargetTest, Saxpy) {
  auto library = build(kSaxpy);
  ASSERT_TRUE(library);
  KernelFn kernel = library->kernel("kgpu_cpu_saxpy");
  ASSERT_NE(kernel, nullptr);
  const int n = 1000;
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>((i * 7) % 1000) / 1000.0f;
    y[i] = static_cast<float>((i * 13) % 1000) / 500.0f - 1.0f;
  }
  float a = 2.5f;
  for (int i = 0; i < n; ++i) {
    volatile float ax = a * x[i];
    volatile float s = ax + y[i];
    volatile float d = x[i] + 1.0f;
    volatile float q = s / d;
    expected[i] = q - std::sqrt(x[i]);
  }
  CPUBuffer xb{x.data(), n}, yb{y.data(), n};
  int32_t nArg = n;
  launch(kernel, {&a, &xb, &yb, &nArg}, {16, 1, 1}, {64, 1, 1});
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(y[i], expected[i]) << "at " << i;
}

//===----------------------------------------------------------------------===//
// Work-group tree reduction through local memory and barriers, with a
// uniform scf.while that contains a barrier.
//===----------------------------------------------------------------------===//

constexpr const char *kBlockReduce = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_reduce(%in: memref<?xf32>, %partial: memref<?xf32>,
                           %n: i32)
        kernel attributes {kgpu.workgroup_size = array<i32: 128, 1, 1>} {
      %scratch = memref.alloc() : memref<128xf32, 3>
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %c0_i32 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %lid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %gid = arith.addi %base, %lid : index
      %gid32 = arith.index_cast %gid : index to i32
      %inb = arith.cmpi slt, %gid32, %n : i32
      %v = scf.if %inb -> (f32) {
        %l = memref.load %in[%gid] : memref<?xf32>
        scf.yield %l : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %scratch[%lid] : memref<128xf32, 3>
      gpu.barrier
      %bdim32 = arith.index_cast %bdim : index to i32
      %half = arith.shrsi %bdim32, %c1_i32 : i32
      %r = scf.while (%s = %half) : (i32) -> i32 {
        %c = arith.cmpi sgt, %s, %c0_i32 : i32
        scf.condition(%c) %s : i32
      } do {
      ^bb0(%s: i32):
        %s_idx = arith.index_cast %s : i32 to index
        %act = arith.cmpi ult, %lid, %s_idx : index
        scf.if %act {
          %o = arith.addi %lid, %s_idx : index
          %a = memref.load %scratch[%lid] : memref<128xf32, 3>
          %b = memref.load %scratch[%o] : memref<128xf32, 3>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %scratch[%lid] : memref<128xf32, 3>
        }
        gpu.barrier
        %next = arith.shrsi %s, %c1_i32 : i32
        scf.yield %next : i32
      }
      %is0 = arith.cmpi eq, %lid, %c0 : index
      scf.if %is0 {
        %t = memref.load %scratch[%c0] : memref<128xf32, 3>
        memref.store %t, %partial[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
)mlir";

TEST_F(CPUTargetTest, BlockReduceWithLocalMemoryAndBarriers) {
  auto library = build(kBlockReduce);
  ASSERT_TRUE(library);
  KernelFn kernel = library->kernel("kgpu_cpu_block_reduce");
  ASSERT_NE(kernel, nullptr);
  const int n = 1200, groups = 10, block = 128;
  std::vector<float> in(n), partial(groups, -1.0f);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>((i * 37) % 101) / 7.0f;
  CPUBuffer inb{in.data(), n}, outb{partial.data(), groups};
  int32_t nArg = n;
  launch(kernel, {&inb, &outb, &nArg}, {groups, 1, 1}, {block, 1, 1});
  for (int g = 0; g < groups; ++g) {
    float scratch[block];
    for (int t = 0; t < block; ++t)
      scratch[t] = g * block + t < n ? in[g * block + t] : 0.0f;
    for (int s = block / 2; s > 0; s >>= 1)
      for (int t = 0; t < s; ++t)
        scratch[t] += scratch[t + s];
    EXPECT_EQ(partial[g], scratch[0]) << "group " << g;
  }
}

//===----------------------------------------------------------------------===//
// Subgroups: a shuffle-down reduction in a uniform loop with a
// work-item-dependent loop-carried value (kgc's form), gpu.subgroup_reduce
// and the subgroup ids, including a 2-D work-group of 12 work-items (the
// last subgroup is partial).
//===----------------------------------------------------------------------===//

constexpr const char *kShuffleSum = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shuffle_sum(%in: memref<?xi32>, %out: memref<?xi32>, %n: i32)
        kernel attributes {kgpu.workgroup_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2_i32 = arith.constant 2 : i32
      %c0_i32 = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t0 = arith.muli %bid, %bdim : index
      %gid = arith.addi %t0, %tid : index
      %0 = arith.index_cast %gid : index to i32
      %1 = arith.cmpi slt, %0, %n : i32
      %2 = scf.if %1 -> (i32) {
        %11 = memref.load %in[%gid] : memref<?xi32>
        scf.yield %11 : i32
      } else {
        scf.yield %c0_i32 : i32
      }
      %3 = gpu.subgroup_size : index
      %4 = arith.index_cast %3 : index to i32
      %5 = arith.divsi %4, %c2_i32 : i32
      %6:2 = scf.while (%v = %2, %d = %5) : (i32, i32) -> (i32, i32) {
        %11 = arith.cmpi sgt, %d, %c0_i32 : i32
        scf.condition(%11) %v, %d : i32, i32
      } do {
      ^bb0(%v: i32, %d: i32):
        %sh, %valid = gpu.shuffle down %v, %d, %4 : i32
        %sel = arith.select %valid, %sh, %v : i32
        %12 = arith.addi %v, %sel : i32
        %13 = arith.divsi %d, %c2_i32 : i32
        scf.yield %12, %13 : i32, i32
      }
      %7, %v7 = gpu.shuffle idx %6#0, %c0_i32, %4 : i32
      %8 = gpu.lane_id
      %9 = arith.index_cast %8 : index to i32
      %10 = arith.cmpi eq, %9, %c0_i32 : i32
      scf.if %10 {
        %11 = kgpu.atomic_rmw add %7, %out[%c0] : memref<?xi32>
      }
      gpu.return
    }

    gpu.func @subgroup_ops(%x: memref<?xf32>, %sum: memref<?xf32>,
                           %imax: memref<?xi32>, %ids: memref<?xi32>)
        kernel attributes {kgpu.workgroup_size = array<i32: 4, 3, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bid = gpu.block_id x
      %c4 = arith.constant 4 : index
      %c12 = arith.constant 12 : index
      %c100 = arith.constant 100 : index
      %row = arith.muli %ty, %c4 : index
      %t = arith.addi %row, %tx : index
      %gbase = arith.muli %bid, %c12 : index
      %g = arith.addi %gbase, %t : index
      %v = memref.load %x[%g] : memref<?xf32>
      %s = gpu.subgroup_reduce add %v : (f32) -> f32
      memref.store %s, %sum[%g] : memref<?xf32>
      %vi = arith.fptosi %v : f32 to i32
      %m = gpu.subgroup_reduce maxsi %vi cluster(size = 2) : (i32) -> i32
      memref.store %m, %imax[%g] : memref<?xi32>
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %a = arith.muli %sg, %c100 : index
      %b = arith.addi %a, %lane : index
      %c1000 = arith.constant 1000 : index
      %cc = arith.muli %nsg, %c1000 : index
      %id = arith.addi %b, %cc : index
      %id32 = arith.index_cast %id : index to i32
      memref.store %id32, %ids[%g] : memref<?xi32>
      gpu.return
    }
  }
}
)mlir";

TEST_F(CPUTargetTest, SubgroupShuffleReduction) {
  for (unsigned w : {8u, 4u, 32u}) {
    auto library = build(kShuffleSum, w);
    ASSERT_TRUE(library);
    KernelFn kernel = library->kernel("kgpu_cpu_shuffle_sum");
    ASSERT_NE(kernel, nullptr);
    const int n = 1000;
    std::vector<int32_t> in(n);
    int64_t expected = 0;
    for (int i = 0; i < n; ++i) {
      in[i] = (i * 31) % 97 - 40;
      expected += in[i];
    }
    int32_t out = 0;
    CPUBuffer inb{in.data(), n}, outb{&out, 1};
    int32_t nArg = n;
    launch(kernel, {&inb, &outb, &nArg}, {16, 1, 1}, {64, 1, 1});
    EXPECT_EQ(out, expected) << "subgroup size " << w;
  }
}

TEST_F(CPUTargetTest, SubgroupReduceAndIds) {
  const unsigned w = 8;
  auto library = build(kShuffleSum, w);
  ASSERT_TRUE(library);
  KernelFn kernel = library->kernel("kgpu_cpu_subgroup_ops");
  ASSERT_NE(kernel, nullptr);
  const int groups = 5, block = 12, n = groups * block;
  std::vector<float> x(n), sum(n);
  std::vector<int32_t> imax(n), ids(n);
  for (int i = 0; i < n; ++i)
    x[i] = static_cast<float>((i * 53) % 29) / 3.0f - 4.0f;
  CPUBuffer xb{x.data(), n}, sb{sum.data(), n}, mb{imax.data(), n},
      ib{ids.data(), n};
  launch(kernel, {&xb, &sb, &mb, &ib}, {groups, 1, 1}, {4, 3, 1});
  for (int g = 0; g < groups; ++g) {
    for (int t = 0; t < block; ++t) {
      int lane = t % w, sg = t / w, base = sg * w;
      // xor butterfly over 8 lanes, -0.0 for lanes past the work-group.
      float vals[w];
      for (unsigned l = 0; l < w; ++l)
        vals[l] = base + l < block ? x[g * block + base + l] : -0.0f;
      for (unsigned off = 1; off < w; off <<= 1) {
        float next[w];
        for (unsigned l = 0; l < w; ++l)
          next[l] = vals[l] + vals[l ^ off];
        std::memcpy(vals, next, sizeof(vals));
      }
      EXPECT_EQ(sum[g * block + t], vals[lane]) << "group " << g << " " << t;
      int partner = t ^ 1;
      int32_t mine = static_cast<int32_t>(x[g * block + t]);
      int32_t other = partner < block
                          ? static_cast<int32_t>(x[g * block + partner])
                          : INT32_MIN;
      EXPECT_EQ(imax[g * block + t], std::max(mine, other));
      EXPECT_EQ(ids[g * block + t], 2000 + sg * 100 + lane);
    }
  }
}

//===----------------------------------------------------------------------===//
// Atomics from several threads: integer and float add, int and float CAS.
//===----------------------------------------------------------------------===//

constexpr const char *kHistogram = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @histogram(%in: memref<?xi32>, %hist: memref<?xi32>,
                        %fhist: memref<?xf32>, %imax: memref<?xi32>,
                        %fmax: memref<?xf32>, %n: i32)
        kernel attributes {kgpu.workgroup_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %c16_i32 = arith.constant 16 : i32
      %one = arith.constant 1.0 : f32
      %gid = gpu.global_id x
      %gid32 = arith.index_cast %gid : index to i32
      %ok = arith.cmpi slt, %gid32, %n : i32
      scf.if %ok {
        %v = memref.load %in[%gid] : memref<?xi32>
        %bin32 = arith.remui %v, %c16_i32 : i32
        %bin = arith.index_cast %bin32 : i32 to index
        %o1 = kgpu.atomic_rmw add %c1_i32, %hist[%bin] : memref<?xi32>
        %o2 = kgpu.atomic_rmw sub %one, %fhist[%bin] : memref<?xf32>
        %init = memref.load %imax[%c0] : memref<?xi32>
        %r = scf.while (%old = %init) : (i32) -> i32 {
          %new = arith.maxsi %old, %v : i32
          %prev = kgpu.atomic_cas %old, %new, %imax[%c0] : memref<?xi32>
          %retry = arith.cmpi ne, %prev, %old : i32
          scf.condition(%retry) %prev : i32
        } do {
        ^bb0(%p: i32):
          scf.yield %p : i32
        }
        %vf = arith.sitofp %v : i32 to f32
        %finit = memref.load %fmax[%c0] : memref<?xf32>
        %fr = scf.while (%old = %finit) : (f32) -> f32 {
          %new = arith.maximumf %old, %vf : f32
          %prev = kgpu.atomic_cas %old, %new, %fmax[%c0] : memref<?xf32>
          %pb = arith.bitcast %prev : f32 to i32
          %ob = arith.bitcast %old : f32 to i32
          %retry = arith.cmpi ne, %pb, %ob : i32
          scf.condition(%retry) %prev : f32
        } do {
        ^bb0(%p: f32):
          scf.yield %p : f32
        }
      }
      gpu.return
    }
  }
}
)mlir";

TEST_F(CPUTargetTest, AtomicHistogram) {
  auto library = build(kHistogram);
  ASSERT_TRUE(library);
  KernelFn kernel = library->kernel("kgpu_cpu_histogram");
  ASSERT_NE(kernel, nullptr);
  const int n = 200000, block = 256, groups = (n + block - 1) / block;
  std::vector<int32_t> in(n), hist(16, 0), expected(16, 0);
  std::vector<float> fhist(16, 0.0f);
  int32_t expectedMax = INT32_MIN;
  for (int i = 0; i < n; ++i) {
    in[i] = static_cast<int32_t>((static_cast<uint32_t>(i) * 2654435761u) %
                                 100003u);
    ++expected[static_cast<uint32_t>(in[i]) % 16];
    expectedMax = std::max(expectedMax, in[i]);
  }
  int32_t imax = INT32_MIN;
  float fmax = -1.0f;
  CPUBuffer inb{in.data(), n}, hb{hist.data(), 16}, fb{fhist.data(), 16},
      mb{&imax, 1}, fmb{&fmax, 1};
  int32_t nArg = n;
  launch(kernel, {&inb, &hb, &fb, &mb, &fmb, &nArg}, {groups, 1, 1},
         {block, 1, 1}, /*threads=*/8);
  for (int b = 0; b < 16; ++b) {
    EXPECT_EQ(hist[b], expected[b]) << "bin " << b;
    EXPECT_EQ(fhist[b], -static_cast<float>(expected[b])) << "bin " << b;
  }
  EXPECT_EQ(imax, expectedMax);
  EXPECT_EQ(fmax, static_cast<float>(expectedMax));
}

//===----------------------------------------------------------------------===//
// 2-D transpose through a padded local tile.
//===----------------------------------------------------------------------===//

constexpr const char *kTranspose = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<?xf32>, %out: memref<?xf32>,
                        %width: i32, %height: i32)
        kernel attributes {kgpu.workgroup_size = array<i32: 16, 16, 1>} {
      %tile = memref.alloc() : memref<16x17xf32, 3>
      %c16 = arith.constant 16 : index
      %lx = gpu.thread_id x
      %ly = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %w = arith.index_cast %width : i32 to index
      %h = arith.index_cast %height : i32 to index
      %x0 = arith.muli %bx, %c16 : index
      %x = arith.addi %x0, %lx : index
      %y0 = arith.muli %by, %c16 : index
      %y = arith.addi %y0, %ly : index
      %xin = arith.cmpi ult, %x, %w : index
      %yin = arith.cmpi ult, %y, %h : index
      %in_ok = arith.andi %xin, %yin : i1
      scf.if %in_ok {
        %row = arith.muli %y, %w : index
        %idx = arith.addi %row, %x : index
        %v = memref.load %in[%idx] : memref<?xf32>
        memref.store %v, %tile[%ly, %lx] : memref<16x17xf32, 3>
      }
      gpu.barrier
      %tx = arith.addi %y0, %lx : index
      %ty = arith.addi %x0, %ly : index
      %txin = arith.cmpi ult, %tx, %h : index
      %tyin = arith.cmpi ult, %ty, %w : index
      %out_ok = arith.andi %txin, %tyin : i1
      scf.if %out_ok {
        %v = memref.load %tile[%lx, %ly] : memref<16x17xf32, 3>
        %row = arith.muli %ty, %h : index
        %idx = arith.addi %row, %tx : index
        memref.store %v, %out[%idx] : memref<?xf32>
      }
      gpu.return
    }
  }
}
)mlir";

TEST_F(CPUTargetTest, Transpose2DThroughLocalMemory) {
  auto library = build(kTranspose);
  ASSERT_TRUE(library);
  KernelFn kernel = library->kernel("kgpu_cpu_transpose");
  ASSERT_NE(kernel, nullptr);
  const int width = 50, height = 37;
  std::vector<float> in(width * height), out(width * height, -1.0f);
  for (int i = 0; i < width * height; ++i)
    in[i] = static_cast<float>(i);
  CPUBuffer inb{in.data(), width * height}, outb{out.data(), width * height};
  int32_t w = width, h = height;
  launch(kernel, {&inb, &outb, &w, &h}, {4, 3, 1}, {16, 16, 1});
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      ASSERT_EQ(out[x * height + y], in[y * width + x]) << x << "," << y;
}

//===----------------------------------------------------------------------===//
// The library depends on libc and libm only.
//===----------------------------------------------------------------------===//

std::string runTool(StringRef tool, ArrayRef<StringRef> args) {
  llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(tool);
  if (!path)
    return "<missing>";
  SmallString<128> output;
  llvm::sys::fs::createTemporaryFile("kgpu-cpu-tool", "txt", output);
  SmallVector<StringRef> argv = {*path};
  llvm::append_range(argv, args);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(output),
                                          StringRef(output)};
  llvm::sys::ExecuteAndWait(*path, argv, std::nullopt, redirects);
  std::string text;
  if (auto buffer = llvm::MemoryBuffer::getFile(output))
    text = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(output);
  return text;
}

TEST_F(CPUTargetTest, NoMLIRRuntimeDependency) {
  auto library = build(kBlockReduce);
  ASSERT_TRUE(library);
  std::string needed = runTool("readelf", {"-d", library->path});
  if (needed != "<missing>") {
    EXPECT_EQ(needed.find("mlir"), std::string::npos) << needed;
    EXPECT_EQ(needed.find("libLLVM"), std::string::npos) << needed;
  }
  std::string symbols = runTool("nm", {"-D", "--defined-only", library->path});
  if (symbols != "<missing>") {
    EXPECT_NE(symbols.find("kgpu_cpu_block_reduce"), std::string::npos);
    // The implementation function is internal: only the C entry point is
    // exported.
    EXPECT_EQ(symbols.find(" block_reduce"), std::string::npos) << symbols;
  }
  std::string undefined =
      runTool("nm", {"-D", "--undefined-only", library->path});
  EXPECT_EQ(undefined.find("mlir"), std::string::npos) << undefined;
  EXPECT_EQ(undefined.find("memrefCopy"), std::string::npos) << undefined;
}

} // namespace
