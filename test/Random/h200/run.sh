#!/bin/sh
# The differential tests on a GPU's Vulkan driver (the NVIDIA H200), for
# comparison with lavapipe (docs/difftest.md):
#   test/Random/h200/run.sh BUILD [SEEDS] [OUTDIR]
# BUILD: a kgpu build (bin/kgpu-translate, bin/kgpu-run, lib/libkgpu_runtime.so)
# of the same commit, or the folder h200/pack.sh makes (unpacked here on
# first use); needs python3 and gcc. SEEDS: difftest's bundles
# (default 1:21: the CI seeds and 10 more, 2,000 kernels); OUTDIR (default a
# temporary folder) gets outcomes.json, difftest.log and reduced.tar (with
# REDUCE=1: every failing kernel reduced at once after the campaign, with
# its SPIR-V, NAME.pkl for difftest.py --rerun and its known NVIDIA pattern;
# RBATCH, RJOBS, BUDGET, RDEADLINE: candidates per bundle (16), reductions
# at once (32), seconds per kernel (100), seconds for all (90)). Environment: JOBS (default nproc),
# DEADLINE (seconds after which difftest starts no new bundle; 0: none),
# STEPS (default "1234": which of the steps below to run; 5 and 6 on
# request), ONLY (step 6: SEED:K,... kernels to reduce), BUDGET (step 6:
# seconds of reduction per kernel, default 100), DTFLAGS (step 4: more
# difftest flags, e.g. --no-cpu), CUDA=1 (step 4: the CUDA target too). Prints:
#  1. `vulkan devices`: which device `vulkan` is (it must be the NVIDIA one);
#  2. the 9 values of Inputs/sext_compare.kgc on Vulkan and on the CPU; both
#     must be 0 0 0 1 0 1 0 0 fedcba9876543211 (lavapipe 22.3 gave 1 for the
#     first three before kgpu's workaround);
#  3. Inputs/half_round.kgc: "PASS: 256 elements" on Vulkan; then
#     Inputs/loop_atomic.kgc: eight 0000000000000001 (lavapipe gives 0s);
#  4. difftest over the CI seeds (1,000 kernels) and 1,000 more, on the
#     NVIDIA driver: the counts per outcome. Expected: no mismatch-*, crash-*
#     or compile-error; vulkan-fp-special may be non-zero (NaN/infinity/
#     subnormal handling that Vulkan leaves to the driver); k2_42 and k3_57
#     show as known-mismatch-vulkan only if NVIDIA has lavapipe's bug too
#     (pass --known /dev/null to see them plainly).
#  5. probe64.py: 64-bit division and remainder over 8,192 operand pairs,
#     the CPU target against Vulkan (each differing operation, operands);
#  7. nv64.sh: the smallest NVIDIA reproductions and their variants;
#  8. with pack.sh's WBIN (bin/kgpu-translate-w, a candidate workaround):
#     the failures of step 4 (outcomes.json), the reduced kernels (--rerun)
#     and nv64.sh again, compiled by it (OUTDIR/workaround.log);
#  6. the kernels ONLY, every difference listed (--detail), each reduced
#     at once (--reduce-jobs, Vulkan target only) while Vulkan still
#     differs from C; OUTDIR/reduced.tar gets them (NAME.kgc's header
#     lists the reduced kernel's differences, from two runs).
set -u
build=$(cd "${1:?usage: run.sh BUILD [SEEDS] [OUTDIR]}" && pwd)
seeds=${2:-1:21}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
outdir=${3:-$tmp}
mkdir -p "$outdir"
steps=${STEPS:-1234}
# the folder pack.sh makes: unpack it once (python's lzma: no xz needed)
for f in "$build"/bin/*.xz "$build"/lib/*.xz "$build"/deps/*.so*.xz; do
  [ -f "$f" ] && [ ! -f "${f%.xz}" ] && python3 -c "import lzma, shutil, sys
shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], 'wb'))" "$f" "${f%.xz}" &&
    chmod +x "${f%.xz}"
done
if [ -f "$build/deps/other.tar.xz" ] && [ ! -f "$build/deps/.other" ]; then
  python3 -c "import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" \
    "$build/deps/other.tar.xz" "$build" && touch "$build/deps/.other"
fi
# CUDA=1: the CUDA target too (difftest --cuda), compiled with the machine's
# CUDA toolkit (ptxas and libdevice: CUDA_ROOT, else the folder above the
# ptxas on PATH, else /usr/local/cuda) and run on its first CUDA device
cuda=""
if [ "${CUDA:-0}" = 1 ]; then
  cuda="--cuda"
  if [ -z "${CUDA_ROOT:-}" ]; then
    p=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
    CUDA_ROOT=$(dirname "$(dirname "$p")"); export CUDA_ROOT
  fi
  echo "CUDA_ROOT=$CUDA_ROOT ($("$CUDA_ROOT/bin/ptxas" --version | tail -1))"
fi
T=$build/bin/kgpu-translate
R=$build/bin/kgpu-run
case $steps in *1*)
echo "== 1. devices"; $R --devices ;; esac
case $steps in *2*)
echo "== 2. sext_compare"
$T "$here/Inputs/sext_compare.kgc" --targets=cpu,vulkan -o "$tmp/s.kgpu"
for d in vulkan cpu; do
  $R "$tmp/s.kgpu" --device $d --kernel sext_compare --arg n=4096 --arg out=zeros:9 \
     --grid 1 --local 1 --out out="$tmp/s.$d" >/dev/null
  echo "$d: $(od -An -v -tx8 -w8 "$tmp/s.$d" | tr -s ' \n' ' ')"
done
echo "== 3. half_round"
$T "$here/Inputs/half_round.kgc" --targets=vulkan -o "$tmp/h.kgpu"
gcc -O1 "$here/Inputs/half_round.c" -o "$tmp/h.ref" -lm
"$tmp/h.ref" gen "$tmp/h"
$R "$tmp/h.kgpu" --device vulkan --kernel half_round --arg in=@"$tmp/h.in" \
   --arg ind=@"$tmp/h.ind" --arg ini=@"$tmp/h.ini" --arg out=zeros:256 \
   --arg outd=zeros:256 --arg outi=zeros:256 --grid 4 --local 64 \
   --out out="$tmp/h.out" --out outd="$tmp/h.outd" --out outi="$tmp/h.outi" >/dev/null
"$tmp/h.ref" check "$tmp/h"
echo "== 3b. loop_atomic: expect 8 times 0000000000000001 (lavapipe 22.3: 0)"
$T "$here/Inputs/loop_atomic.kgc" --targets=vulkan -o "$tmp/l.kgpu"
$R "$tmp/l.kgpu" --device vulkan --kernel loop_atomic --arg in=@"$here/Inputs/loop_atomic.in" \
   --arg atom=zeros:8 --arg s0=7 --arg out=zeros:64 --grid 1 --local 64 --out out="$tmp/l.out" >/dev/null
od -An -v -tx8 -w8 -N64 "$tmp/l.out" | tr -s ' \n' ' '; echo
;; esac
case $steps in *4*)
echo "== 4. difftest (the system's Vulkan driver), seeds $seeds"
red=""
# REDUCE=1: every failure reduced at once after the campaign (a mismatch-vulkan
# on the Vulkan target only), RBATCH candidates a bundle, all stopping
# RDEADLINE seconds after the first starts; each saved with its SPIR-V
[ "${REDUCE:-0}" = 1 ] && red="--reduce --reduce-vulkan-only --reduce-batch ${RBATCH:-16}
  --reduce-jobs ${RJOBS:-32} --reduce-budget ${BUDGET:-100} --reduce-deadline ${RDEADLINE:-90}
  --spirv --detail --save $tmp/reduced"
PYTHONUNBUFFERED=1 python3 "$here/difftest.py" --build "$build" --seeds "$seeds" --per-bundle 100 ${DTFLAGS:-} $cuda \
  --jobs "${JOBS:-$(nproc)}" --deadline "${DEADLINE:-0}" --vulkan-icd system --work "$tmp/dt" \
  --json "$outdir/outcomes.json" $red 2>&1 | tee "$outdir/difftest.log" | grep -v "^k[0-9]*_[0-9]*: agree"
[ -d "$tmp/reduced" ] && tar -C "$tmp" -cf "$outdir/reduced.tar" reduced
[ -d "$tmp/reduced" ] && grep -h "^// patterns:" "$tmp"/reduced/*.kgc | sort | uniq -c
echo "outcomes: $outdir/outcomes.json"
;; esac
case $steps in *5*)
echo "== 5. probe64"
python3 "$here/h200/probe64.py" "$T" "$R" "$tmp/p64" ;; esac
case $steps in *7*)
echo "== 7. nv64 (every out must be 0 on Vulkan as on the CPU)"
sh "$here/h200/nv64.sh" "$T" "$R" "$tmp/nv64" ;; esac
case $steps in *6*)
echo "== 6. reduce $ONLY"
PYTHONUNBUFFERED=1 python3 "$here/difftest.py" --build "$build" --only "$ONLY" --known /dev/null ${DTFLAGS:-} $cuda \
  --jobs "${JOBS:-$(nproc)}" --vulkan-icd system --work "$tmp/tr" --detail --reduce \
  --reduce-vulkan-only --reduce-jobs 32 --reduce-budget "${BUDGET:-100}" --save "$tmp/reduced" \
  --reduce-batch "${RBATCH:-16}" --reduce-deadline "${RDEADLINE:-0}" --spirv \
  2>&1 | tee "$outdir/triage.log"
tar -C "$tmp" -cf "$outdir/reduced.tar" reduced
;; esac
case $steps in *8*)
if [ -x "$build/bin/kgpu-translate-w" ]; then
echo "== 8. kgpu-translate-w (pack.sh's WBIN): the campaign's failures, their reductions, nv64"
W=$tmp/wbuild; mkdir -p "$W/bin" "$W/lib"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$build/bin/kgpu-translate-w" > "$W/bin/kgpu-translate"
chmod +x "$W/bin/kgpu-translate"
ln -sf "$build/lib/libkgpu_runtime.so" "$W/lib/libkgpu_runtime.so"
fails=${ONLY:-$(python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print(','.join(n[1:].replace('_', ':') for n, o, _ in d['kernels']
               if o.startswith(('mismatch', 'error', 'crash'))))" "$outdir/outcomes.json" 2>/dev/null)}
[ -n "$fails" ] && PYTHONUNBUFFERED=1 python3 "$here/difftest.py" --build "$W" --only "$fails" \
  --known /dev/null --jobs "${JOBS:-$(nproc)}" --vulkan-icd system --work "$tmp/wf" 2>&1 | tee "$outdir/workaround.log"
[ -d "$tmp/reduced" ] && PYTHONUNBUFFERED=1 python3 "$here/difftest.py" --build "$W" --rerun "$tmp/reduced" \
  --known /dev/null --jobs "${JOBS:-$(nproc)}" --vulkan-icd system --work "$tmp/wr" 2>&1 | tee -a "$outdir/workaround.log"
sh "$here/h200/nv64.sh" "$W/bin/kgpu-translate" "$R" "$tmp/nv64w" 2>&1 | tee -a "$outdir/workaround.log"
fi ;; esac
