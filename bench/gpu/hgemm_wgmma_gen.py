#!/usr/bin/env python3
"""Writes the warp-group MMA (Hopper wgmma) HGEMM kernel
(examples/hgemm/hgemm_wgmma.kgc) for one choice of tiles and stages:

  hgemm_wgmma_gen.py [--bn 256] [--wgs 2] [--mtiles 1] [--stages 4]
                     [--wait 1] [--bt] [-o FILE]

The block is BM x BN with BM = 64 * wgs * mtiles: `wgs` warp groups of 128
work-items, each computing mtiles x (64 x BN) of C with m64nBNk16 wgmma
(BN 64, 128 or 256). K steps by 64. With --bt the kernel takes B transposed
(Bt, N x K row-major: K-major B, kgc wgmma_bt); otherwise B is K x N
row-major (N-major B, kgc wgmma). examples/hgemm/hgemm_wgmma.kgc is this
script's output for the defaults; bench/gpu/wgmma-prepare.sh builds other
variants with it. kgc has no arrays of accumulators and no preprocessor, so
the per-accumulator statements are written out here.
"""
import argparse
import sys


def generate(bn, wgs, mtiles, stages, wait, bt):
    bk = 64
    bm = 64 * wgs * mtiles
    threads = 128 * wgs
    assert bn in (64, 128, 256) and stages >= 2 and wait in (0, 1)
    dist = stages - 1 - wait  # how many steps ahead the copies run
    assert dist >= 1
    a_copies = bm * 8 // threads  # 16-byte chunks per work-item and step
    b_copies = bk * bn // 8 // threads
    assert a_copies * threads == bm * 8 and b_copies * threads == bk * bn // 8
    a_stage, b_stage = bm * bk, bk * bn
    shared = 2 * stages * (a_stage + b_stage)
    kname = "hgemm_bt" if bt else "hgemm"
    flags = (f"--bn {bn} --wgs {wgs} --mtiles {mtiles} --stages {stages} "
             f"--wait {wait}" + (" --bt" if bt else ""))
    o = []
    w = o.append
    bdesc = ("Bt (N x K, the transpose of B) half, row-major" if bt else
             "B (K x N) half, row-major")
    w(f"""// Warp-group MMA (Hopper wgmma) HGEMM: C = A * B with A (M x K) and
// {bdesc}, C (M x N) float.
// M must be a multiple of {bm}, N of {bn}, K of {bk}.
// Written by bench/gpu/hgemm_wgmma_gen.py {flags}
// (kgc has no arrays of accumulators: the per-accumulator statements are
// spelled out).
//
// A work-group of {threads} work-items ({wgs} warp group{'s' if wgs > 1 else ''} of 128) computes a
// {bm} x {bn} block of C; warp group g the rows {64 * mtiles} g .. {64 * mtiles} g + {64 * mtiles - 1}, as
// {mtiles} m64n{bn}k16 accumulator{'s' if mtiles > 1 else ''} (mma<m64n{bn}k16, acc, float>). The {bm} x {bk}
// block of A and the {bk} x {bn} block of B of each step along K are staged in
// local memory by asynchronous copies (16 bytes per work-item and copy) in
// a ring of {stages} stages, in the 128-byte-swizzled layouts that wgmma reads
// (docs/kgc.md, "Warp-group MMA"): A K-major, 8 rows of 64 halves per
// 1024 bytes, 16-byte chunk c of row r at chunk c ^ (r % 8);""")
    if bt:
        w("""// Bt the same (N rows of 64 halves of K).""")
    else:
        w(f"""// B N-major, blocks of 8 rows (k) x 64 columns (n) of 1024 bytes, adjacent
// along n, the 8-row groups {bn * 16} bytes apart, chunk c of row k at c ^ (k % 8).""")
    w(f"""// The copies of steps kt + 1 .. kt + {dist} are in flight while the wgmmas of
// step kt run; {'one wgmma group stays in flight across steps (wgmma_wait(1)), so' if wait else 'the wgmmas of step kt complete before step kt + 1 (wgmma_wait(0)), and'}
// a stage is refilled {dist} step{'s' if dist > 1 else ''} after it was read{', once its group is done' if wait else ''}.
// One barrier per step. The accumulators are stored straight to C, two
// adjacent floats per work-item and row (st.global.v2.f32 on CUDA).
//
// The local arrays take {shared} bytes: on CUDA they are dynamic shared
// memory, each 1024-byte aligned (docs/bundle.md). wgmma needs sm_90a; on
// the CPU each work-item computes whole tiles, with the same layouts.

const int BM = {bm};
const int BN = {bn};
const int BK = {bk};
const int STAGES = {stages};

kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))
void {kname}(global const half* A, global const half* B, global float* C,
           int M, int N, int K) {{
  local half As[STAGES * BM * BK];
  local half Bs[STAGES * BK * BN];
  int tid = local_id(0);
  int wg = tid / 128;
  int bm = group_id(1) * BM;
  int bn = group_id(0) * BN;
  int steps = K / BK;
""")
    # A copies: chunk id = tid + i * threads: row id / 8, chunk id % 8.
    w(f"""  // A: row ar (+ {threads // 8} i), chunk ac; its swizzled place in the stage.
  int ar = tid / 8, ac = tid % 8;
  int ag = (bm + ar) * K + ac * 8;
  int al = ar * 64 + ((ac ^ (ar % 8)) * 8);""")
    if bt:
        w(f"""  // Bt: row br (n, + {threads // 8} i), chunk bc.
  int br = tid / 8, bc = tid % 8;
  int bg = (bn + br) * K + bc * 8;
  int bl = br * 64 + ((bc ^ (br % 8)) * 8);""")
        b_step = threads // 8  # rows per copy round
    else:
        cpr = bn // 8  # chunks per row of B
        w(f"""  // B: row br (k, + {threads // cpr} i), chunk bc of {cpr}; block bc / 8, chunk
  // bc % 8 in it.
  int br = tid / {cpr}, bc = tid % {cpr};
  int bg = br * N + bn + bc * 8;
  int bl = (br / 8) * {bn * 8} + (bc / 8) * 512 + (br % 8) * 64 +
           (((bc % 8) ^ (br % 8)) * 8);""")
        b_step = threads // cpr
    assert b_step % 8 == 0 and (threads // 8) % 8 == 0  # keeps r % 8

    def copies(indent, stage, k0):
        p = " " * indent
        lines = []
        lines.append(f"{p}int sa = {stage} * (BM * BK), sb = {stage} * (BK * BN);")
        for i in range(a_copies):
            rows = i * (threads // 8)
            lines.append(f"{p}async_copy(As, sa + al + {rows * 64}, A, ag + {rows} * K + {k0}, 8);")
        for i in range(b_copies):
            rows = i * b_step
            if bt:
                lines.append(f"{p}async_copy(Bs, sb + bl + {rows * 64}, B, bg + {rows} * K + {k0}, 8);")
            else:
                loff = (rows // 8) * bn * 8
                lines.append(f"{p}async_copy(Bs, sb + bl + {loff}, B, bg + ({k0} + {rows}) * N, 8);")
        return lines

    w(f"\n  // The first {dist} steps' copies, one group each.")
    for s in range(dist):
        w(f"  if ({s} < steps) {{")
        for line in copies(4, s, s * bk):
            w(line)
        w("  }")
        w("  async_commit();")
    accs = [f"c{i}" for i in range(mtiles)]
    w(f"\n  mma<m64n{bn}k16, acc, float> " +
      ", ".join(f"{c} = mma_fill(0.0f)" for c in accs) + ";")
    w(f"""
  int cur = 0;         // the stage step kt reads
  int pre = {dist % stages};         // the stage step kt + {dist} fills
  for (int kt = 0; kt < steps; kt++) {{
    // Step kt's group has landed ({dist - 1} younger ones may be in flight); the
    // fence makes this work-item's copies visible to wgmma, the barrier
    // everyone's{', and every warp group is done with the stage refilled next' if True else ''}.
    async_wait({dist - 1});
    wgmma_fence();
    barrier();
    if (kt + {dist} < steps) {{
      int k0 = (kt + {dist}) * BK;""")
    for line in copies(6, "pre", "k0"):
        w(line)
    w(f"""    }}
    async_commit(); // possibly empty: one group per step keeps the count
    pre = pre + 1 == STAGES ? 0 : pre + 1;

    int abase = cur * (BM * BK) + wg * {64 * mtiles * 64};
    int bbase = cur * (BK * BN);
    cur = cur + 1 == STAGES ? 0 : cur + 1;""")
    for s in range(bk // 16):
        for i, c in enumerate(accs):
            aoff = i * 64 * 64 + s * 16
            if bt:
                boff = s * 16
                w(f"    {c} = wgmma_bt({c}, As, abase + {aoff}, Bs, bbase + {boff});")
            else:
                boff = s * bn * 16
                w(f"    {c} = wgmma({c}, As, abase + {aoff}, Bs, bbase + {boff});")
    w(f"""    wgmma_commit();
    wgmma_wait({wait});
  }}
  wgmma_wait(0);
""")
    for i, c in enumerate(accs):
        w(f"  wgmma_store(C, bm + wg * {64 * mtiles} + {64 * i}, bn, N, {c});")
    w("}")
    return "\n".join(o) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bn", type=int, default=256)
    p.add_argument("--wgs", type=int, default=2)
    p.add_argument("--mtiles", type=int, default=1)
    p.add_argument("--stages", type=int, default=4)
    p.add_argument("--wait", type=int, default=1)
    p.add_argument("--bt", action="store_true")
    p.add_argument("-o", "--output")
    a = p.parse_args()
    text = generate(a.bn, a.wgs, a.mtiles, a.stages, a.wait, a.bt)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
