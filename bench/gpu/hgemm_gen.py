#!/usr/bin/env python3
"""Writes the tensor-core HGEMM kernel (examples/hgemm/hgemm.kgc) for one
choice of tiles and stages:

  hgemm_gen.py [--bm 128] [--bn 256] [--bk 32] [--stages 4] [--warps-m 2]
               [-o FILE]
  hgemm_gen.py --split [--shape m16n16k16] [--warps 8] [--opaque-tiles] ...

examples/hgemm/hgemm.kgc is this script's output for the defaults,
examples/hgemm/hgemm_vulkan.kgc its output for --bm 128 --bn 128 --bk 32
--stages 2 --warps-m 2 --warps 4 --shape m16n16k16 --split (the fastest
of the Vulkan variants on the H200, bench/RESULTS.md); the
benchmark (bench/gpu/hgemm-prepare.sh) also builds other variants with it.
kgc has no arrays of fragments and no preprocessor, so the per-fragment
statements are written out here.
"""
import argparse
import sys


def generate(bm, bn, bk, stages, warps_m, warps=8, compute_only=False):
    warps_n = warps // warps_m
    wtm, wtn = bm // warps_m, bn // warps_n
    mi, ni = wtm // 16, wtn // 8
    threads = warps * 32
    apitch, bpitch = bk + 8, bn + 8
    assert bm % warps_m == 0 and bn % warps_n == 0
    assert wtm % 16 == 0 and wtn % 8 == 0 and bk % 16 == 0 and stages >= 2
    a_chunks_row, b_chunks_row = bk // 8, bn // 8
    a_copies = bm * a_chunks_row // threads
    b_copies = bk * b_chunks_row // threads
    assert a_copies * threads == bm * a_chunks_row
    assert b_copies * threads == bk * b_chunks_row
    assert threads % a_chunks_row == 0 and threads % b_chunks_row == 0
    a_rows_step, b_rows_step = threads // a_chunks_row, threads // b_chunks_row
    shared = 2 * stages * (bm * apitch + bk * bpitch)
    o = []
    w = o.append
    w(f"""// Tensor-core HGEMM: C = A * B with A (M x K) and B (K x N) half, row-major,
// C (M x N) float. M must be a multiple of {bm}, N of {bn}, K of {bk}.
// Written by bench/gpu/hgemm_gen.py --bm {bm} --bn {bn} --bk {bk}\n// --stages {stages} --warps-m {warps_m}
// (kgc has no arrays of fragments: the per-fragment statements are spelled
// out).
//
// A work-group of {threads} work-items ({warps} sub-groups of 32 on CUDA, {warps_m} x {warps_n})
// computes a {bm} x {bn} block of C; each sub-group a {wtm} x {wtn} part of it as
// {mi} x {ni} m16n8k16 accumulators. The {bm} x {bk} block of A and the {bk} x {bn} block
// of B for each step along K are staged in local memory by asynchronous
// copies (16 bytes per work-item and copy) in a ring of {stages} stages: the
// copies of steps kt + 1 .. kt + {stages - 1} are in flight while step kt is
// multiplied, with one barrier per step. The local tiles' rows are padded by
// 8 halves (16 bytes), so that the eight row addresses of each 8 x 8 matrix
// a lane group loads (ldmatrix on CUDA) fall into different banks. The
// accumulators are stored straight to C, two adjacent floats per lane and
// row (st.global.v2.f32 on CUDA).
//
// The local arrays take {shared} bytes, more than the 48 KiB of CUDA's static
// shared memory: on CUDA they are dynamic shared memory (docs/bundle.md).
// The fragment ops are sub-group-wide on CUDA, where a sub-group is a warp
// of 32; on the CPU each work-item computes whole tiles, so grouping the
// work-items by 32 gives the same result there.

const int BM = {bm};
const int BN = {bn};
const int BK = {bk};
const int STAGES = {stages};
const int APITCH = {apitch}; // BK + 8 halves
const int BPITCH = {bpitch}; // BN + 8 halves
const int WARP = 32;

kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))
void hgemm(global const half* A, global const half* B, global float* C,
           int M, int N, int K) {{
  local half As[STAGES * BM * APITCH];
  local half Bs[STAGES * BK * BPITCH];
  int tid = local_id(0);
  int warp = tid / WARP;
  int wm = (warp / {warps_n}) * {wtm}; // the sub-group's rows in the block
  int wn = (warp % {warps_n}) * {wtn}; // and columns
  int bm = group_id(1) * BM;
  int bn = group_id(0) * BN;

  // The copies of one step: chunks of 8 halves. A: row tid / {a_chunks_row} (+ {a_rows_step} i),
  // halves 8 (tid % {a_chunks_row}); B: row tid / {b_chunks_row} (+ {b_rows_step} i), halves 8 (tid % {b_chunks_row}).
  int ar = tid / {a_chunks_row}, ac = (tid % {a_chunks_row}) * 8;
  int br = tid / {b_chunks_row}, bc = (tid % {b_chunks_row}) * 8;
  int steps = K / BK;
""")

    def copies(indent, stage, k0):
        p = " " * indent
        w(f"{p}int sa = {stage} * (BM * APITCH), sb = {stage} * (BK * BPITCH);")
        ka = "" if k0 == "0" else f"{k0} + "
        kb = "" if k0 == "0" else f"{k0} + "
        w(f"{p}int ag = (bm + ar) * K + {ka}ac, bg = ({kb}br) * N + bn + bc;")
        for i in range(a_copies):
            r = i * a_rows_step
            if r == 0:
                w(f"{p}async_copy(As, sa + ar * APITCH + ac, A, ag, 8);")
            else:
                w(f"{p}async_copy(As, sa + (ar + {r}) * APITCH + ac, A, ag + {r} * K, 8);")
        for i in range(b_copies):
            r = i * b_rows_step
            if r == 0:
                w(f"{p}async_copy(Bs, sb + br * BPITCH + bc, B, bg, 8);")
            else:
                w(f"{p}async_copy(Bs, sb + (br + {r}) * BPITCH + bc, B, bg + {r} * N, 8);")

    w(f"  // The first {stages - 1} steps' copies, one group each.")
    for s in range(stages - 1):
        w(f"  if ({s} < steps) {{")
        copies(4, s, f"{s * bk}")
        w("  }")
        w("  async_commit();")
    w("")
    head = "  mma<m16n8k16, acc, float> "
    for i in range(mi):
        fills = [f"c{i}_{j} = mma_fill(0.0f)" for j in range(ni)]
        lines = [", ".join(fills[k:k + 2]) for k in range(0, ni, 2)]
        w(head + (",\n" + " " * len(head)).join(lines) + ";")
    w(f"""
  int cur = 0;             // the stage step kt reads
  int pre = STAGES - 1;    // the stage step kt + STAGES - 1 fills
  for (int kt = 0; kt < steps; kt++) {{
    // Step kt's group has landed ({stages - 2} younger ones may be in flight), and
    // every sub-group is done with step kt - 1, whose stage step
    // kt + {stages - 1} refills: one barrier per step.
    async_wait({stages - 2});
    barrier();
    if ({"false && " if compute_only else ""}kt + STAGES - 1 < steps) {{""")
    w("      int k0 = (kt + STAGES - 1) * BK;")
    copies(6, "pre", "k0")
    w("""    }
    async_commit(); // possibly empty: one group per step keeps the count
    pre = pre + 1 == STAGES ? 0 : pre + 1;

    int arow = cur * BM + wm, brow = cur * BK;
    cur = cur + 1 == STAGES ? 0 : cur + 1;
    for (int kk = 0; kk < BK; kk += 16) {""")
    for i in range(mi):
        w(f"      mma<m16n8k16, a, half> a{i} = mma_load_a(As, arow + {16 * i}, kk, APITCH);")
    for j in range(ni):
        w(f"      mma<m16n8k16, b, half> b{j} = mma_load_b(Bs, brow + kk, wn + {8 * j}, BPITCH);")
    for i in range(mi):
        for j in range(ni):
            w(f"      c{i}_{j} = mma_compute(a{i}, b{j}, c{i}_{j});")
    w("""    }
  }

  int r = bm + wm, c = bn + wn;""")
    for i in range(mi):
        for j in range(ni):
            w(f"  mma_store(C, r + {16 * i}, c + {8 * j}, N, c{i}_{j});")
    w("}")
    return "\n".join(o) + "\n"


def generate_split(bm, bn, bk, stages, warps_m, warps=8, shape="m16n16k16",
                   opaque_tiles=False):
    """The form for Vulkan's 48 KiB of local memory (examples/hgemm/
    hgemm_vulkan.kgc): one local array per stage (As0, Bs0, As1, ...) and
    the step loop unrolled by the stage count, so that no copy into the
    stage being filled can alias the tiles being multiplied; the k16
    sub-steps unrolled; the global copies addressed with the pitches
    steps * BK and (N / BN) * BN (K and N, which the kernel requires to be
    multiples of stages * BK and BN), so that kgpu-spirv-vector-tiles can
    prove every copy 16-byte aligned. opaque_tiles (timing A/B only) adds a
    run-time zero (M / M - 1) to the copies' local index, which hides their
    alignment from kgpu-spirv-vector-tiles: the tiles then stay arrays of
    halves filled 2 bytes at a time."""
    fn = 16 if shape == "m16n16k16" else 8
    warps_n = warps // warps_m
    wtm, wtn = bm // warps_m, bn // warps_n
    mi, ni = wtm // 16, wtn // fn
    threads = warps * 32
    apitch, bpitch = bk + 8, bn + 8
    assert shape in ("m16n16k16", "m16n8k16")
    assert bm % warps_m == 0 and bn % warps_n == 0
    assert wtm % 16 == 0 and wtn % fn == 0 and bk % 16 == 0 and stages >= 2
    a_chunks_row, b_chunks_row = bk // 8, bn // 8
    a_copies = bm * a_chunks_row // threads
    b_copies = bk * b_chunks_row // threads
    assert a_copies * threads == bm * a_chunks_row
    assert b_copies * threads == bk * b_chunks_row
    assert threads % a_chunks_row == 0 and threads % b_chunks_row == 0
    a_rows_step, b_rows_step = threads // a_chunks_row, threads // b_chunks_row
    shared = 2 * stages * (bm * apitch + bk * bpitch)
    flags = f"--bm {bm} --bn {bn} --bk {bk} --stages {stages} --warps-m {warps_m} --warps {warps} --shape {shape} --split"
    if opaque_tiles:
        flags += " --opaque-tiles"
    o = []
    w = o.append
    w(f"""// Tensor-core HGEMM for Vulkan: C = A * B with A (M x K) and B (K x N) half,
// row-major, C (M x N) float. M must be a multiple of {bm}, N of {bn}, K of
// {stages * bk}. Written by bench/gpu/hgemm_gen.py {flags}
// (kgc has no arrays of fragments: the per-fragment statements are spelled
// out).
//
// Vulkan has no dynamic shared memory beyond its limit
// (maxComputeSharedMemorySize: 48 KiB on NVIDIA, 32 KiB on lavapipe), so the
// tiles take {shared} bytes: a {bm} x {bn} block, {stages} stages of {bk} along K. A work-group of {threads} work-items ({warps}
// sub-groups of 32, {warps_m} x {warps_n}) computes a {bm} x {bn} block of C; each
// sub-group a {wtm} x {wtn} part of it as {mi} x {ni} {shape} accumulators. Each
// stage has its own local arrays and the step loop is unrolled by the
// stage count, so the copies into the next stage (plain 16-byte loads and
// stores on Vulkan, cp.async on CUDA) cannot alias the tiles the
// multiplies read, and the driver may overlap them. The global copies use
// the pitches lda = steps * BK (= K) and ldb = (N / BN) * BN (= N): every
// index is then a provable multiple of 8 halves, and
// kgpu-spirv-vector-tiles gives the copies 16-byte loads and stores and
// the local tiles uvec4 elements (docs/codegen.md). The local rows are
// padded by 8 halves against bank conflicts.

const int BM = {bm};
const int BN = {bn};
const int BK = {bk};
const int APITCH = {apitch}; // BK + 8 halves
const int BPITCH = {bpitch}; // BN + 8 halves
const int WARP = 32;

kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))
void hgemm(global const half* A, global const half* B, global float* C,
           int M, int N, int K) {{""")
    for st in range(stages):
        w(f"  local half As{st}[BM * APITCH];")
        w(f"  local half Bs{st}[BK * BPITCH];")
    w(f"""  int tid = local_id(0);
  int warp = tid / WARP;
  int wm = (warp / {warps_n}) * {wtm}; // the sub-group's rows in the block
  int wn = (warp % {warps_n}) * {wtn}; // and columns
  int bm = group_id(1) * BM;
  int bn = group_id(0) * BN;
  int steps = K / BK;
  int lda = steps * BK;     // = K
  int ldb = (N / BN) * BN;  // = N
""")
    if opaque_tiles:
        w("  int z = M / M - 1; // 0, unknown to the compiler (timing A/B only)")
    else:
        w("  int z = 0;")
    w(f"""
  // The copies of one step: chunks of 8 halves. A: row tid / {a_chunks_row} (+ {a_rows_step} i),
  // halves 8 (tid % {a_chunks_row}); B: row tid / {b_chunks_row} (+ {b_rows_step} i), halves 8 (tid % {b_chunks_row}).
  int ar = tid / {a_chunks_row}, ac = (tid % {a_chunks_row}) * 8;
  int br = tid / {b_chunks_row}, bc = (tid % {b_chunks_row}) * 8;
  int ag = (bm + ar) * lda + ac, bg = br * ldb + bn + bc;
""")

    def copies(indent, st, k0):
        p = " " * indent
        if k0 == "0":
            w(f"{p}int ka = ag, kb = bg;")
        else:
            w(f"{p}int ka = ag + {k0}, kb = bg + ({k0}) * ldb;")
        for i in range(a_copies):
            r = i * a_rows_step
            src = "ka" if r == 0 else f"ka + {r} * lda"
            w(f"{p}async_copy(As{st}, (ar + {r}) * APITCH + ac + z, A, {src}, 8);")
        for i in range(b_copies):
            r = i * b_rows_step
            src = "kb" if r == 0 else f"kb + {r} * ldb"
            w(f"{p}async_copy(Bs{st}, (br + {r}) * BPITCH + bc + z, B, {src}, 8);")

    w(f"  // The first {stages - 1} steps' copies, one group each.")
    for st in range(stages - 1):
        w("  {")
        copies(4, st, f"{st * bk}")
        w("  }")
        w("  async_commit();")
    w("")
    head = f"  mma<{shape}, acc, float> "
    for i in range(mi):
        fills = [f"c{i}_{j} = mma_fill(0.0f)" for j in range(ni)]
        lines = [", ".join(fills[k:k + 2]) for k in range(0, ni, 2)]
        w(head + (",\n" + " " * len(head)).join(lines) + ";")
    w(f"""
  for (int kt = 0; kt < steps; kt += {stages}) {{""")
    for st in range(stages):
        nxt = (st + stages - 1) % stages
        w(f"""    // Step kt + {st} (stage {st}): its group has landed and every sub-group
    // is done with stage {nxt}, which step kt + {st + stages - 1} refills.
    async_wait({stages - 2});
    barrier();
    if (kt + {st + stages - 1} < steps) {{""")
        copies(6, nxt, f"(kt + {st + stages - 1}) * BK")
        w("""    }
    async_commit(); // possibly empty: one group per step keeps the count""")
        for kk in range(0, bk, 16):
            w(f"    {{ // k {kk}..{kk + 15} of the step")
            for i in range(mi):
                w(f"      mma<{shape}, a, half> a{i} = mma_load_a(As{st}, wm + {16 * i}, {kk}, APITCH);")
            for j in range(ni):
                w(f"      mma<{shape}, b, half> b{j} = mma_load_b(Bs{st}, {kk}, wn + {fn * j}, BPITCH);")
            for i in range(mi):
                for j in range(ni):
                    w(f"      c{i}_{j} = mma_compute(a{i}, b{j}, c{i}_{j});")
            w("    }")
    w("""  }

  int r = bm + wm, c = bn + wn;""")
    for i in range(mi):
        for j in range(ni):
            w(f"  mma_store(C, r + {16 * i}, c + {fn * j}, N, c{i}_{j});")
    w("}")
    return "\n".join(o) + "\n"


def main():
    p = argparse.ArgumentParser()
    # The defaults: the fastest of the variants measured on the H200
    # (bench/RESULTS.md).
    p.add_argument("--bm", type=int, default=256)
    p.add_argument("--bn", type=int, default=128)
    p.add_argument("--bk", type=int, default=64)
    p.add_argument("--stages", type=int, default=3)
    p.add_argument("--warps-m", type=int, default=4)
    p.add_argument("--compute-only", action="store_true",
                   help="timing only: no copies after the first stages (wrong "
                   "results), to isolate the multiplications' own speed")
    p.add_argument("--warps", type=int, default=8)
    p.add_argument("--shape", default="m16n8k16",
                   choices=["m16n8k16", "m16n16k16"])
    p.add_argument("--split", action="store_true",
                   help="one local array per stage, the step loop unrolled "
                   "by the stage count (the Vulkan form, generate_split)")
    p.add_argument("--opaque-tiles", action="store_true",
                   help="with --split, timing A/B only: hide the copies' "
                   "alignment from kgpu-spirv-vector-tiles")
    p.add_argument("-o", default="-")
    a = p.parse_args()
    if a.split:
        text = generate_split(a.bm, a.bn, a.bk, a.stages, a.warps_m,
                              warps=a.warps, shape=a.shape,
                              opaque_tiles=a.opaque_tiles)
    else:
        if a.shape != "m16n8k16" or a.warps != 8 or a.opaque_tiles:
            p.error("--shape, --warps and --opaque-tiles need --split")
        text = generate(a.bm, a.bn, a.bk, a.stages, a.warps_m,
                        compute_only=a.compute_only)
    if a.o == "-":
        sys.stdout.write(text)
    else:
        with open(a.o, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
