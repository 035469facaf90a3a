#!/usr/bin/env bash
# Builds what bench/gpu/variants-device.sh needs into .devcarry/variants/:
#   bench/gpu/variants-prepare.sh VARIANT_RUNTIME_SO
# VARIANT_RUNTIME_SO: a libkgpu_runtime.so built with the change under test
# (2026-12-02: Vulkan buffers refusing HOST_VISIBLE memory types, see
# bench/RESULTS.md), run beside the current one.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="$root/.devcarry/variants"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/lib-variant" "$dest/bundles"
cp "$build/bin/kgpu-run" "$dest/bin/"
g++ -O2 -std=c++17 "$root/bench/gpu/vkprobe.cpp" -ldl -o "$dest/bin/vkprobe"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
cp -L "$1" "$dest/lib-variant/libkgpu_runtime.so"
"$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/saxpy.kgc" \
  --targets=cuda,vulkan -o "$dest/bundles/saxpy.kgpu"
tmp=$(mktemp -d)
for k in saxpy_pf reduce; do
  src="$root/bench/gpu/kernels/$k.kgc"
  "$build/bin/kgpu-translate" "$src" --targets=cuda,vulkan \
    -o "$dest/bundles/${k}_w4.kgpu"
  # The same kernels lowered one iteration per step (before issue 13).
  "$build/bin/kgpu-translate" "$src" --emit=kgpu -o "$tmp/$k.mlir"
  "$build/bin/kgpu-opt" "$tmp/$k.mlir" \
    --kgpu-lower-parallel-loops=vector-width=1 -o "$tmp/${k}_w1.mlir"
  "$build/bin/kgpu-translate" "$tmp/${k}_w1.mlir" --targets=cuda,vulkan \
    -o "$dest/bundles/${k}_w1.kgpu"
done
rm -rf "$tmp"
du -sh "$dest"
