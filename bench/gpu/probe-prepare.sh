#!/usr/bin/env bash
# Builds what bench/gpu/probe-device.sh needs into DEST (default
# .devcarry/probe): the probes, kgpu-run, the runtime, the saxpy bundles
# (saxpy_pf with 4 and 8 contiguous elements per work-item) and the scripts.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${1:-$root/.devcarry/probe}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/inc"
glslangValidator -V --vn kSaxpySpv "$root/bench/gpu/vkprobe-saxpy.comp" \
  -o "$dest/inc/vkprobe_saxpy_spv.h" > /dev/null
g++ -O2 -std=c++17 -I"$dest/inc" "$root/bench/gpu/vkprobe-mem.cpp" -ldl \
  -o "$dest/bin/vkprobe-mem"
cp "$root/bench/gpu/cuprobe-mem.cu" "$root/bench/gpu/probe-device.sh" \
  "$root/bench/gpu/triton_saxpy.py" "$dest/"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
# The benchmark's bundles (bench/gpu/prepare.sh) and a copy of bench/gpu, so
# that the same call can run the whole table after the probes.
for k in saxpy mandelbrot sgemm_tiled transpose_local histogram_global; do
  "$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
for k in saxpy_pf reduce; do
  "$build/bin/kgpu-translate" "$root/bench/gpu/kernels/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
mkdir -p "$dest/repo/bench"
cp -r "$root/bench/gpu" "$dest/repo/bench/"
rm -rf "$dest/repo/bench/gpu/jvm" "$dest/repo/bench/gpu"/results-*
cp "$dest/bundles/reduce.kgpu" "$dest/bundles/reduce_w4.kgpu"
src="$root/bench/gpu/kernels/saxpy_pf.kgc"
cp "$dest/bundles/saxpy_pf.kgpu" "$dest/bundles/saxpy_pf_w4.kgpu"
tmp=$(mktemp -d)
"$build/bin/kgpu-translate" "$src" --emit=kgpu -o "$tmp/k.mlir"
"$build/bin/kgpu-opt" "$tmp/k.mlir" --kgpu-lower-parallel-loops=vector-width=8 \
  -o "$tmp/k8.mlir"
"$build/bin/kgpu-translate" "$tmp/k8.mlir" --targets=cuda,vulkan \
  -o "$dest/bundles/saxpy_pf_w8.kgpu"
rm -rf "$tmp"
du -sh "$dest"
