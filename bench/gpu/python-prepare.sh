#!/usr/bin/env bash
# Builds what bench/gpu/python-device.sh needs into .devcarry/python
# (ignored): kgpu-run and libkgpu_runtime.so from the build, and the example
# bundles (examples/*/*.kgc with every target: PTX + sm_90a cubin, SPIR-V,
# CPU). The GPU machine builds the Python extension itself from python/
# (its Python is 3.12; it has nanobind, scikit-build-core, cmake, ninja) and
# loads these bundles: it compiles nothing, so libkgpu_compiler, libMLIR and
# libLLVM stay here.
#   bench/gpu/python-prepare.sh        (after ./scripts/build.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="$root/.devcarry/python"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
rm -rf "$dest"; mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
# Mandelbrot in exact mode (--fp-contract=off): every target gives the CPU's
# image bit for bit (docs/codegen.md), which python_device.py checks.
for k in saxpy histogram mandelbrot reduction sgemm transpose; do
  mode=on; [ $k = mandelbrot ] && mode=off
  "$build/bin/kgpu-translate" "$root/examples/$k/$k.kgc" --targets=cuda,vulkan,cpu \
    --fp-contract=$mode -o "$dest/bundles/$k.kgpu"
done
du -sh "$dest"
