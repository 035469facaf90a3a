#!/usr/bin/env bash
# Builds what bench/gpu/wgmma-device.sh needs into
# ${KGPU_DEVCARRY:-.devcarry/wgmma14} (ignored): copies of wgmma-device.sh and
# hgemm_bench.py, kgpu-run, libkgpu_runtime.so and CUDA (sm_90a) bundles of
# the warp-group MMA GEMM: examples/hgemm/hgemm_wgmma.kgc and the variants
# of WGMMA_VARIANTS (NAME:GEN-FLAGS, written by bench/gpu/hgemm_wgmma_gen.py),
# plus the mma.sync GEMM examples/hgemm/hgemm.kgc for comparison. Records
# ptxas -v (registers, shared memory, spills) of each one's PTX in
# ptxas.txt. The list (bundles/list.txt) has per bundle: name, kernel,
# BM, BN, which B it reads (b: K x N, bt: its transpose) and its grid
# (tiles: one work-group per BM x BN tile; smsP: P per SM, for the
# --persistent variants, whose GEN-FLAGS may end in --per-sm P, default 1).
# WGMMA_MMASYNC=0 leaves the mma.sync GEMM out.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_DEVCARRY:-$root/.devcarry/wgmma14}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
rm -rf "$dest/bundles" "$dest/src"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/src"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp "$root/bench/gpu/wgmma-device.sh" "$root/bench/gpu/hgemm_bench.py" "$dest/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
ptxas="$CUDA_ROOT/bin/ptxas"
[ -x "$ptxas" ] || ptxas=ptxas
: > "$dest/ptxas.txt"
: > "$dest/bundles/list.txt"
# name source kernel BM BN bfile grid
compile() {
  "$build/bin/kgpu-translate" "$2" --targets=cuda --chip=sm_90a \
    -o "$dest/bundles/$1.kgpu"
  "$build/bin/kgpu-translate" "$2" --emit=ptx --chip=sm_90a \
    -o "$dest/src/$1.ptx"
  echo "== $1 (block $4x$5)" | tee -a "$dest/ptxas.txt"
  "$ptxas" -v -arch=sm_90a "$dest/src/$1.ptx" -o /dev/null 2>&1 \
    | tee -a "$dest/ptxas.txt"
  echo "$1 $3 $4 $5 $6 ${7:-tiles}" >> "$dest/bundles/list.txt"
}
if [ "${WGMMA_MMASYNC:-1}" != 0 ]; then
  compile mmasync-256x128 "$root/examples/hgemm/hgemm.kgc" hgemm 256 128 b
fi
compile wgmma-128x256-s4 "$root/examples/hgemm/hgemm_wgmma.kgc" hgemm 128 256 b
for v in ${WGMMA_VARIANTS:-}; do
  name=${v%%:*} flags=${v#*:} grid=tiles
  case "$flags" in
    *--persistent*)
      grid=sms1
      case "$flags" in *--per-sm,*) grid=sms${flags##*--per-sm,}
                                    flags=${flags%,--per-sm,*} ;; esac ;;
  esac
  # shellcheck disable=SC2086
  python3 "$root/bench/gpu/hgemm_wgmma_gen.py" ${flags//,/ } \
    -o "$dest/src/$name.kgc"
  bm=$(sed -n 's/^const int BM = \([0-9]*\);/\1/p' "$dest/src/$name.kgc")
  bn=$(sed -n 's/^const int BN = \([0-9]*\);/\1/p' "$dest/src/$name.kgc")
  kernel=hgemm bfile=b
  case "$flags" in *--bt*) kernel=hgemm_bt bfile=bt ;; esac
  compile "$name" "$dest/src/$name.kgc" "$kernel" "$bm" "$bn" "$bfile" "$grid"
done
du -sh "$dest"
