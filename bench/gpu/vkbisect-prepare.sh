#!/usr/bin/env bash
# Builds what bench/gpu/vkbisect-device.sh needs into DEST (default
# .devcarry/vk13): kgpu-run and libkgpu_runtime.so of this build, the saxpy,
# parallel-for saxpy, reduction, transpose, histogram, Mandelbrot and SGEMM
# bundles, kgpu's saxpy SPIR-V taken out of its bundle with
# its interface (bundle_payload.py), vkprobe-mem and the device script.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${1:-$root/.devcarry/vk13}"
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/inc"
glslangValidator -V --vn kSaxpySpv "$root/bench/gpu/vkprobe-saxpy.comp" \
  -o "$dest/inc/vkprobe_saxpy_spv.h" > /dev/null
g++ -O2 -std=c++17 -I"$dest/inc" -I"$root/runtime/vulkan" \
  "$root/bench/gpu/vkprobe-mem.cpp" -ldl -o "$dest/bin/vkprobe-mem"
rm -rf "$dest/inc"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
"$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/saxpy.kgc" \
  -o "$dest/bundles/saxpy.kgpu"
for k in reduce saxpy_pf; do
  "$build/bin/kgpu-translate" "$root/bench/gpu/kernels/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
for k in transpose_local histogram_global mandelbrot sgemm_tiled; do
  "$build/bin/kgpu-translate" "$root/test/Frontend/KGC/corpus/$k.kgc" \
    -o "$dest/bundles/$k.kgpu"
done
python3 "$root/bench/gpu/bundle_payload.py" "$dest/bundles/saxpy.kgpu" saxpy \
  "$dest/saxpy.spv" > "$dest/saxpy.iface"
cp "$root/bench/gpu/vkbisect-device.sh" "$dest/"
du -sh "$dest"
