#!/usr/bin/env bash
# Builds what bench/gpu/kotlin-device.sh needs into .devcarry/kotlin
# (ignored): the Kotlin IR frontend's H200 bar (issue 11). Compiles
# Kernelin's Mandelbrot and the 2D blur of the corpus
# (test/Integration/Kotlin/kernels) with the real kotlinc 2.4.21 and its IR
# dump flags, turns the dump into bundles for CUDA, Vulkan and the CPU with
# kgpu-translate's Kotlin IR frontend, and computes the references here on
# the JVM (the GPU machine has no JVM) with the same functions run by the
# CPU dispatcher (dev.kgpu.kotlin.tools.RunKernel).
#   bench/gpu/kotlin-prepare.sh [--small]     (after ./scripts/build.sh)
# --small: tiny sizes, for trying kotlin-device.sh here on the CPU and
# lavapipe. The references are gzipped (the Mandelbrot's iteration counts
# shrink a lot), so that the carry stays small.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="${KGPU_KOTLIN_CARRY:-$root/.devcarry/kotlin}"
jvm="${KGPU_JVM_TOOLS_DIR:-/opt/kgpu/jvm}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
kotlinc="$jvm/bin/kotlinc"
stdlib="$jvm/kotlinc-2.4.21/kotlin-stdlib-2.4.21.jar"
api="$build/kotlin/kgpu-kotlin.jar"
# Sizes: the Mandelbrot image (W x H, maxIter) and the 2D blur, checked
# against the JVM at BW x BH and timed (CUDA vs Vulkan vs CPU) at TW x TH.
if [ "${1:-}" = --small ]; then
  sizes="MW=96 MH=64 MITER=200 BW=40 BH=24 TW=64 TH=48"
else
  sizes="MW=3840 MH=3200 MITER=1000 BW=1024 BH=1024 TW=8192 TH=8192"
fi
eval "$sizes"
rm -rf "$dest"; mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/ref"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "$sizes" > "$dest/sizes"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
k="$root/test/Integration/Kotlin/kernels"
"$kotlinc" -cp "$api" -d "$work/classes" -java-parameters -nowarn \
  -Xphases-to-dump-before=JvmUpgradeCallableReferences -Xdump-directory="$work/ir" \
  "$k/Mandelbrot.kt" "$k/Blur2d.kt"
dump="$work/ir/main/00_BEFORE.JvmUpgradeCallableReferences.ir"
t="$build/bin/kgpu-translate"
"$t" "$dump" --kernel mandelbrot -o "$dest/bundles/mandelbrot.kgpu"
"$t" "$dump" --kernel blur2d -o "$dest/bundles/blur2d.kgpu"
ref() { java -cp "$api:$stdlib:$work/classes" dev.kgpu.kotlin.tools.RunKernel --parallel "$@"; }
time ref --class MandelbrotKt --kernel mandelbrot --size $((MW * MH)) \
  --arg out=zeros:$((MW * MH)) --arg width=$MW --arg height=$MH --arg maxIter=$MITER \
  --out out="$dest/ref/mandelbrot.bin" > /dev/null
time ref --class Blur2dKt --kernel blur2d --size $BW,$BH \
  --arg src=rand:$((BW * BH)):1 --arg dst=zeros:$((BW * BH)) --arg width=$BW --arg height=$BH \
  --out dst="$dest/ref/blur2d.bin" > /dev/null
gzip -9 "$dest/ref/"*.bin
du -sh "$dest"
