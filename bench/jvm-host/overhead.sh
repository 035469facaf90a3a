#!/usr/bin/env bash
# The JVM host's per-execute overhead against the same launch through the C
# API (issue 12's bar: within 2x, and under 20 us on the CPU device for a
# 1-element kernel). Not a test: prints the numbers bench/RESULTS.md records.
#   bench/jvm-host/overhead.sh [CALLS_PER_BATCH [RUNS]]     (after ./scripts/build.sh)
# Builds bench/jvm-host/Overhead.java (JDK 25 javac) and overhead.c (cc
# against build/lib/libkgpu_runtime.so), compiles Overhead::inc into a
# bundle with kgpu-translate (the JVM frontend, --targets=cpu), and runs on
# KGPU_DEVICE (default cpu): the TaskGraph executions (heap float[] copied
# in and out each time; off-heap FloatArray, zero-copy), the FFM binding's
# launch alone, and the C program's kgpu_launch_sync loop. RUNS (default 3)
# alternates the C program and the JVM, so both see the same machine load.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
jdk="${KGPU_JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
n="${1:-20000}"
runs="${2:-3}"
export KGPU_DEVICE="${KGPU_DEVICE:-cpu}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp="$build/java/kgpu-jvm-host.jar:$build/java/kgpu-jvm-api.jar"
"$jdk/bin/javac" -g -parameters -cp "$cp" -d "$work" "$root/bench/jvm-host/Overhead.java"
"$build/bin/kgpu-translate" --targets=cpu "$work/Overhead.class" --kernel 'Overhead::inc' -o "$work/inc.kgpu"
${CC:-cc} -O2 -I"$root/runtime/include" "$root/bench/jvm-host/overhead.c" -o "$work/overhead" \
  -L"$build/lib" -lkgpu_runtime -Wl,-rpath,"$build/lib"
for r in $(seq "$runs"); do
  echo "run $r: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  "$work/overhead" "$work/inc.kgpu" "$n"
  "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -Dkgpu.library.path="$build/lib" \
    -Dkgpu.cache.dir="$work/cache" -cp "$work:$cp" Overhead "$n" "$work/inc.kgpu"
done
