#!/usr/bin/env bash
# Builds what bench/gpu/run-device.sh needs into DEST (default .devcarry/,
# ignored): kgpu-run, libkgpu_runtime.so, the bundles of the benchmark
# kernels, and a copy of bench/gpu in DEST/repo, so that the table runs from
# the pack alone:
#   bench/gpu/prepare.sh .devcarry/perf13c                       (here)
#   cd .devcarry/perf13c/repo && PART=cuda bench/gpu/run-device.sh .. OUT/t1
#   cd .devcarry/perf13c/repo && PART=vulkan,cpu bench/gpu/run-device.sh .. OUT/t2
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${1:-$root/.devcarry}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
for k in saxpy mandelbrot sgemm_tiled; do
  "$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
for k in transpose_local histogram_global; do
  "$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
for k in saxpy_pf reduce; do
  "$build/bin/kgpu-translate" "$root/bench/gpu/kernels/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
# Exact-mode floating point on every target (exact-mandelbrot.sh).
for mode in off on; do
  "$build/bin/kgpu-translate" "$root/bench/gpu/mandelbrot_exact.kgc" \
    --fp-contract=$mode -o "$dest/bundles/mandelbrot_exact_$mode.kgpu"
done
mkdir -p "$dest/repo/bench/gpu"
cp "$root"/bench/gpu/{run-device.sh,native.cu,triton_saxpy.py,torch_reduce.py,cpu_ref.c,compare.py,table.py} \
  "$dest/repo/bench/gpu/"
du -sh "$dest"
