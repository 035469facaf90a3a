#!/usr/bin/env bash
# Configures and builds kgpu into ${KGPU_BUILD_DIR:-build} with Ninja.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
jobs="${KGPU_JOBS:-$(nproc)}"

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  # ccache, where installed, makes rebuilds and extra worktrees cheap; the
  # build does not need it.
  if command -v ccache >/dev/null 2>&1 && [ "${KGPU_CCACHE:-1}" != 0 ]; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir "${launcher[@]}"
fi
ninja -C "$build" -j "$jobs" "$@"
