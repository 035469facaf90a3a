#!/usr/bin/env bash
# Builds what bench/gpu/pf-variants-device.sh needs into DEST:
#   bench/gpu/pf-variants-prepare.sh DEST
# kgpu-run, the runtime, bench/gpu's scripts, and the parallel-for saxpy
# lowered with 4, 8 and 16 contiguous iterations per work-item
# (--kgpu-lower-parallel-loops=vector-width=W through kgpu-opt; such bundles
# are ND-range kernels, so the device script gives the grid) and as shipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="$1"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/repo/bench/gpu"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
cp "$root"/bench/gpu/{pf-variants-device.sh,triton_saxpy.py} "$dest/repo/bench/gpu/"
src="$root/bench/gpu/kernels/saxpy_pf.kgc"
"$build/bin/kgpu-translate" "$src" -o "$dest/bundles/saxpy_pf_default.kgpu"
tmp=$(mktemp -d)
"$build/bin/kgpu-translate" "$src" --emit=kgpu -o "$tmp/saxpy_pf.mlir"
for w in 4 8 16; do
  "$build/bin/kgpu-opt" "$tmp/saxpy_pf.mlir" \
    --kgpu-lower-parallel-loops=vector-width=$w -o "$tmp/w$w.mlir"
  "$build/bin/kgpu-translate" "$tmp/w$w.mlir" --targets=cuda,vulkan \
    -o "$dest/bundles/saxpy_pf_w$w.kgpu"
done
rm -rf "$tmp"
du -sh "$dest"
