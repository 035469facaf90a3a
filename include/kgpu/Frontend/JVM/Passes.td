//===- Passes.td - the JVM frontend's own passes -------------*- tablegen -*-===//
//
// Part of the kgpu project.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_PASSES_TD
#define KGPU_FRONTEND_JVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def KgpuJVMRaiseParallelLoops
    : Pass<"kgpu-jvm-raise-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Raise marked JVM loops (@Parallel) to kgpu.parallel_for";
  let description = [{
    The JVM frontend emits a `@Parallel` loop (TornadoVM's annotation on the
    loop variable, or kgpu's Groovy marker naming it) as an ordinary loop in
    the plain CFG form whose exit test, `arith.cmpi slt %i, %bound`, carries
    `jvm.parallel = "<variable>"`. After `kgpu-frontend-cleanup` has
    made the loop an `scf.while`, this pass hoists its loop-invariant
    operations, uplifts it to `scf.for` with upstream's
    `scf::upliftWhileToForLoop`, and replaces that by a one-dimensional
    `kgpu.parallel_for` over `index` (the Java `int` variable is an
    `arith.index_cast` of the induction variable). A perfectly nested pair
    or triple of marked loops becomes one 2-D or 3-D `kgpu.parallel_for`
    with the outermost loop first, so that the innermost annotated loop is
    the fastest-varying dimension, as in TornadoVM.

    Upstream has no raising from `scf.for` to a loop with kgpu's parallel
    semantics (`scf.parallel` has no reductions into memory and no
    grid-stride lowering). A marked loop that is not a counted loop with a
    positive constant step, or that carries a value from one iteration to
    the next, is an error at its test (KG-E0301, KG-E0302, docs/errors.md).

    Before (after kgpu-frontend-cleanup):
    ```mlir
    scf.while (%i = %c0) : (i32) -> () {
      %t = arith.cmpi slt, %i, %n {jvm.parallel = "i"} : i32
      scf.condition(%t) %i : i32
    } do { ^bb0(%i: i32): ...; %j = arith.addi %i, %c1 : i32; scf.yield %j }
    ```
    After:
    ```mlir
    kgpu.parallel_for (%k) = (%lb) to (%ub) step (%c1_idx) {
      %i = arith.index_cast %k : index to i32
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::kgpu::KgpuDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def KgpuJVMRaiseReductions
    : Pass<"kgpu-jvm-raise-reductions", "mlir::ModuleOp"> {
  let summary = "Raise @Reduce updates in parallel loops to kgpu.reduce";
  let description = [{
    A `@Reduce` parameter (marked `jvm.reduce` by the JVM frontend) is
    updated inside a `kgpu.parallel_for` as TornadoVM kernels do,
    `out[k] = out[k] OP x` (Java arrays) or `out.set(k, out.get(k) OP x)`
    (TornadoVM arrays): a `memref.load` of the element, one combining
    operation and a `memref.store` to the same element. Each such update
    becomes `kgpu.reduce <kind> %x, %out[%k]`, the operator inferred from
    the combining operation: `arith.addi`/`addf` add, `muli`/`mulf` mul,
    `kgpu.jvm_min`/`arith.minsi` min, `kgpu.jvm_max`/`arith.maxsi` max,
    `andi`, `ori`, `xori`. The reduction's result is what the sequential
    Java loop gives, up to the order of float additions and
    multiplications (docs/jvm.md).

    Upstream has no equivalent (the kgpu dialect's reductions into memory
    are kgpu's own). Any other store to a `@Reduce` parameter inside a
    parallel loop is an error (KG-E0303): it would race.

    A store of a constant to the reduced element of a `@Reduce` parameter
    at the kernel's top level, before its first parallel loop (TornadoVM's
    `result[0] = 0.0f;`), sets the reduction's initial value: it is removed
    from the kernel (every work-item would run it, racing with the
    combination of the partial results) and recorded as the parameter's
    `kgpu.reduce_init` attribute (`[[element, value], ...]`), which the
    manifest gives as the reduction's `init` and the runtime stores into
    the output before each launch (docs/bundle.md). Any other store to a
    `@Reduce` parameter outside the parallel loops is an error (KG-E0304).
  }];
  let dependentDialects = ["::mlir::kgpu::KgpuDialect"];
}

def KgpuJVMBufferSizeArguments
    : Pass<"kgpu-jvm-buffer-size-arguments", "mlir::ModuleOp"> {
  let summary = "Array lengths as size parameters, also in device functions";
  let description = [{
    SPIR-V has no `memref.dim` of a buffer. The JVM frontend reads the
    length of a kernel's buffer parameter (`a.length`, `a.getSize()`) from a
    hidden `i64` parameter that the runtime fills in (`kgpu.size_of`, as
    `--check-bounds` uses), but an array's length read in a device function
    (a helper method the kernel calls: e.g. Kotlin's synthetic adapter
    `main$saxpy` of a function reference calling `saxpy`, which reads
    `y.getSize()`) or by `init`/`clear` is a `memref.dim` of a function
    argument. This pass replaces every `memref.dim %arg, 0` of a function's
    buffer argument: in a kernel by the hidden size parameter
    (`getOrAddBufferSizeArgument`); in a device function by a new trailing
    `i64` parameter, which each call passes: the caller's own size of the
    array when it is the caller's argument (recursively up to the kernel),
    else a `memref.dim` at the call site (static shapes fold).

    Upstream has no equivalent (the size parameters are kgpu's kernel ABI).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def KgpuJVMNarrowFloatOps
    : Pass<"kgpu-jvm-narrow-float-ops", "mlir::ModuleOp"> {
  let summary = "Fold Groovy's widened float operations back to float";
  let description = [{
    Groovy `@CompileStatic` computes `float + float` as
    `d2f(dadd(f2d a, f2d b))`, often through a double local in between. One
    `+ - * /` or `sqrt` on two floats widened to double and rounded straight
    back to float gives exactly the float operation (a double has more than
    twice a float's precision, so the double rounding is innocuous), so
    `arith.truncf(op(arith.extf a, arith.extf b))` becomes the f32 `op`.
    Kotlin's `kotlin.math.sqrt(Float)` (`(float) Math.sqrt((double) x)`) is
    the same pattern. A chain that stays in double (`x * x + y * y`
    assigned to a float) is not matched: it is double arithmetic.

    Upstream's arith canonicalizations do not narrow float operations (the
    fold is exact only for a single correctly rounded operation).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def KgpuJVMUpliftLoops
    : Pass<"kgpu-jvm-uplift-loops", "mlir::ModuleOp"> {
  let summary = "Uplift the counted loops of JVM kernels to scf.for";
  let description = [{
    javac, groovyc and kotlinc test a `for`/`while` loop at its head with
    the exit branch (`if_icmpge EXIT`). `lift-cf-to-scf` structures that as
    an `scf.while` whose before region holds the whole body in an `scf.if`
    on the exit test, and whose condition is the inverse test: a shape
    neither upstream's `WhileMoveIfDown` canonicalization nor
    `scf::upliftWhileToForLoop` accept, and that LLVM does not unroll (the
    tiled matmul's 32-step tile loop ran at half of kgc's speed).

    This pass (1) turns such an `scf.if` into one on the loop's own
    condition with its regions swapped (the only JVM-specific rewrite;
    upstream has no pattern that recognises an inverted guard), (2) runs
    upstream's `scf.while`/`scf.if` canonicalizations, which move the guarded
    body into the after region (`WhileMoveIfDown`), (3) hoists loop-invariant
    operations (`moveLoopInvariantCode`), and (4) uplifts every counted loop
    (`i < n`, `i += c`, `n` and `c` invariant) to `scf.for` with upstream's
    `populateUpliftWhileToForPatterns`. A loop that is not counted stays an
    `scf.while` in the after-region form. Loops with barriers or subgroup
    operations are treated like any other: the rewrites keep every
    operation's execution count per iteration.

    Before:
    ```mlir
    %r:3 = scf.while (%i = %c0, %s = %z) : (i32, f32) -> (i32, f32, f32) {
      %exit = arith.cmpi sge, %i, %n : i32
      %stay = arith.cmpi slt, %i, %n : i32
      %b:2 = scf.if %exit -> (i32, f32) { scf.yield %p, %q : i32, f32 }
             else { ...; scf.yield %i1, %s1 : i32, f32 }
      scf.condition(%stay) %b#0, %b#1, %s : i32, f32, f32
    } do { ^bb0(%a: i32, %b: f32, %c: f32): scf.yield %a, %b : i32, f32 }
    ```
    After:
    ```mlir
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (f32) : i32 {
      ...; scf.yield %s1 : f32
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // KGPU_FRONTEND_JVM_PASSES_TD
