#!/usr/bin/env bash
# Builds what bench/gpu/hgemm-device.sh needs into ${KGPU_DEVCARRY:-.devcarry/hgemm}
# (ignored): copies of hgemm-device.sh and hgemm_bench.py, kgpu-run,
# libkgpu_runtime.so and CUDA bundles of the tensor-core GEMM: examples/hgemm/hgemm.kgc
# (bundles/hgemm.kgpu) and, with HGEMM_VARIANTS (a space-separated list of
# BMxBNxBK-sSTAGES-wWARPS_M, e.g. "128x256x32-s4-w2 256x128x32-s4-w4"),
# those variants written by bench/gpu/hgemm_gen.py
# (bundles/hgemm-VARIANT.kgpu). Prints ptxas -v (registers, shared memory,
# spills) of each one's PTX for sm_90a into .devcarry/hgemm/ptxas.txt.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_DEVCARRY:-$root/.devcarry/hgemm}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
rm -rf "$dest/bundles" "$dest/src"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/src"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp "$root/bench/gpu/hgemm-device.sh" "$root/bench/gpu/hgemm_bench.py" "$dest/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
ptxas=ptxas
command -v ptxas >/dev/null 2>&1 || ptxas="$CUDA_ROOT/bin/ptxas"
[ -x "$ptxas" ] || ptxas=/usr/local/cuda/bin/ptxas
: > "$dest/ptxas.txt"
# name source BM BN
compile() {
  local name=$1 src=$2
  "$build/bin/kgpu-translate" "$src" --targets=cuda --chip=sm_90a \
    -o "$dest/bundles/$name.kgpu"
  "$build/bin/kgpu-translate" "$src" --emit=ptx --chip=sm_90a \
    -o "$dest/src/$name.ptx"
  echo "== $name (block $3x$4)" | tee -a "$dest/ptxas.txt"
  "$ptxas" -v -arch=sm_90a "$dest/src/$name.ptx" -o /dev/null 2>&1 \
    | tee -a "$dest/ptxas.txt"
  echo "$name $3 $4" >> "$dest/bundles/list.txt"
}
src="$root/examples/hgemm/hgemm.kgc"
bm=$(sed -n 's/^const int BM = \([0-9]*\);/\1/p' "$src")
bn=$(sed -n 's/^const int BN = \([0-9]*\);/\1/p' "$src")
compile hgemm "$src" "$bm" "$bn"
# A variant ending in -c is --compute-only (timing only).
for v in ${HGEMM_VARIANTS:-}; do
  IFS='x-' read -r vbm vbn vbk vs vw vc <<<"$v"
  python3 "$root/bench/gpu/hgemm_gen.py" --bm "$vbm" --bn "$vbn" --bk "$vbk" \
    --stages "${vs#s}" --warps-m "${vw#w}" ${vc:+--compute-only} \
    -o "$dest/src/hgemm-$v.kgc"
  compile "hgemm-$v" "$dest/src/hgemm-$v.kgc" "$vbm" "$vbn"
done
for extra in ${HGEMM_EXTRA:-}; do # name=path.kgc:BMxBN
  name=${extra%%=*} rest=${extra#*=}
  path=${rest%%:*} tile=${rest##*:}
  compile "$name" "$path" "${tile%x*}" "${tile#*x}"
done
du -sh "$dest"
