#!/usr/bin/env bash
# Configures and builds kgpu into ${KGPU_BUILD_DIR:-build} with Ninja.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
jobs="${KGPU_JOBS:-$(nproc)}"

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
fi
ninja -C "$build" -j "$jobs" "$@"
