#!/usr/bin/env bash
# Builds the bundle fuzzer (fuzz/bundle_fuzzer.cpp over libkgpu_runtime's
# sources) with clang++-22 (libFuzzer + ASan + UBSan) and runs it for a
# bounded number of runs (default 1000000), seeded with bundles compiled from
# the kgc corpus and their corruptions (fuzz/make-bundle-seeds.py). Exits
# non-zero if the fuzzer reports a crash, leak, timeout, out-of-memory or
# sanitizer error.
#
# Usage: fuzz/run-bundle-fuzzer.sh KGPU_TRANSLATE [runs]
# Environment: CXX (default clang++-22), LLVM_CONFIG (default llvm-config-22),
#              BUNDLE_FUZZ_WORKDIR (default /tmp/bundle-fuzz).
set -euo pipefail

translate="$1"
runs="${2:-1000000}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
cxx="${CXX:-clang++-22}"
llvm_config="${LLVM_CONFIG:-llvm-config-22}"
workdir="${BUNDLE_FUZZ_WORKDIR:-/tmp/bundle-fuzz}"

mkdir -p "$workdir/corpus" "$workdir/seeds" "$workdir/artifacts"
python3 "$repo/fuzz/make-bundle-seeds.py" "$translate" "$repo" "$workdir/seeds"

# The runtime without the Vulkan headers (that backend reports itself
# unavailable; CUDA finds no driver): the CPU backend and the core.
srcs=("$repo/lib/Bundle/Bundle.cpp")
for f in lib/Manifest.cpp lib/Runtime.cpp lib/SPIRV.cpp lib/Support.cpp \
         cpu/CPUBackend.cpp cuda/CUDABackend.cpp vulkan/VulkanBackend.cpp; do
  srcs+=("$repo/runtime/$f")
done
bin="$workdir/bundle_fuzzer"

# shellcheck disable=SC2046
"$cxx" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -g -O1 -I "$repo/include" -I "$repo/runtime/include" -I "$repo/runtime/lib" \
  $("$llvm_config" --cxxflags) -fexceptions \
  "${srcs[@]}" "$repo/fuzz/bundle_fuzzer.cpp" \
  $("$llvm_config" --ldflags) -lLLVM-22 -ldl -lpthread \
  -Wl,-rpath,"$("$llvm_config" --libdir)" -o "$bin"

status=0
# Kernels run no code here, but the CPU backend dlopens the seeds' libraries.
"$bin" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
  -print_final_stats=1 -artifact_prefix="$workdir/artifacts/" \
  "$workdir/corpus" "$workdir/seeds" || status=$?

if [ "$status" -ne 0 ]; then
  echo "bundle fuzzer FAILED (exit $status); artifacts in $workdir/artifacts" >&2
  exit "$status"
fi
echo "bundle fuzzer: $runs runs, no crash"
