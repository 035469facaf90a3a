#!/usr/bin/env bash
# Builds what bench/gpu/jvm-device.sh needs into .devcarry/jvm (ignored):
# the JVM frontend benchmark (issue 10's H200 bar). Compiles bench/gpu/jvm's
# Groovy and Java kernels with the real groovyc 6.0.0 and javac 17, turns the
# class files into bundles with kgpu-translate's JVM frontend, builds the kgc
# twins, and computes the references on the JVM here (the GPU machine has no
# JVM): the Mandelbrot image of Mandelbrot.mandelLoops run as plain Groovy
# (the same method as Java semantics define it), and the tiled matrix
# multiplication's C.
#   bench/gpu/jvm-prepare.sh        (after ./scripts/build.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
dest="$root/.devcarry/jvm"
jvm="${KGPU_JVM_TOOLS_DIR:-/opt/kgpu/jvm}"
export CUDA_ROOT="${CUDA_ROOT:-${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}/nvidia/cu13}"
java25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
api="${KGPU_JVM_API_JAR:-$build/java/kgpu-jvm-api.jar}"
groovy_jar="$jvm/groovy-6.0.0/groovy-6.0.0.jar"
rm -rf "$dest"; mkdir -p "$dest/bin" "$dest/lib" "$dest/bundles" "$dest/ref" "$dest/classes"
cp "$build/bin/kgpu-run" "$dest/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$dest/lib/"
src="$root/bench/gpu/jvm"
"$jvm/bin/groovyc" --parameters -cp "$api" -d "$dest/classes" "$src/Mandelbrot.groovy"
javac -g -parameters -cp "$api" -d "$dest/classes" "$src/JvmBench.java"
t="$build/bin/kgpu-translate"
"$t" "$dest/classes" --kernel Mandelbrot::mandel -o "$dest/bundles/groovy_mandel.kgpu"
"$t" "$dest/classes" --kernel Mandelbrot::mandelLoops -o "$dest/bundles/groovy_mandel_loops.kgpu"
"$t" "$dest/classes" --kernel JvmBench::vectorAdd -o "$dest/bundles/java_vadd.kgpu"
"$t" "$dest/classes" --kernel JvmBench::matMulTiled -o "$dest/bundles/java_mxm.kgpu"
for mode in on off; do
  "$t" "$src/vadd.kgc" --fp-contract=$mode -o "$dest/bundles/kgc_vadd_$mode.kgpu"
  "$t" "$src/tiled_mxm.kgc" --fp-contract=$mode -o "$dest/bundles/kgc_mxm_$mode.kgpu"
done
# References on the JVM (Temurin 25: the arrays' MemorySegment storage).
ref() { "$java25" -cp "$api" kgpu.jvm.ReferenceRunner --cp "$dest/classes:$groovy_jar" "$@"; }
time ref --kernel Mandelbrot::mandelLoops --arg out=zeros:$((3840 * 3200)) \
  --arg w=3840 --arg h=3200 --out out="$dest/ref/mandel.bin" > /dev/null
# The work-group executor runs one thread per work-item: 256 x 256 is enough
# for the check; the timed 4096 x 4096 runs are compared with the kgc twin.
n=256
time ref --kernel JvmBench::matMulTiled --arg A=rand:$((n * n)):1 --arg B=rand:$((n * n)):2 \
  --arg C=zeros:$((n * n)) --arg size=$n --grid $((n / 32)),$((n / 32)) --local 32,32 \
  --out C="$dest/ref/mxm256.bin" > /dev/null
du -sh "$dest"
