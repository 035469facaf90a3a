#!/usr/bin/env python3
"""Writes the warp-group MMA (Hopper wgmma) HGEMM kernel
(examples/hgemm/hgemm_wgmma.kgc) for one choice of tiles and stages:

  hgemm_wgmma_gen.py [--bn 256] [--wgs 2] [--mtiles 1] [--stages 4]
                     [--wait 1] [--bt] [--group G] [--persistent]
                     [--split S] [-o FILE]

The block is BM x BN with BM = 64 * wgs * mtiles: `wgs` warp groups of 128
work-items, each computing mtiles x (64 x BN) of C with m64nBNk16 wgmma
(BN 64, 128 or 256). K steps by 64. With --bt the kernel takes B transposed
(Bt, N x K row-major: K-major B, kgc wgmma_bt); otherwise B is K x N
row-major (N-major B, kgc wgmma). examples/hgemm/hgemm_wgmma.kgc is this
script's output for the defaults; bench/gpu/wgmma-prepare.sh builds other
variants with it. --group G orders the tiles in groups of G block rows
(Triton's GROUP_M); --persistent makes the grid a fixed number of
work-groups (launch one or a few per SM, --grid P,1) that loop over the
tiles, the copies running on into the next tile; --split S fills and reads
each 64-wide stage in S steps of 64 / S (B N-major only), so that all but
one or two steps of the ring are in flight (--wait up to 3). kgc has no
arrays of accumulators and no preprocessor, so the per-accumulator
statements are written out here.
"""
import argparse
import sys


def tile_helpers(group):
    """kgc helpers mapping a linear tile index to its block row and column:
    row-major over the N / BN columns, or (group > 0) in groups of `group`
    block rows walked column by column, as Triton's GROUP_M swizzle does, so
    that the work-groups running at the same time share panels of A and B
    in L2."""
    if not group:
        return """// Tile t of a tm x tn grid of blocks: block row t / tn, column t % tn.
int tile_row(int t, int tm, int tn) { return t / tn; }
int tile_col(int t, int tm, int tn) { return t % tn; }
"""
    return f"""// Tile t of a tm x tn grid of blocks, in groups of {group} block rows (fewer in
// the last group) walked column by column: the work-groups running at the
// same time read fewer panels of A and B (Triton's GROUP_M swizzle).
int tile_row(int t, int tm, int tn) {{
  int first = (t / ({group} * tn)) * {group};
  return first + (t % ({group} * tn)) % min(tm - first, {group});
}}
int tile_col(int t, int tm, int tn) {{
  int first = (t / ({group} * tn)) * {group};
  return (t % ({group} * tn)) / min(tm - first, {group});
}}
"""


def generate(bn, wgs, mtiles, stages, wait, bt, group=0, persistent=False,
             split=1):
    bk = 64
    bks = bk // split  # K per step
    slots = stages * split  # the ring, in steps
    bm = 64 * wgs * mtiles
    threads = 128 * wgs
    assert bn in (64, 128, 256) and stages >= 2 and 0 <= wait <= 3
    assert split in (1, 2, 4) and not (bt and split > 1)
    dist = slots - 1 - wait  # how many steps ahead the copies run
    assert dist >= 1
    acpr = bks // 8  # 16-byte chunks per row of A and step
    a_copies = bm * acpr // threads  # 16-byte chunks per work-item and step
    b_copies = bks * bn // 8 // threads
    assert a_copies * threads == bm * acpr and b_copies * threads == bks * bn // 8
    a_stage, b_stage = bm * bk, bk * bn
    shared = 2 * stages * (a_stage + b_stage)
    kname = "hgemm_bt" if bt else "hgemm"
    flags = (f"--bn {bn} --wgs {wgs} --mtiles {mtiles} --stages {stages} "
             f"--wait {wait}" + (" --bt" if bt else "") +
             (f" --group {group}" if group else "") +
             (" --persistent" if persistent else "") +
             (f" --split {split}" if split > 1 else ""))
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
// a ring of {stages} stages{f' of {bk} along K, filled and read in {split} steps of {bks} (a ring of {slots} steps)' if split > 1 else ''}, in the 128-byte-swizzled layouts that wgmma reads
// (docs/kgc.md, "Warp-group MMA"): A K-major, 8 rows of 64 halves per
// 1024 bytes, 16-byte chunk c of row r at chunk c ^ (r % 8);""")
    if bt:
        w("""// Bt the same (N rows of 64 halves of K).""")
    else:
        w(f"""// B N-major, blocks of 8 rows (k) x 64 columns (n) of 1024 bytes, adjacent
// along n, the 8-row groups {bn * 16} bytes apart, chunk c of row k at c ^ (k % 8).""")
    if persistent:
        w(f"""// Persistent: the grid is a fixed number of work-groups (one per SM or a
// few); work-group g computes the tiles g, g + G, g + 2 G, ... (G =
// num_groups(0)) one after the other, and its copies run on across tiles,
// so the next tile's first stages load while this one's last steps and its
// stores run (no pipeline fill per tile, no launch per tile).""")
        w(f"""// The copies of the {dist} step{'s' if dist > 1 else ''} after step kt (in this tile or the next) are in
// flight while the wgmmas of step kt run; {'one wgmma group stays in flight across steps (wgmma_wait(1)), so' if wait else 'the wgmmas of step kt complete before step kt + 1 (wgmma_wait(0)), and'}
// a {'stage' if split == 1 else 'slot'} is refilled {dist} step{'s' if dist > 1 else ''} after it was read{', once its group is done' if wait else ''}.""")
    else:
        w(f"""// The copies of steps kt + 1 .. kt + {dist} are in flight while the wgmmas of
// step kt run; {'one wgmma group stays in flight across steps (wgmma_wait(1)), so' if wait else 'the wgmmas of step kt complete before step kt + 1 (wgmma_wait(0)), and'}
// a {'stage' if split == 1 else 'slot'} is refilled {dist} step{'s' if dist > 1 else ''} after it was read{', once its group is done' if wait else ''}.""")
    w(f"""// One barrier per step. The accumulators are stored straight to C, two
// adjacent floats per work-item and row (st.global.v2.f32 on CUDA).
//
// The local arrays take {shared} bytes: on CUDA they are dynamic shared
// memory, each 1024-byte aligned (docs/bundle.md). wgmma needs sm_90a; on
// the CPU each work-item computes whole tiles, with the same layouts.

const int BM = {bm};
const int BN = {bn};
const int BK = {bk};
const int STAGES = {stages};""" + (f"""
const int BKS = {bks};     // K per step
const int SLOTS = {slots};  // steps in the ring""" if split > 1 else "") + """
""")
    if group or persistent:
        w(tile_helpers(group))
    w(f"""kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))
void {kname}(global const half* A, global const half* B, global float* C,
           int M, int N, int K) {{
  local half As[STAGES * BM * BK];
  local half Bs[STAGES * BK * BN];
  int tid = local_id(0);
  int wg = tid / 128;""")
    if persistent:
        w("""  int steps = K / STEPK;
  int tm = M / BM, tn = N / BN, tiles = tm * tn;
  int G = num_groups(0), first = group_id(0);
  // The steps of all this work-group's tiles, one after the other.
  int total = first < tiles ? ((tiles - 1 - first) / G + 1) * steps : 0;
""")
    elif group:
        w("""  int t = group_id(1) * num_groups(0) + group_id(0);
  int tm = num_groups(1), tn = num_groups(0);
  int bm = tile_row(t, tm, tn) * BM;
  int bn = tile_col(t, tm, tn) * BN;
  int steps = K / STEPK;
""")
    else:
        w("""  int bm = group_id(1) * BM;
  int bn = group_id(0) * BN;
  int steps = K / STEPK;
""")
    # The copies' global bases: non-persistent ones at k = 0 of the block;
    # persistent ones (ag, bg) move along with the copied step.
    cbm = "tile_row(ct, tm, tn) * BM" if persistent else "bm"
    cbn = "tile_col(ct, tm, tn) * BN" if persistent else "bn"
    if persistent:
        w("""  // The copy side: tile ct, its step ck, is the next to be copied; issued
  // steps have been.
  int ct = first, ck = 0, issued = 0;""")
    # A copies: chunk id = tid + i * threads: row id / acpr, chunk id % acpr.
    if split > 1:
        w(f"""  // A: row ar (+ {threads // acpr} i), chunk ac of the step's {acpr}; its swizzled place in
  // the first step of a stage (chunk ac + {acpr} h of the row in step h of the
  // stage: al ^ (h * BKS)).""")
    else:
        w(f"""  // A: row ar (+ {threads // 8} i), chunk ac; its swizzled place in the stage.""")
    w(f"""  int ar = tid / {acpr}, ac = tid % {acpr};
  int ag = ({cbm} + ar) * K + ac * 8;
  int al = ar * 64 + ((ac ^ (ar % 8)) * 8);""")
    if bt:
        bg_init = f"({cbn} + br) * K + bc * 8"
        w(f"""  // Bt: row br (n, + {threads // 8} i), chunk bc.
  int br = tid / 8, bc = tid % 8;
  int bg = {bg_init};
  int bl = br * 64 + ((bc ^ (br % 8)) * 8);""")
        b_step = threads // 8  # rows per copy round
    else:
        cpr = bn // 8  # chunks per row of B
        bg_init = f"br * N + {cbn} + bc * 8"
        w(f"""  // B: row br (k, + {threads // cpr} i), chunk bc of {cpr}; block bc / 8, chunk
  // bc % 8 in it.
  int br = tid / {cpr}, bc = tid % {cpr};
  int bg = {bg_init};
  int bl = (br / 8) * {bn * 8} + (bc / 8) * 512 + (br % 8) * 64 +
           (((bc % 8) ^ (br % 8)) * 8);""")
        b_step = threads // cpr
    a_step = threads // acpr  # rows of A per copy round

    def abase_lines(p):
        if split == 1:
            return (f"{p}int abase = cur * (BM * BK) + wg * {64 * mtiles * 64};\n"
                    f"{p}int bbase = cur * (BK * BN);")
        return (f"{p}int abase = (cur >> {split.bit_length() - 1}) * (BM * BK) + (cur & {split - 1}) * BKS + wg * {64 * mtiles * 64};\n"
                f"{p}int bbase = cur * (BKS * BN);")
    assert b_step % 8 == 0 and a_step % 8 == 0  # keeps r % 8

    def copies(indent, stage, k0):
        p = " " * indent
        lines = []
        if split == 1:
            lines.append(f"{p}int sa = {stage} * (BM * BK), sb = {stage} * (BK * BN);")
            dst = "sa + al"
        elif isinstance(stage, int):
            lines.append(f"{p}int sa = {stage // split} * (BM * BK), sb = {stage} * (BKS * BN);")
            dst = f"sa + (al ^ {(stage % split) * bks})" if stage % split else "sa + al"
        else:
            lines.append(f"{p}int sa = ({stage} >> {split.bit_length() - 1}) * (BM * BK), sb = {stage} * (BKS * BN);")
            lines.append(f"{p}int ah = al ^ (({stage} & {split - 1}) * BKS);")
            dst = "sa + ah"
        for i in range(a_copies):
            rows = i * a_step
            if persistent:
                lines.append(f"{p}async_copy(As, {dst} + {rows * 64}, A, ag + {rows} * K, 8);")
            else:
                lines.append(f"{p}async_copy(As, {dst} + {rows * 64}, A, ag + {rows} * K + {k0}, 8);")
        for i in range(b_copies):
            rows = i * b_step
            if bt:
                if persistent:
                    lines.append(f"{p}async_copy(Bs, sb + bl + {rows * 64}, B, bg + {rows} * K, 8);")
                else:
                    lines.append(f"{p}async_copy(Bs, sb + bl + {rows * 64}, B, bg + {rows} * K + {k0}, 8);")
            else:
                loff = (rows // 8) * bn * 8
                if persistent:
                    lines.append(f"{p}async_copy(Bs, sb + bl + {loff}, B, bg + {rows} * N, 8);")
                else:
                    lines.append(f"{p}async_copy(Bs, sb + bl + {loff}, B, bg + ({k0} + {rows}) * N, 8);")
        if persistent:
            # Move the copy side on by one step (to the next tile after the
            # last step of this one).
            lines.append(f"{p}issued++;")
            lines.append(f"{p}ag += STEPK;")
            lines.append(f"{p}bg += {'STEPK' if bt else 'STEPK * N'};")
            lines.append(f"{p}if (++ck == steps) {{")
            lines.append(f"{p}  ck = 0;")
            lines.append(f"{p}  ct += G;")
            lines.append(f"{p}  ag = ({cbm} + ar) * K + ac * 8;")
            lines.append(f"{p}  bg = {bg_init};")
            lines.append(f"{p}}}")
        return lines

    accs = [f"c{i}" for i in range(mtiles)]
    if persistent:
        w(f"""
  // The first {dist} steps' copies, one group each.
  int pre = 0;         // the {'stage' if split == 1 else 'slot'} the next copies fill
  for (int s = 0; s < {dist}; s++) {{
    if (issued < total) {{""")
        for line in copies(6, "pre", None):
            w(line)
        w(f"""    }}
    async_commit();
    pre++;
  }}
  int cur = 0;         // the {'stage' if split == 1 else 'slot'} the current step reads
  for (int t = first; t < tiles; t += G) {{
    int bm = tile_row(t, tm, tn) * BM, bn = tile_col(t, tm, tn) * BN;
    mma<m64n{bn}k16, acc, float> """ +
          ", ".join(f"{c} = mma_fill(0.0f)" for c in accs) + f""";
    for (int kt = 0; kt < steps; kt++) {{
      // This step's group has landed ({dist - 1} younger ones may be in flight);
      // the fence makes this work-item's copies visible to wgmma, the
      // barrier everyone's, and every warp group is done with the stage
      // refilled next.
      async_wait({dist - 1});
      wgmma_fence();
      barrier();
      if (issued < total) {{""")
        for line in copies(8, "pre", None):
            w(line)
        w(f"""      }}
      async_commit(); // possibly empty: one group per step keeps the count
      pre = pre + 1 == RING ? 0 : pre + 1;

""" + abase_lines("      ") + """
      cur = cur + 1 == RING ? 0 : cur + 1;""")
        ind = "      "
    else:
        w(f"\n  // The first {dist} steps' copies, one group each.")
        for s in range(dist):
            w(f"  if ({s} < steps) {{")
            for line in copies(4, s, s * bks):
                w(line)
            w("  }")
            w("  async_commit();")
        w(f"\n  mma<m64n{bn}k16, acc, float> " +
          ", ".join(f"{c} = mma_fill(0.0f)" for c in accs) + ";")
        w(f"""
  int cur = 0;         // the stage step kt reads
  int pre = {dist % slots};         // the {'stage' if split == 1 else 'slot'} step kt + {dist} fills
  for (int kt = 0; kt < steps; kt++) {{
    // Step kt's group has landed ({dist - 1} younger ones may be in flight); the
    // fence makes this work-item's copies visible to wgmma, the barrier
    // everyone's, and every warp group is done with the stage refilled next.
    async_wait({dist - 1});
    wgmma_fence();
    barrier();
    if (kt + {dist} < steps) {{
      int k0 = (kt + {dist}) * STEPK;""")
        for line in copies(6, "pre", "k0"):
            w(line)
        w(f"""    }}
    async_commit(); // possibly empty: one group per step keeps the count
    pre = pre + 1 == RING ? 0 : pre + 1;

""" + abase_lines("    ") + """
    cur = cur + 1 == RING ? 0 : cur + 1;""")
        ind = "    "
    for s in range(bks // 16):
        for i, c in enumerate(accs):
            aoff = i * 64 * 64 + s * 16
            if bt:
                boff = s * 16
                w(f"{ind}{c} = wgmma_bt({c}, As, abase + {aoff}, Bs, bbase + {boff});")
            else:
                boff = s * bn * 16
                w(f"{ind}{c} = wgmma({c}, As, abase + {aoff}, Bs, bbase + {boff});")
    w(f"""{ind}wgmma_commit();
{ind}wgmma_wait({wait});""")
    if persistent:
        w("""    }
    // wgmma_store waits for every group first; the next tile's first
    // stages are already loading.""")
        for i, c in enumerate(accs):
            w(f"    wgmma_store(C, bm + wg * {64 * mtiles} + {64 * i}, bn, N, {c});")
        w("  }")
    else:
        w(f"""  }}
  wgmma_wait(0);
""")
        for i, c in enumerate(accs):
            w(f"  wgmma_store(C, bm + wg * {64 * mtiles} + {64 * i}, bn, N, {c});")
    w("}")
    return ("\n".join(o).replace("STEPK", "BKS" if split > 1 else "BK")
            .replace("RING", "SLOTS" if split > 1 else "STAGES") + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bn", type=int, default=256)
    p.add_argument("--wgs", type=int, default=2)
    p.add_argument("--mtiles", type=int, default=1)
    p.add_argument("--stages", type=int, default=4)
    p.add_argument("--wait", type=int, default=1)
    p.add_argument("--bt", action="store_true")
    p.add_argument("--group", type=int, default=0,
                   help="tile order in groups of this many block rows (0: row-major)")
    p.add_argument("--split", type=int, default=1,
                   help="fill and read each 64-wide stage in this many steps")
    p.add_argument("--persistent", action="store_true",
                   help="a fixed grid looping over the tiles")
    p.add_argument("-o", "--output")
    a = p.parse_args()
    text = generate(a.bn, a.wgs, a.mtiles, a.stages, a.wait, a.bt, a.group,
                    a.persistent, a.split)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
