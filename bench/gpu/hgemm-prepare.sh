#!/usr/bin/env bash
# Builds what bench/gpu/hgemm-device.sh needs into ${KGPU_DEVCARRY:-.devcarry/hgemm}
# (ignored): copies of hgemm-device.sh and hgemm_bench.py, kgpu-run, libkgpu_runtime.so and the CUDA bundle of
# examples/hgemm/hgemm.kgc; prints ptxas -v (registers, shared memory,
# spills) of its PTX for sm_90a into .devcarry/hgemm/ptxas.txt.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_DEVCARRY:-$root/.devcarry/hgemm}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp "$root/bench/gpu/hgemm-device.sh" "$root/bench/gpu/hgemm_bench.py" "$dest/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
src="$root/examples/hgemm/hgemm.kgc"
"$build/bin/kgpu-translate" "$src" --targets=cuda --chip=sm_90a \
  -o "$dest/bundles/hgemm.kgpu"
"$build/bin/kgpu-translate" "$src" --emit=ptx --chip=sm_90a \
  -o "$dest/hgemm.ptx"
ptxas=ptxas
command -v ptxas >/dev/null 2>&1 || ptxas="$CUDA_ROOT/bin/ptxas"
[ -x "$ptxas" ] || ptxas=/usr/local/cuda/bin/ptxas
"$ptxas" -v -arch=sm_90a "$dest/hgemm.ptx" -o /dev/null 2>&1 \
  | tee "$dest/ptxas.txt"
du -sh "$dest"
