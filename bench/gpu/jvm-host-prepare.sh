#!/usr/bin/env bash
# Builds what bench/gpu/jvm-host-device.sh needs into .devcarry/jvmhost
# (ignored): the examples' kernels timed through the JVM host on a machine
# without Java (the H200), against the same bundles launched by kgpu-run.
#   bench/gpu/jvm-host-prepare.sh        (after ./scripts/build.sh)
# One archive, .devcarry/jvmhost/jvmhost.tar.xz, holding:
#   jre/      a jlink'd JRE of the JDK 25: java.base only (what the host
#             jar, the API jar, the Kotlin jars and the Groovy classes need to
#             run; checked below), --strip-debug --no-man-pages
#             --no-header-files --compress zip-9;
#   jars/     kgpu-jvm-host, kgpu-jvm-api, kgpu-kotlin-host, the Kotlin
#             stdlib and the Groovy runtime (the Groovy classes load it);
#   classes/  the examples' classes as CMake built them (examples/jvm), with
#             their kernels as class-path bundles built here by
#             kgpu-translate (META-INF/kgpu/<Class>.kgpu: cuda, vulkan, cpu;
#             the Kotlin ones' kernels/NAME.kgpu as the build made them),
#             and JvmHostBench (bench/gpu/jvm-host/JvmHostBench.java);
#   lib/      libkgpu_runtime.so only: with every kernel a bundle on the
#             class path the host never loads libkgpu_compiler (checked
#             below on the CPU device with this JRE and this lib/ alone);
#   bin/      kgpu-run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
jdk="${KGPU_JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
tools="${KGPU_JVM_TOOLS_DIR:-/opt/kgpu/jvm}"
dest="$root/.devcarry/jvmhost"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
s="$stage/jvmhost"
mkdir -p "$s/bin" "$s/lib" "$s/jars" "$s/classes/META-INF/kgpu"
"$jdk/bin/jlink" --add-modules java.base --strip-debug --no-man-pages --no-header-files \
  --compress zip-9 --output "$s/jre"
cp "$build/bin/kgpu-run" "$s/bin/"
cp -L "$build/lib/libkgpu_runtime.so" "$s/lib/"
cp "$build/java/kgpu-jvm-host.jar" "$build/java/kgpu-jvm-api.jar" "$s/jars/"
cp "$(find "$build/kotlin" -name 'kgpu-kotlin-host.jar' | head -1)" "$s/jars/"
cp "$tools/kotlinc-2.4.21/kotlin-stdlib-2.4.21.jar" "$tools/groovy-6.0.0/groovy-6.0.0.jar" "$s/jars/"
ex="$build/examples/jvm"
for name in tornado-matmul tornado-reduction groovy-vadd groovy-mandelbrot kotlin-saxpy kotlin-mandelbrot; do
  cp -r "$ex/$name.d/classes/." "$s/classes/"
done
t="$build/bin/kgpu-translate"
for k in TiledMxM::matMulTiled ReductionSum::sum VectorAdd::vectorAdd Mandelbrot::mandel; do
  "$t" --targets=cuda,vulkan,cpu "$s/classes/${k%%::*}.class" --kernel "$k" -o "$s/classes/META-INF/kgpu/${k%%::*}.kgpu"
done
cp="$s/jars/kgpu-jvm-host.jar:$s/jars/kgpu-jvm-api.jar:$s/jars/kgpu-kotlin-host.jar:$s/jars/kotlin-stdlib-2.4.21.jar:$s/jars/groovy-6.0.0.jar"
"$jdk/bin/javac" -g -cp "$s/classes:$cp" -d "$s/classes" "$root/bench/gpu/jvm-host/JvmHostBench.java"
cp "$root/bench/gpu/jvm-host-device.sh" "$s/"
# The check: this JRE, lib/ without libkgpu_compiler, the CPU device, small
# sizes; nothing may be compiled (-Dkgpu.log=compile says where each kernel
# came from).
KGPU_DEVICE=cpu SMALL=1 bash "$s/jvm-host-device.sh" "$s" "$stage/check" cpu
grep -q "kgpu: compiled" "$stage/check/results.txt" && { echo "a kernel was compiled at run time" >&2; exit 1; }
mkdir -p "$dest"
tar -cJf "$dest/jvmhost.tar.xz" -C "$stage" jvmhost
du -sh "$s" "$s/jre" "$dest/jvmhost.tar.xz"
