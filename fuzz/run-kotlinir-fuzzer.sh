#!/usr/bin/env bash
# Builds the Kotlin IR dump reader's fuzzer with clang++-22 (libFuzzer + ASan
# + UBSan) and runs it for a bounded number of runs (default 1000000),
# seeded with the hand-written dumps of test/Frontend/KotlinIR/Inputs
# (cut from what kotlinc 2.4.21 writes) and its fuzz-seeds (malformed and
# older-format lines). Exits non-zero if the fuzzer reports a crash, leak,
# timeout, out-of-memory or sanitizer error.
#
# Usage: fuzz/run-kotlinir-fuzzer.sh [runs]
# Environment: CXX (default clang++-22), LLVM_CONFIG (default llvm-config-22),
#              KOTLINIR_FUZZ_WORKDIR (default /tmp/kotlinir-fuzz).
set -euo pipefail

runs="${1:-1000000}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
cxx="${CXX:-clang++-22}"
llvm_config="${LLVM_CONFIG:-llvm-config-22}"
workdir="${KOTLINIR_FUZZ_WORKDIR:-/tmp/kotlinir-fuzz}"

mkdir -p "$workdir/corpus" "$workdir/artifacts"
bin="$workdir/kotlinir_fuzzer"

# shellcheck disable=SC2046
"$cxx" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -g -O1 -I "$repo/include" $("$llvm_config" --cxxflags) -fno-rtti \
  "$repo/lib/Frontend/KotlinIR/Dump.cpp" "$repo/fuzz/kotlinir_fuzzer.cpp" \
  $("$llvm_config" --ldflags) -lLLVM-22 \
  -Wl,-rpath,"$("$llvm_config" --libdir)" -o "$bin"

seeds="$workdir/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
cp "$repo"/test/Frontend/KotlinIR/Inputs/*.ir "$seeds"/ 2>/dev/null || true
cp "$repo"/test/Frontend/KotlinIR/*.ir "$seeds"/ 2>/dev/null || true

status=0
"$bin" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -print_final_stats=1 -artifact_prefix="$workdir/artifacts/" \
  "$workdir/corpus" "$seeds" \
  "$repo/test/Frontend/KotlinIR/Inputs/fuzz-seeds" || status=$?

if [ "$status" -ne 0 ]; then
  echo "Kotlin IR fuzzer FAILED (exit $status); artifacts in $workdir/artifacts" >&2
  exit "$status"
fi
echo "Kotlin IR fuzzer: $runs runs, no crash"
