//===- Uniformity.h - uniform / work-group-uniform / varying ----*- C++ -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//
//
// Which values are the same for every work-item. A sparse forward analysis
// on MLIR's dataflow framework (mlir/Analysis/DataFlow/SparseAnalysis.h)
// with the lattice
//
//   uniform < work-group-uniform < subgroup-uniform < varying
//
// `uniform`: the same in every work-item of the launch (constants, kernel
// scalar arguments, sizes); `work-group-uniform`: the same within a
// work-group (group ids); `subgroup-uniform`: the same within a subgroup
// (subgroup ids, the results of subgroup reductions and of shuffles from a
// subgroup-uniform lane, e.g. TornadoVM's `simdSum` and
// `simdBroadcastFirst`); `varying`: may differ between the work-items of a
// subgroup (work-item ids, lane ids, atomic results, the other shuffles, and
// anything data-dependent on them).
//
// Memory: a load is as uniform as its memref and its indices (a buffer or
// local array read at a uniform index gives every work-item the same value
// once a barrier has ordered the writes; what a barrier needs is the same
// decision in every work-item, which this is). A private array
// (memref.alloca outside local memory) is as uniform as what is stored into
// it, and where (indices, control flow), unless the options ask for it to
// be varying (each work-item has its own copy: the CPU conversion needs
// that view).
//
// Control dependence: a value defined under control flow that depends on a
// varying value (an scf.if / scf.index_switch condition, scf.for bounds,
// an scf.while condition, a cf branch condition up to its post-dominator)
// is varying, and so are the results, loop-carried values and merge-block
// arguments of such control flow.
//
// Upstream MLIR has no uniformity analysis (LLVM's UniformityInfo works on
// LLVM IR only); this one is kgpu's.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_ANALYSIS_UNIFORMITY_H
#define KGPU_ANALYSIS_UNIFORMITY_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>

namespace mlir {
namespace kgpu {

/// How much a value (or a decision) varies between work-items.
enum class Uniformity : uint8_t {
  Uniform = 0,
  WorkgroupUniform = 1,
  SubgroupUniform = 2,
  Varying = 3,
};

StringRef stringifyUniformity(Uniformity u);

struct UniformityOptions {
  /// Treat every private memref.alloca as varying (one copy per work-item)
  /// instead of as uniform as the values stored into it.
  bool privateAllocasVary = false;
};

/// The result of the analysis over everything nested in `root` (a module,
/// a gpu.module or one function). Device functions called from the
/// analysed kernels are analysed interprocedurally.
class UniformityInfo {
public:
  explicit UniformityInfo(Operation *root, UniformityOptions options = {});
  ~UniformityInfo();
  UniformityInfo(UniformityInfo &&);
  UniformityInfo &operator=(UniformityInfo &&);

  /// Whether the analysis ran (it fails only on IR the dataflow framework
  /// rejects).
  bool succeeded() const { return ok; }

  /// The uniformity of `value` (uniform for code that never runs).
  Uniformity getUniformity(Value value) const;
  /// Whether `value` may differ between the work-items of a work-group
  /// (subgroup-uniform values do).
  bool isVarying(Value value) const {
    return getUniformity(value) >= Uniformity::SubgroupUniform;
  }

  /// The uniformity of the decision that `op` executes at all: the join of
  /// the conditions of the control flow around it, within its function.
  Uniformity getControlUniformity(Operation *op) const;

  /// The outermost control-flow op (scf.if/for/while/index_switch, or a cf
  /// branch) around `op` whose decision has at least uniformity `level`, or
  /// null.
  Operation *getDivergentBranch(Operation *op, Uniformity level) const;

  /// The uniformity of the decision a control-flow op takes (the condition
  /// of an scf.if, scf.while, scf.index_switch or cf branch, the bounds of
  /// an scf.for); uniform for anything else.
  Uniformity getDecisionUniformity(Operation *op) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  bool ok = false;
};

} // namespace kgpu
} // namespace mlir

#endif // KGPU_ANALYSIS_UNIFORMITY_H
