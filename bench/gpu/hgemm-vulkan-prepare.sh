#!/usr/bin/env bash
# Builds what bench/gpu/hgemm-vulkan-device.sh needs into
# ${KGPU_DEVCARRY:-.devcarry/hgemm-vulkan} (ignored): kgpu-run,
# libkgpu_runtime.so, coopmat-probe (bench/gpu/coopmat-probe.cpp), copies of
# hgemm-device.sh, hgemm_bench.py and hgemm-vulkan-device.sh, and the bundles
# of examples/hgemm/hgemm.kgc (cuda, vulkan) and
# test/Frontend/KGC/corpus/mma_gemm.kgc (cuda, vulkan, cpu). The device run
# carries only the session's own checkout: from a helper's worktree, point
# KGPU_DEVCARRY at an ignored folder of that checkout (e.g. .devcarry/coop14).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_DEVCARRY:-$root/.devcarry/hgemm-vulkan}"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
cp "$root/bench/gpu/hgemm-device.sh" "$root/bench/gpu/hgemm_bench.py" \
  "$root/bench/gpu/hgemm-vulkan-device.sh" "$root/bench/gpu/compare.py" \
  "$dest/"
g++ -O2 -std=c++17 "$root/bench/gpu/coopmat-probe.cpp" -ldl \
  -o "$dest/bin/coopmat-probe"
"$build/bin/kgpu-translate" "$root/examples/hgemm/hgemm.kgc" \
  --targets=cuda,vulkan --chip=sm_90a -o "$dest/bundles/hgemm.kgpu"
"$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/mma_gemm.kgc" \
  --targets=cuda,vulkan,cpu --chip=sm_90a -o "$dest/bundles/mma_gemm.kgpu"
du -sh "$dest"
