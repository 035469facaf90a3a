#!/usr/bin/env bash
# Builds what bench/gpu/coopmat-hgemm-device.sh needs into
# ${KGPU_DEVCARRY:-.devcarry/coopmat-hgemm} (ignored): kgpu-run,
# libkgpu_runtime.so, coopmat-probe (bench/gpu/coopmat-probe.cpp: the
# device's cooperative-matrix shapes, shared-memory limit and bf16
# features), copies of the device script and hgemm_bench.py, and the
# bundles of bundles/list.txt ("NAME DEVICE BM BN" lines, timed at 4096^3):
#   cuda-hgemm       examples/hgemm/hgemm.kgc on CUDA (the CUDA reference:
#                    256x128x64, 3 cp.async stages, 159 KiB dynamic shared)
#   vk-split-w8      hgemm_gen.py --split (128x128x32, 2 stages of their own
#                    arrays, 8 sub-groups of 64x32, m16n16k16, 16-byte
#                    vector tiles) on Vulkan
#   cuda-split-w8    the same bundle on CUDA
#   vk-split-w4      4 sub-groups of 64x64: examples/hgemm/hgemm_vulkan.kgc
#   vk-split-w8-n8   m16n8k16 fragments
#   vk-opaque-w8     vk-split-w8 with --opaque-tiles: the tiles stay halves,
#                    copied 2 bytes at a time (the A/B of kgpu-spirv-vector-tiles)
#   vk-ring-w2       the two-stage ring of hgemm_gen.py's default form
#                    (128x128x32, m16n8k16, the kernel of the 2.288 ms run)
# With COOPMAT_SET=2, instead: vk-split-w4 and cuda-split-w4 (the example
# on both targets), 256x128x16 and 128x256x16 blocks of 8 sub-groups and
# 128x128x16 with 4 stages (all 64x64 warp tiles, within 48 KiB), and
# vk-split-w4 with m16n8k16.
# And bundles/mma_gemm_bf16.kgpu (test/Integration/Inputs/mma_gemm_bf16.mlir:
# a naive bf16 m16n16k16 GEMM, vulkan and cpu). The device run carries only
# the lead's checkout: point KGPU_DEVCARRY at a folder of it
# (e.g. /work/main/.devcarry/coop14b).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_DEVCARRY:-$root/.devcarry/coopmat-hgemm}"
rm -rf "$dest/bundles" "$dest/src"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/src"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
cp "$root/bench/gpu/coopmat-hgemm-device.sh" "$root/bench/gpu/hgemm_bench.py" \
  "$dest/"
g++ -O2 -std=c++17 "$root/bench/gpu/coopmat-probe.cpp" -ldl \
  -o "$dest/bin/coopmat-probe"
translate() { "$build/bin/kgpu-translate" "$@"; }
list="$dest/bundles/list.txt"
: > "$list"
translate "$root/examples/hgemm/hgemm.kgc" --targets=cuda --chip=sm_90a \
  -o "$dest/bundles/cuda-hgemm.kgpu"
echo "cuda-hgemm cuda 256 128" >> "$list"
gen() { # name, hgemm_gen.py arguments
  local name=$1
  shift
  python3 "$root/bench/gpu/hgemm_gen.py" "$@" -o "$dest/src/$name.kgc"
  translate "$dest/src/$name.kgc" --targets=cuda,vulkan --chip=sm_90a \
    -o "$dest/bundles/$name.kgpu"
  translate "$dest/src/$name.kgc" --emit=spirv-asm > "$dest/src/$name.spirv.mlir"
}
split="--bm 128 --bn 128 --bk 32 --stages 2 --split --shape m16n16k16"
if [ "${COOPMAT_SET:-1}" = 2 ]; then
  # The second set: hgemm_vulkan.kgc on both targets, and other blocks of
  # 64x64 warp tiles within 48 KiB (BK = 16).
  gen vk-split-w4 $split --warps-m 2 --warps 4
  cmp "$dest/src/vk-split-w4.kgc" "$root/examples/hgemm/hgemm_vulkan.kgc"
  echo "vk-split-w4 vulkan 128 128" >> "$list"
  cp "$dest/bundles/vk-split-w4.kgpu" "$dest/bundles/cuda-split-w4.kgpu"
  echo "cuda-split-w4 cuda 128 128" >> "$list"
  gen vk-256x128x16-w8 --bm 256 --bn 128 --bk 16 --stages 2 --split \
    --shape m16n16k16 --warps-m 4 --warps 8
  echo "vk-256x128x16-w8 vulkan 256 128" >> "$list"
  gen vk-128x256x16-w8 --bm 128 --bn 256 --bk 16 --stages 2 --split \
    --shape m16n16k16 --warps-m 2 --warps 8
  echo "vk-128x256x16-w8 vulkan 128 256" >> "$list"
  gen vk-128x128x16-s4-w4 --bm 128 --bn 128 --bk 16 --stages 4 --split \
    --shape m16n16k16 --warps-m 2 --warps 4
  echo "vk-128x128x16-s4-w4 vulkan 128 128" >> "$list"
  gen vk-split-w4-n8 --bm 128 --bn 128 --bk 32 --stages 2 --split \
    --shape m16n8k16 --warps-m 2 --warps 4
  echo "vk-split-w4-n8 vulkan 128 128" >> "$list"
else
gen vk-split-w8 $split --warps-m 2 --warps 8
echo "vk-split-w8 vulkan 128 128" >> "$list"
cp "$dest/bundles/vk-split-w8.kgpu" "$dest/bundles/cuda-split-w8.kgpu"
echo "cuda-split-w8 cuda 128 128" >> "$list"
gen vk-split-w4 $split --warps-m 2 --warps 4
cmp "$dest/src/vk-split-w4.kgc" "$root/examples/hgemm/hgemm_vulkan.kgc"
echo "vk-split-w4 vulkan 128 128" >> "$list"
gen vk-split-w8-n8 --bm 128 --bn 128 --bk 32 --stages 2 --split \
  --shape m16n8k16 --warps-m 2 --warps 8
echo "vk-split-w8-n8 vulkan 128 128" >> "$list"
gen vk-opaque-w8 $split --warps-m 2 --warps 8 --opaque-tiles
echo "vk-opaque-w8 vulkan 128 128" >> "$list"
gen vk-ring-w2 --bm 128 --bn 128 --bk 32 --stages 2 --warps-m 2
echo "vk-ring-w2 vulkan 128 128" >> "$list"
fi
translate "$root/test/Integration/Inputs/mma_gemm_bf16.mlir" \
  --targets=vulkan,cpu -o "$dest/bundles/mma_gemm_bf16.kgpu"
# What the vector tiles did: the local arrays' types in each variant.
for f in "$dest"/src/*.spirv.mlir; do
  echo "$(basename "$f" .spirv.mlir): $(grep -c 'vector<4xi32>, Workgroup>' "$f") vector-tile accesses, $(grep -c '!spirv.ptr<f16, Workgroup>' "$f") f16 local accesses"
done | tee "$dest/src/tiles.txt"
du -sh "$dest"
